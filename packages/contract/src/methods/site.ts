import { z } from 'zod';
import { defineMethod, publicAccess } from '../method.js';

export const siteSettingsSchema = z.object({
  siteName: z.string(),
  logo: z.string(),
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
  /** Method wire names that carry a captcha token (spec §5). */
  captchaMethods: z.array(z.string()),
  mapsApiKey: z.string(),
  catalogQuantityMin: z.number().int(),
  catalogQuantityMax: z.number().int(),
  filterKeyPrefix: z.string(),
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
