import { z } from 'zod';
import { defineMethod, signedIn } from '../method.js';

/**
 * Kinds of tidings a user may turn off, each for the portal notice and for the e-mail separately
 * (decision 195). Whatever is not listed here is always told.
 */
export const NOTICE_KINDS = [
  'orderStatus',
  'orderLines',
  'orderBill',
  'orderOffer',
  'orderNote',
  // The account from 1C (decision 202): a shipment, a document, a payment, the daily reminder of bills.
  'accountShipment',
  'accountDocument',
  'accountPayment',
  'accountBills',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const noticeSettingSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  /** The kind in the caller's language. */
  label: z.string(),
  notice: z.boolean(),
  email: z.boolean(),
  /** The linked Telegram chat (decision 226): told only when the account is linked to the bot. */
  telegram: z.boolean(),
});
export type NoticeSetting = z.infer<typeof noticeSettingSchema>;

export const noticeSettingsMethods = {
  'notice-settings/get': defineMethod({
    name: 'notice-settings/get',
    input: z.strictObject({}).optional(),
    result: z.object({ items: z.array(noticeSettingSchema) }),
    access: signedIn,
  }),
  'notice-settings/update': defineMethod({
    name: 'notice-settings/update',
    input: z.strictObject({
      items: z
        .array(
          z.strictObject({
            kind: z.enum(NOTICE_KINDS, { error: 'validation.invalid' }),
            notice: z.boolean({ error: 'validation.invalid' }),
            email: z.boolean({ error: 'validation.invalid' }),
            /** Left out: stays as it was (clients that know only the notice and the e-mail). */
            telegram: z.boolean({ error: 'validation.invalid' }).optional(),
          }),
        )
        .min(1, { error: 'validation.required' })
        .max(NOTICE_KINDS.length * 2, { error: 'validation.tooLong' }),
    }),
    result: z.object({ items: z.array(noticeSettingSchema) }),
    access: signedIn,
  }),
};
