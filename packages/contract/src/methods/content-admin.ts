import { z } from 'zod';
import {
  byIdInput,
  defineMethod,
  idSchema,
  listInput,
  listResult,
  okResult,
  onlyRoles,
  type MethodDeclaration,
} from '../method.js';
import { Role } from '../roles.js';
import { optionalText, required } from '../validation.js';
import { imageSchema, pageUrlSchema } from './content.js';
import { FORM_FIELD_TYPES, formFieldSchema } from './forms.js';

/**
 * The back office's content editing (decision 120): administrators only, every write audited and its
 * HTML sanitised on the server when saved (and by DOMPurify when shown). The dealer-facing reads
 * (`news/list`, `storage/get`…) stay as docs/spec/06-roles.md has them; these lists also show what is unpublished.
 */

const admins = onlyRoles(Role.ADMINS);

/** Stored HTML (news, pages, FAQ answers, descriptions): sanitised on save, at most `max` characters. */
const html = (max: number) => z.string({ error: 'validation.invalid' }).max(max, { error: 'validation.tooLong' });

/** A link a banner or a picture points to: a path on this site or an https address; empty = none. */
export const linkField = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(1000, { error: 'validation.tooLong' })
  .regex(/^$|^\/(?!\/)[^\s<>"']*$|^https:\/\/[^\s<>"']+$/, { error: 'validation.link' });

/** A picture: an uploaded file (`/upload/content/…`), a path on the site, https, or an inline image. */
export const imageInput = z.strictObject({
  src: z
    .string({ error: 'validation.image' })
    .trim()
    .max(600_000, { error: 'validation.tooLong' })
    .regex(/^\/(?!\/)[^\s<>"']*$|^https:\/\/[^\s<>"']+$|^data:image\/(png|jpeg|webp|svg\+xml)[;,]/, {
      error: 'validation.image',
    }),
  width: z.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1).max(20_000),
  height: z.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1).max(20_000),
});

const sortField = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(0, { error: 'validation.notNegative' })
  .max(1_000_000, { error: 'validation.tooLong' });

/** A calendar day `YYYY-MM-DD`. */
const day = z
  .string({ error: 'validation.date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'validation.date' });

const adminListInput = listInput(z.strictObject({ search: optionalText(100).optional() })).optional();

type AdminList<I extends z.ZodType> = ReturnType<typeof listResult<I>>;
type CreateInput<F extends z.ZodType> = z.ZodObject<{ fields: F }, z.core.$strict>;
type UpdateInput<F extends z.ZodType> = z.ZodObject<{ id: typeof idSchema; fields: F }, z.core.$strict>;
type Crud<N extends string, F extends z.ZodType, I extends z.ZodType> = {
  [K in `${N}/admin-list`]: MethodDeclaration<K, typeof adminListInput, AdminList<I>>;
} & { [K in `${N}/create`]: MethodDeclaration<K, CreateInput<F>, I> } & {
  [K in `${N}/update`]: MethodDeclaration<K, UpdateInput<F>, I>;
} & { [K in `${N}/delete`]: MethodDeclaration<K, typeof byIdInput, typeof okResult> };

/**
 * An administrator's list (unpublished rows too, `filter.search`), create `{fields}`, update `{id, fields}`
 * and delete `{id}` of one kind of content, declared once each.
 */
function crud<const N extends string, F extends z.ZodType, I extends z.ZodType>(
  name: N,
  fields: F,
  item: I,
): Crud<N, F, I> {
  return {
    [`${name}/admin-list`]: defineMethod({
      name: `${name}/admin-list`,
      input: adminListInput,
      result: listResult(item),
      access: admins,
    }),
    [`${name}/create`]: defineMethod({
      name: `${name}/create`,
      input: z.strictObject({ fields }),
      result: item,
      access: admins,
    }),
    [`${name}/update`]: defineMethod({
      name: `${name}/update`,
      input: z.strictObject({ id: idSchema, fields }),
      result: item,
      access: admins,
    }),
    [`${name}/delete`]: defineMethod({ name: `${name}/delete`, input: byIdInput, result: okResult, access: admins }),
  } as Crud<N, F, I>;
}

/* ── News ─────────────────────────────────────────────────────────────────────────────────────────── */

export const newsFields = z.strictObject({
  title: required(300),
  date: day,
  previewText: html(20_000),
  detailText: html(200_000),
  previewImage: imageInput.nullable(),
  detailImage: imageInput.nullable(),
  active: z.boolean({ error: 'validation.invalid' }),
});
export type NewsFields = z.input<typeof newsFields>;
export const newsAdminSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  previewText: z.string(),
  detailText: z.string(),
  previewImage: imageSchema.nullable(),
  detailImage: imageSchema.nullable(),
  active: z.boolean(),
  src: z.string(),
});
export type NewsAdmin = z.infer<typeof newsAdminSchema>;

