import { z } from 'zod';
import { byIdInput, defineMethod, idSchema, listInput, listResult, okResult, permission } from '../method.js';
import { checkAccount, checkBik, checkCorrAccount, checkInn, checkKpp, checkOgrn } from '../schemas/requisites.js';
import { optionalText, required } from '../validation.js';

const digitsText = z.string({ error: 'validation.invalid' }).trim().max(32, { error: 'validation.tooLong' });

/** The requisites of a legal entity (docs/spec/03-entities.md counterparty), checked with their check digits. */
export const counterpartyFieldsInput = z
  .strictObject({
    name: required(),
    inn: required(32),
    kpp: digitsText.optional().default(''),
    ogrn: digitsText.optional().default(''),
    legalAddress: optionalText(1000).optional().default(''),
    bank: optionalText().optional().default(''),
    bik: digitsText.optional().default(''),
    account: digitsText.optional().default(''),
    corrAccount: digitsText.optional().default(''),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string | null) => {
      if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    add('inn', checkInn(v.inn));
    // A 10-digit ИНН is a company: it has a КПП. An entrepreneur (12 digits) has none.
    if (v.kpp !== '' || v.inn.length === 10) add('kpp', v.kpp === '' ? 'validation.required' : checkKpp(v.kpp));
    if (v.ogrn !== '') add('ogrn', checkOgrn(v.ogrn));
    if (v.bik !== '') add('bik', checkBik(v.bik));
    if (v.account !== '') add('account', v.bik === '' ? 'validation.bikFirst' : checkAccount(v.account, v.bik));
    if (v.corrAccount !== '')
      add('corrAccount', v.bik === '' ? 'validation.bikFirst' : checkCorrAccount(v.corrAccount, v.bik));
  });
export type CounterpartyFields = z.input<typeof counterpartyFieldsInput>;

export const COUNTERPARTY_FIELDS = [
  'name',
  'inn',
  'kpp',
  'ogrn',
  'legalAddress',
  'bank',
  'bik',
  'account',
  'corrAccount',
] as const;
export type CounterpartyFieldId = (typeof COUNTERPARTY_FIELDS)[number];

export const fieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.string(),
  required: z.boolean().optional(),
});

export const counterpartySchema = z.object({
  id: z.number(),
  title: z.string(),
  name: z.string(),
  inn: z.string(),
  kpp: z.string(),
  ogrn: z.string(),
  legalAddress: z.string(),
  bank: z.string(),
  bik: z.string(),
  account: z.string(),
  corrAccount: z.string(),
  fields: z.array(fieldSchema),
});
export type Counterparty = z.infer<typeof counterpartySchema>;

export const counterpartyMethods = {
  'counterparty/list': defineMethod({
    name: 'counterparty/list',
    input: listInput(z.strictObject({ id: z.array(idSchema).optional(), name: optionalText().optional() }), [
      'ID',
      'NAME',
    ]),
    result: listResult(counterpartySchema),
    access: permission('company', 'fetch'),
  }),
  'counterparty/get': defineMethod({
    name: 'counterparty/get',
    input: byIdInput,
    result: counterpartySchema,
    access: permission('company', 'fetch'),
  }),
  'counterparty/create': defineMethod({
    name: 'counterparty/create',
    input: z.strictObject({ fields: counterpartyFieldsInput }),
    result: counterpartySchema,
    access: permission('company', 'create'),
  }),
  'counterparty/update': defineMethod({
    name: 'counterparty/update',
    input: z.strictObject({ id: idSchema, fields: counterpartyFieldsInput }),
    result: counterpartySchema,
    access: permission('company', 'update'),
  }),
  'counterparty/delete': defineMethod({
    name: 'counterparty/delete',
    input: byIdInput,
    result: okResult,
    access: permission('company', 'delete'),
  }),
  'counterparty/get-fields': defineMethod({
    name: 'counterparty/get-fields',
    input: z.strictObject({ id: idSchema.optional() }).optional(),
    result: z.object({ fields: z.array(fieldSchema) }),
    access: permission('company', 'fetch'),
  }),
};
