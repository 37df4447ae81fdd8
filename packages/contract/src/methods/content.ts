import { z } from 'zod';
import { byIdInput, defineMethod, idSchema, listInput, listResult, permission, publicAccess } from '../method.js';
import { optionalText } from '../validation.js';

/** An image with its intrinsic size, so the page reserves the space before it loads. */
export const imageSchema = z.object({ src: z.string(), width: z.number().int(), height: z.number().int() });
export type ContentImage = z.infer<typeof imageSchema>;

/** A news item (docs/spec/03-entities.md). `src` is its page; the list leaves detailText empty. */
export const newsSchema = z.object({
  id: z.number().int(),
  src: z.string(),
  /** The page with its share token, `/news/{id}/{token}/`: given to a signed-in reader of the detail only. */
  shareSrc: z.string(),
  date: z.string(),
  isView: z.boolean(),
  title: z.string(),
  previewText: z.string(),
  detailText: z.string(),
  image: z.object({ preview: imageSchema.nullable(), detail: imageSchema.nullable() }),
});
export type News = z.infer<typeof newsSchema>;

/** A share token: letters and digits only, so it can travel in a path segment. */
export const accessKeySchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(64, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9]*$/, { error: 'validation.invalid' });

export const bannerSchema = z.object({
  id: z.number().int(),
  img: imageSchema.nullable(),
  link: z.string(),
  name: z.string(),
  text: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/**
 * A content page address: lower-case path segments of letters, digits, `-` and `_`. A `..`, an encoded
 * character (`%2F`), a backslash or an empty segment is refused before any query runs.
 */
export const pageUrlSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(200, { error: 'validation.tooLong' })
  .transform((v) => v.replace(/^\/+|\/+$/g, ''))
  .pipe(
    z
      .string()
      .regex(/^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/i, { error: 'validation.pagePath' })
      .transform((v) => v.toLowerCase()),
  );

export const contentPageSchema = z.object({ url: z.string(), title: z.string(), content: z.string() });
export type Page = z.infer<typeof contentPageSchema>;

export const faqSchema = z.object({ id: z.number().int(), questionText: z.string(), answerText: z.string() });
export type Faq = z.infer<typeof faqSchema>;

export const departmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 for a top-level department (docs/spec/03-entities.md: parentSectionId defaults to '0'). */
  parentSectionId: z.number().int(),
  description: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  jobTitle: z.string(),
  phone: z.string(),
  email: z.string(),
  sectionId: z.number().int(),
  img: imageSchema.nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const storageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  /** Latitude and longitude, or null when the warehouse has none. */
  coordinate: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  working: z.string(),
  description: z.string(),
  email: z.array(z.string()),
  phone: z.array(z.string()),
  images: z.object({
    preview: imageSchema.nullable(),
    gallery: z.array(imageSchema),
    scheme: imageSchema.nullable(),
  }),
});
export type Storage = z.infer<typeof storageSchema>;

const searchFilter = z.strictObject({ search: optionalText(100).optional() });

export const contentMethods = {
  'news/list': defineMethod({
    name: 'news/list',
    input: listInput(z.strictObject({ search: optionalText(100).optional(), isView: z.boolean().optional() }), [
      'DATE',
      'ID',
    ]).optional(),
    result: listResult(newsSchema),
    access: permission('news', 'fetch'),
  }),
  /** Public: a valid access_key opens a news item without signing in (a link shared by e-mail). */
  'news/get': defineMethod({
    name: 'news/get',
    input: z.strictObject({ id: idSchema, access_key: accessKeySchema.optional() }),
    result: newsSchema,
    access: publicAccess,
  }),
  'banner/list': defineMethod({
    name: 'banner/list',
    input: listInput(z.strictObject({})).optional(),
    result: listResult(bannerSchema),
    access: permission('banner', 'fetch'),
  }),
  'banner/get': defineMethod({
    name: 'banner/get',
    input: byIdInput,
    result: bannerSchema,
    access: permission('banner', 'fetch'),
  }),
  'page/get': defineMethod({
    name: 'page/get',
    input: z.strictObject({ url: pageUrlSchema }),
    result: contentPageSchema,
    access: permission('page', 'fetch'),
  }),
  'faq/list': defineMethod({
    name: 'faq/list',
    input: listInput(searchFilter).optional(),
    result: listResult(faqSchema),
    access: permission('faq', 'fetch'),
  }),
  'departments/list': defineMethod({
    name: 'departments/list',
    input: listInput(z.strictObject({})).optional(),
    result: listResult(departmentSchema),
    access: permission('contacts', 'fetch'),
  }),
  'departments/get': defineMethod({
    name: 'departments/get',
    input: byIdInput,
    result: departmentSchema,
    access: permission('contacts', 'fetch'),
  }),
  'contacts/list': defineMethod({
    name: 'contacts/list',
    input: listInput(
      z.strictObject({ sectionId: idSchema.optional(), search: optionalText(100).optional() }),
    ).optional(),
    result: listResult(contactSchema),
    access: permission('contacts', 'fetch'),
  }),
  'contacts/get': defineMethod({
    name: 'contacts/get',
    input: byIdInput,
    result: contactSchema,
    access: permission('contacts', 'fetch'),
  }),
  'storage/list': defineMethod({
    name: 'storage/list',
    input: listInput(z.strictObject({})).optional(),
    result: listResult(storageSchema),
    access: permission('storage', 'fetch'),
  }),
  'storage/get': defineMethod({
    name: 'storage/get',
    input: byIdInput,
    result: storageSchema,
    access: permission('storage', 'fetch'),
  }),
};