/* ── Banners ──────────────────────────────────────────────────────────────────────────────────────── */

export const bannerFields = z
  .strictObject({
    name: required(300),
    text: optionalText(2000),
    link: linkField,
    img: imageInput.nullable(),
    sort: sortField,
    active: z.boolean({ error: 'validation.invalid' }),
    /** Shown from this day on (inclusive); null = at once. */
    activeFrom: day.nullable(),
    /** Shown until this day (inclusive); null = for ever. */
    activeTo: day.nullable(),
  })
  .refine((v) => !v.activeFrom || !v.activeTo || v.activeFrom <= v.activeTo, {
    path: ['activeTo'],
    error: 'validation.dateRange',
  });
export type BannerFields = z.input<typeof bannerFields>;
export const bannerAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  text: z.string(),
  link: z.string(),
  img: imageSchema.nullable(),
  sort: z.number().int(),
  active: z.boolean(),
  activeFrom: z.string().nullable(),
  activeTo: z.string().nullable(),
});
export type BannerAdmin = z.infer<typeof bannerAdminSchema>;

/* ── FAQ ──────────────────────────────────────────────────────────────────────────────────────────── */

export const faqFields = z.strictObject({
  question: required(1000),
  answer: html(50_000),
  sort: sortField,
  active: z.boolean({ error: 'validation.invalid' }),
});
export type FaqFields = z.input<typeof faqFields>;
export const faqAdminSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type FaqAdmin = z.infer<typeof faqAdminSchema>;

/* ── Content pages `/{path}` ──────────────────────────────────────────────────────────────────────── */

export const pageFields = z.strictObject({
  url: pageUrlSchema,
  title: required(300),
  content: html(200_000),
  active: z.boolean({ error: 'validation.invalid' }),
});
export type PageFields = z.input<typeof pageFields>;
export const pageAdminSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  content: z.string(),
  active: z.boolean(),
});
export type PageAdmin = z.infer<typeof pageAdminSchema>;

/* ── Warehouses ───────────────────────────────────────────────────────────────────────────────────── */

const coordinate = (min: number, max: number, error: string) =>
  z.number({ error }).min(min, { error }).max(max, { error }).nullable();

export const storageFields = z
  .strictObject({
    name: required(300),
    address: optionalText(1000),
    lat: coordinate(-90, 90, 'validation.latitude'),
    lon: coordinate(-180, 180, 'validation.longitude'),
    working: optionalText(1000),
    description: html(50_000),
    phones: z
      .array(required(40).pipe(z.string().regex(/^\+?[\d\s()-]{6,30}$/, { error: 'validation.phone' })))
      .max(10, {
        error: 'validation.tooMany',
      }),
    emails: z
      .array(required(200).pipe(z.email({ error: 'validation.email' })))
      .max(10, { error: 'validation.tooMany' }),
    preview: imageInput.nullable(),
    gallery: z.array(imageInput).max(20, { error: 'validation.tooMany' }),
    scheme: imageInput.nullable(),
    sort: sortField,
    active: z.boolean({ error: 'validation.invalid' }),
  })
  .refine((v) => (v.lat === null) === (v.lon === null), { path: ['lon'], error: 'validation.coordinatesPair' });
export type StorageFields = z.input<typeof storageFields>;
export const storageAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  working: z.string(),
  description: z.string(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  preview: imageSchema.nullable(),
  gallery: z.array(imageSchema),
  scheme: imageSchema.nullable(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type StorageAdmin = z.infer<typeof storageAdminSchema>;

/* ── Departments and contacts ─────────────────────────────────────────────────────────────────────── */

export const departmentFields = z.strictObject({
  name: required(300),
  /** 0 = a top-level department. */
  parentId: z.number({ error: 'validation.id' }).int().min(0),
  description: optionalText(2000),
  sort: sortField,
});
export type DepartmentFields = z.input<typeof departmentFields>;
export const departmentAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int(),
  description: z.string(),
  sort: z.number().int(),
  contacts: z.number().int(),
});
export type DepartmentAdmin = z.infer<typeof departmentAdminSchema>;

export const contactFields = z.strictObject({
  name: required(300),
  jobTitle: optionalText(300),
  phone: optionalText(40).pipe(z.string().regex(/^$|^\+?[\d\s()-]{6,30}$/, { error: 'validation.phone' })),
  email: optionalText(200).pipe(z.union([z.literal(''), z.email({ error: 'validation.email' })])),
  departmentId: idSchema,
  img: imageInput.nullable(),
  sort: sortField,
});
export type ContactFields = z.input<typeof contactFields>;
export const contactAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  jobTitle: z.string(),
  phone: z.string(),
  email: z.string(),
  departmentId: z.number().int(),
  img: imageSchema.nullable(),
  sort: z.number().int(),
});
export type ContactAdmin = z.infer<typeof contactAdminSchema>;

