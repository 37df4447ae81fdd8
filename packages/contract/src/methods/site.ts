import { z } from 'zod';
import { defineMethod, publicAccess } from '../method.js';
import { checkAccount, checkBik, checkCorrAccount, checkInn, checkKpp, checkOgrn } from '../schemas/requisites.js';
import { optionalText } from '../validation.js';

/** A signer of the supplier's documents: the bill's «Руководитель», «Главный бухгалтер» (docs/spec/03-entities.md Bill). */
export const supplierSignerSchema = z.object({
  position: z.string(),
  name: z.string(),
  /** Image of the signature (a URL, like the logo); empty = a line to sign by hand. */
  signature: z.string(),
});

/**
 * The supplier's requisites (decision 063): the one place the footer, the bill and the printed order read
 * them from. Part of the site settings; the administrator edits them on the settings page (decision 120).
 */
export const supplierSchema = z.object({
  /** Full legal name, e.g. «ООО «ТехЗапчасть»». */
  name: z.string(),
  inn: z.string(),
  kpp: z.string(),
  ogrn: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  bank: z.string(),
  bik: z.string(),
  account: z.string(),
  corrAccount: z.string(),
  /** VAT rate of the bill, per cent (0 = without VAT). */
  vatRate: z.number(),
  /** Image of the stamp (a URL, like the logo); empty = a seal drawn from the name and ИНН. */
  stamp: z.string(),
  signers: z.array(supplierSignerSchema),
});
export type Supplier = z.infer<typeof supplierSchema>;

/** An image a setting points at: a path on this site, an https address or an inline image; empty = none. */
export const imageUrl = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(200_000, { error: 'validation.tooLong' })
  .regex(/^$|^\/(?!\/)|^https:\/\/|^data:image\/(png|jpeg|webp|svg\+xml);base64,/, { error: 'validation.invalid' });
const requisite = z.string({ error: 'validation.invalid' }).trim().max(32, { error: 'validation.tooLong' });

/** What the settings page sends for the supplier: the same fields, requisites checked with their check digits. */
export const supplierInput = z
  .strictObject({
    name: optionalText(300),
    inn: requisite,
    kpp: requisite,
    ogrn: requisite,
    address: optionalText(1000),
    /** The supplier's one phone: the header, the footer and the bill show it (decision 190). */
    phone: optionalText(100).pipe(z.string().regex(/^$|^\+?[\d\s()-]{6,30}$/, { error: 'validation.phone' })),
    email: optionalText(200),
    bank: optionalText(300),
    bik: requisite,
    account: requisite,
    corrAccount: requisite,
    vatRate: z.number({ error: 'validation.number' }).min(0, { error: 'validation.notNegative' }).max(100),
    stamp: imageUrl,
    signers: z
      .array(z.strictObject({ position: optionalText(100), name: optionalText(200), signature: imageUrl }))
      .max(4, { error: 'validation.tooMany' }),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string | null) => {
      if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.inn !== '') add('inn', checkInn(v.inn));
    if (v.kpp !== '') add('kpp', checkKpp(v.kpp));
    if (v.ogrn !== '') add('ogrn', checkOgrn(v.ogrn));
    if (v.bik !== '') add('bik', checkBik(v.bik));
    if (v.account !== '') add('account', v.bik === '' ? 'validation.bikFirst' : checkAccount(v.account, v.bik));
    if (v.corrAccount !== '')
      add('corrAccount', v.bik === '' ? 'validation.bikFirst' : checkCorrAccount(v.corrAccount, v.bik));
  });

/**
 * Settings-driven thresholds of docs/spec/09-constants.md (the values are the supplier's): the least quantity for a price-type
 * change (in general, for tea, for coffee), the least quantity to buy tea and coffee, and whether prices are
 * rounded up in the catalogue and in the basket. Tea and coffee are catalogue sections the administrator names.
 * Applied by the server (decision 140): a line of tea or coffee below its minimum is refused, paying by another
 * method than the dealer's own (another 1C price type, decision 095) needs the price-type-change minimums, and
 * a rounded price is the next whole rouble.
 */
export const thresholdsSchema = z.object({
  priceTypeChangeMin: z.number(),
  priceTypeChangeMinTea: z.number(),
  priceTypeChangeMinCoffee: z.number(),
  teaMinQuantity: z.number(),
  coffeeMinQuantity: z.number(),
  roundUpCatalog: z.boolean(),
  roundUpBasket: z.boolean(),
  /** Catalogue sections whose products (with their subsections') are tea / coffee (decision 140). */
  teaSections: z.array(z.number()),
  coffeeSections: z.array(z.number()),
});
export type Thresholds = z.infer<typeof thresholdsSchema>;

export const siteSettingsSchema = z.object({
  siteName: z.string(),
  logo: z.string(),
  /** The same as `supplier.phone` (decision 190), kept for pages of the previous version; read that one. */
  phone: z.string(),
  email: z.string(),
  feedbackEmail: z.string(),
  copyright: z.string(),
  /** `{id}` is replaced with a basket id, e.g. `/basket/{id}/`. */
  basketLinkTemplate: z.string(),
  language: z.enum(['ru', 'en']),
  themeSwitch: z.boolean(),
  localeSwitch: z.boolean(),
  captchaSiteKey: z.string(),
  /** Method wire names that carry a captcha token (docs/spec/05-validation.md). */
  captchaMethods: z.array(z.string()),
  mapsApiKey: z.string(),
  /** Days after shipment a dealer may file a return (decision 061). */
  returnDays: z.number().int(),
  /**
   * Minutes the desk's changes to one order are gathered before the dealer is told of them at once (decision
   * 195); 0 tells of each change at once.
   */
  orderTidingsMinutes: z.number().int(),
  /**
   * How far below the dealer's price an employee may set a line's price at the desk, per cent (decision 196);
   * administrators are not limited.
   */
  employeeDiscountLimitPercent: z.number(),
  /**
   * The credit rule at checkout (decision 201): `off` places every order, `warn` places an order beyond the
   * available credit or with overdue debt and says so, `block` refuses it. Prepaid payment methods are exempt.
   */
  creditRule: z.enum(['off', 'warn', 'block']),
  catalogQuantityMin: z.number().int(),
  catalogQuantityMax: z.number().int(),
  filterKeyPrefix: z.string(),
  /** The supplier's requisites: footer, bill, printed order (decision 063). */
  supplier: supplierSchema,
  /** The thresholds of docs/spec/09-constants.md, edited on the settings page (decision 120). */
  thresholds: thresholdsSchema,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export interface MenuItem {
  link: string;
  level: number;
  label: string;
  /** Route permission required to see the entry; none = every signed-in user. */
  permission?: string;
  icon?: string;
  items: MenuItem[];
}
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    link: z.string(),
    level: z.number().int(),
    label: z.string(),
    permission: z.string().optional(),
    icon: z.string().optional(),
    items: z.array(menuItemSchema),
  }),
);

export const siteMethods = {
  'site/get-main-settings': defineMethod({
    name: 'site/get-main-settings',
    input: z.strictObject({ id: z.string().max(50).optional() }).optional(),
    result: siteSettingsSchema,
    access: publicAccess,
  }),
  'menu/list': defineMethod({
    name: 'menu/list',
    input: z.strictObject({ type: z.enum(['main', 'left']).optional() }).optional(),
    result: z.object({ count: z.number(), items: z.array(menuItemSchema) }),
    access: publicAccess,
  }),
};
