import { z } from 'zod';
import { defineMethod, listInput, listResult, permission } from '../method.js';
import { emailField } from '../validation.js';

/** The agreement a subscriber consents to. */
export const MAILING_AGREEMENT_CODE = 'MAILING';

export const mailingSchema = z.object({
  id: z.number().int().nullable(),
  email: z.string(),
  subscribed: z.boolean(),
  /** The caller's consent to the mailing agreement, if given. */
  consentId: z.number().int().nullable(),
  agreementId: z.number().int().nullable(),
});
export type Mailing = z.infer<typeof mailingSchema>;

export const mailingUpdateInput = z.strictObject({ email: emailField, subscribed: z.boolean().optional() });

export const mailingMethods = {
  /** Subscribers: the caller's own row, every row for staff. */
  'mailings/list': defineMethod({
    name: 'mailings/list',
    input: listInput(z.strictObject({ subscribed: z.boolean().optional() }), ['ID']),
    result: listResult(mailingSchema.extend({ userName: z.string() })),
    access: permission('mailing', 'fetch'),
  }),
  'mailings/get': defineMethod({
    name: 'mailings/get',
    input: z.strictObject({}).optional(),
    result: mailingSchema,
    access: permission('mailing', 'fetch'),
  }),
  /** Subscribe (needs consent to the mailing agreement), change the address, or unsubscribe. */
  'mailings/update': defineMethod({
    name: 'mailings/update',
    input: mailingUpdateInput,
    result: mailingSchema,
    access: permission('mailing', 'update'),
    captcha: true,
  }),
};