/* ── Support forms ────────────────────────────────────────────────────────────────────────────────── */

const fieldCode = z
  .string({ error: 'validation.formCode' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { error: 'validation.formCode' });

/** A rule's pattern must compile (the browser and the server both run it, decision 043). */
const regexField = z
  .string({ error: 'validation.regex' })
  .min(1, { error: 'validation.required' })
  .max(500, { error: 'validation.tooLong' })
  .refine(
    (v) => {
      try {
        new RegExp(v, 'u');
        return true;
      } catch {
        return false;
      }
    },
    { error: 'validation.regex' },
  );

export const formFieldInput = z
  .strictObject({
    code: fieldCode,
    type: z.enum(FORM_FIELD_TYPES, { error: 'validation.invalid' }),
    label: required(300),
    /** English texts (decision 148): left out = keep the stored one, empty = none (the Russian one shows). */
    labelEn: optionalText(300).optional(),
    mask: optionalText(100),
    readonly: z.boolean({ error: 'validation.invalid' }),
    options: z
      .array(z.strictObject({ title: required(200), value: required(200), titleEn: optionalText(200).optional() }))
      .max(100, { error: 'validation.tooMany' }),
    rules: z
      .array(z.strictObject({ regex: regexField, message: required(300), messageEn: optionalText(300).optional() }))
      .max(10, { error: 'validation.tooMany' }),
    conditions: z
      .array(z.strictObject({ field: fieldCode, value: z.union([optionalText(200), z.boolean()]) }))
      .max(10, { error: 'validation.tooMany' }),
    value: z.union([optionalText(2000), z.boolean()]).nullable(),
    /** The English text of a readonly field's value. */
    valueEn: optionalText(2000).optional(),
    agreementId: idSchema.nullable(),
  })
  .superRefine((v, ctx) => {
    if ((v.type === 'SELECT' || v.type === 'RADIO') && v.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'validation.optionsRequired' });
    if (v.type === 'AGREEMENT' && v.agreementId === null)
      ctx.addIssue({ code: 'custom', path: ['agreementId'], message: 'validation.required' });
  });
export type FormFieldInput = z.input<typeof formFieldInput>;

export const formFields = z
  .strictObject({
    code: fieldCode,
    title: required(300),
    titleEn: optionalText(300),
    description: optionalText(2000),
    descriptionEn: optionalText(2000).optional(),
    fields: z.array(formFieldInput).max(50, { error: 'validation.tooMany' }),
    sort: sortField,
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.fields.forEach((f, i) => {
      const code = f.type === 'AGREEMENT' ? `AGREEMENT_${f.agreementId ?? ''}` : f.code;
      if (seen.has(code))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'code'], message: 'validation.fieldCodeTaken' });
      seen.add(code);
    });
  });
export type FormFields = z.input<typeof formFields>;

/** The stored English overlay of a form (`FormTranslation`, decision 145): by field code, options by value. */
export const formTranslationSchema = z.object({
  description: z.string().optional(),
  fields: z
    .record(
      z.string(),
      z
        .object({
          label: z.string().optional(),
          value: z.string().optional(),
          options: z.record(z.string(), z.string()).optional(),
          messages: z.array(z.string()).optional(),
        })
        .optional(),
    )
    .optional(),
});
export const formAdminSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  titleEn: z.string(),
  description: z.string(),
  fields: z.array(formFieldSchema),
  translationEn: formTranslationSchema,
  sort: z.number().int(),
  answers: z.number().int(),
});
export type FormAdmin = z.infer<typeof formAdminSchema>;

/* ── Pictures ─────────────────────────────────────────────────────────────────────────────────────── */

export const contentAdminMethods = {
  /** Multipart: one JPEG, PNG or WebP picture; answers its public address and size for an image field. */
  'content-image/upload': defineMethod({
    name: 'content-image/upload',
    input: z.strictObject({}).optional(),
    result: imageSchema,
    access: admins,
    upload: true,
  }),
  ...crud('news', newsFields, newsAdminSchema),
  ...crud('banner', bannerFields, bannerAdminSchema),
  ...crud('faq', faqFields, faqAdminSchema),
  ...crud('page', pageFields, pageAdminSchema),
  ...crud('storage', storageFields, storageAdminSchema),
  ...crud('departments', departmentFields, departmentAdminSchema),
  ...crud('contacts', contactFields, contactAdminSchema),
  ...crud('form', formFields, formAdminSchema),
};
