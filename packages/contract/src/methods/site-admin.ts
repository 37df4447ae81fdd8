import { z } from 'zod';
import { defineMethod, idSchema, onlyRoles } from '../method.js';
import { Role } from '../roles.js';
import { optionalText } from '../validation.js';
import { imageUrl, siteSettingsSchema, supplierInput } from './site.js';

/**
 * The back office's site settings page (decision 120): administrators only. What it saves is what
 * `site/get-main-settings` and every page load read next (the settings are written into each index.html).
 */

const admins = onlyRoles(Role.ADMINS);

/** An e-mail address or nothing. */
const optionalEmail = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(200, { error: 'validation.tooLong' })
  .pipe(z.union([z.literal(''), z.email({ error: 'validation.email' })]));

/** A phone as people write it, or nothing. */
const optionalPhone = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(40, { error: 'validation.tooLong' })
  .regex(/^$|^\+?[\d\s()-]{6,30}$/, { error: 'validation.phone' });

const threshold = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(0, { error: 'validation.notNegative' })
  .max(1_000_000, { error: 'validation.tooLong' });

export const thresholdsInput = z.strictObject({
  priceTypeChangeMin: threshold,
  priceTypeChangeMinTea: threshold,
  priceTypeChangeMinCoffee: threshold,
  teaMinQuantity: threshold,
  coffeeMinQuantity: threshold,
  roundUpCatalog: z.boolean({ error: 'validation.invalid' }),
  roundUpBasket: z.boolean({ error: 'validation.invalid' }),
  teaSections: z.array(idSchema).max(200, { error: 'validation.tooLong' }),
  coffeeSections: z.array(idSchema).max(200, { error: 'validation.tooLong' }),
});

/** A payment method of the portal (pay_systems): the name dealers see and whether they may choose it. */
export const paySystemSettingSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
});

/** A portal price type (price_types). */
export const priceTypeSettingSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
});

/** Where a 1C price type's prices go (decision 095): a portal price type and a payment method (null = every). */
export const priceMappingSettingSchema = z.object({
  id: z.number().int(),
  externalId: z.string(),
  externalName: z.string(),
  priceTypeId: z.number().int().nullable(),
  paySystemId: z.number().int().nullable(),
});

/** The 1C exchange user: its login; the password is never sent back. `source` says where it comes from. */
export const exchangeUserSchema = z.object({
  login: z.string(),
  hasPassword: z.boolean(),
  /** `settings`: set on this page; `environment`: EXCHANGE_LOGIN / EXCHANGE_PASSWORD; `none`: exchange off. */
  source: z.enum(['settings', 'environment', 'none']),
});

export const siteSettingsAdminSchema = z.object({
  settings: siteSettingsSchema,
  paySystems: z.array(paySystemSettingSchema),
  priceTypes: z.array(priceTypeSettingSchema),
  priceMappings: z.array(priceMappingSettingSchema),
  exchange: exchangeUserSchema,
  /**
   * «Общий адрес менеджеров» (decision 227): staff e-mails about a dealer no manager serves go here;
   * empty, to every active employee. Kept out of `settings`, which every visitor's page data carries.
   */
  staffEmail: z.string(),
});
export type SiteSettingsAdmin = z.infer<typeof siteSettingsAdminSchema>;

const basketLinkTemplate = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(300, { error: 'validation.tooLong' })
  .regex(/^(\/(?!\/)|https:\/\/)[^\s<>"']*\{id\}[^\s<>"']*$/, { error: 'validation.basketLinkTemplate' });

/** Everything the page saves, in one transaction. Every field is required: an empty call changes nothing. */
export const siteSettingsInput = z.strictObject({
  siteName: optionalText(200).pipe(z.string().min(1, { error: 'validation.required' })),
  logo: imageUrl,
  /**
   * The header phone of the previous version's page: the one phone is now `supplier.phone` (decision 190).
   * Accepted, checked and not stored, so a page opened before an update still saves.
   */
  phone: optionalPhone.optional(),
  email: optionalEmail,
  feedbackEmail: optionalEmail,
  copyright: optionalText(500),
  basketLinkTemplate,
  supplier: supplierInput,
  thresholds: thresholdsInput,
  /** Days after shipment a dealer may ask for a return (decision 061). */
  returnDays: z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.notNegative' })
    .max(3650, { error: 'validation.tooLong' }),
  /** Minutes a change set of the desk is gathered (decision 195); left out = unchanged. */
  orderTidingsMinutes: z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.notNegative' })
    .max(120, { error: 'validation.tooLong' })
    .optional(),
  /** An employee's largest discount on a line at the desk, per cent (decision 196); left out = unchanged. */
  employeeDiscountLimitPercent: z
    .number({ error: 'validation.number' })
    .min(0, { error: 'validation.notNegative' })
    .max(100, { error: 'validation.tooLong' })
    .optional(),
  /** The general address of the managers (decision 227); left out = unchanged, '' = every employee. */
  staffEmail: optionalEmail.optional(),
  /** The credit rule at checkout (decision 201); left out = unchanged. */
  creditRule: z.enum(['off', 'warn', 'block'], { error: 'validation.invalid' }).optional(),
  paySystems: z
    .array(
      z.strictObject({
        id: idSchema,
        name: optionalText(200).pipe(z.string().min(1, { error: 'validation.required' })),
        description: optionalText(1000),
        active: z.boolean({ error: 'validation.invalid' }),
      }),
    )
    .max(100, { error: 'validation.tooMany' }),
  priceTypes: z
    .array(
      z.strictObject({
        id: idSchema,
        name: optionalText(200).pipe(z.string().min(1, { error: 'validation.required' })),
      }),
    )
    .max(500, { error: 'validation.tooMany' }),
  priceMappings: z
    .array(
      z.strictObject({
        id: idSchema,
        priceTypeId: idSchema.nullable(),
        paySystemId: idSchema.nullable(),
      }),
    )
    .max(500, { error: 'validation.tooMany' }),
  /** The 1C exchange user; an empty password keeps the one stored. An empty login switches the page's user off. */
  exchange: z
    .strictObject({
      login: optionalText(100),
      password: z.string({ error: 'validation.invalid' }).max(200, { error: 'validation.tooLong' }),
    })
    .superRefine((v, ctx) => {
      if (v.login !== '' && v.login.length < 3)
        ctx.addIssue({ code: 'custom', path: ['login'], message: 'validation.loginMin' });
      if (v.password !== '' && v.password.length < 8)
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.exchangePassword' });
    }),
});
export type SiteSettingsInput = z.input<typeof siteSettingsInput>;

export const siteAdminMethods = {
  'site-settings/get': defineMethod({
    name: 'site-settings/get',
    input: z.strictObject({}).optional(),
    result: siteSettingsAdminSchema,
    access: admins,
  }),
  'site-settings/update': defineMethod({
    name: 'site-settings/update',
    input: siteSettingsInput,
    result: siteSettingsAdminSchema,
    access: admins,
  }),
};
