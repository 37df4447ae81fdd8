import { z } from 'zod';
import { dealerCompanyFilter } from './staff-filter.js';
import {
  byIdInput,
  defineMethod,
  idSchema,
  listInput,
  listResult,
  okResult,
  onlyRoles,
  permission,
} from '../method.js';
import { Role } from '../roles.js';
import { required } from '../validation.js';

export const FORM_FIELD_TYPES = [
  'TEXT',
  'TEXTAREA',
  'EMAIL',
  'PHONE',
  'NUMBER',
  'DATE',
  'SELECT',
  'RADIO',
  'CHECKBOX',
  'AGREEMENT',
  /** One of the author's own orders, chosen from a list; the value is the order's number (decision 191). */
  'ORDER',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Agreement fields are named by the agreement they ask consent to: `AGREEMENT_<id>` (docs/spec/03-entities.md). */
export const AGREEMENT_PREFIX = 'AGREEMENT_';

export const formFieldSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  /** The html name; agreement codes carry AGREEMENT_PREFIX. */
  name: z.string(),
  mask: z.string().nullable(),
  label: z.string(),
  /** True when the field has a rule (docs/spec/03-entities.md). */
  required: z.boolean(),
  readonly: z.boolean(),
  options: z.array(z.object({ title: z.string(), value: z.string() })),
  rules: z.array(z.object({ regex: z.string(), message: z.string() })),
  /** Shown only when every condition holds: another field's value equals `value`. */
  conditions: z.array(z.object({ field: z.string(), value: z.union([z.string(), z.boolean()]) })),
  value: z.union([z.string(), z.boolean()]).nullable(),
  agreementId: z.number().int().nullable(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  fields: z.array(formFieldSchema),
});
export type PortalForm = z.infer<typeof formSchema>;

export const ANSWER_STATUSES = ['NEW', 'CORRECTED', 'NOT_CORRECTED'] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

/** CORRECTED → success, NOT_CORRECTED → error, otherwise none (docs/spec/03-entities.md). */
export function answerStatusCss(status: string): 'success' | 'error' | null {
  if (status === 'CORRECTED') return 'success';
  if (status === 'NOT_CORRECTED') return 'error';
  return null;
}

export const answerFieldSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  sid: z.string(),
  title: z.string(),
  value: z.string(),
});

export const answerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  updatedAt: z.string(),
  status: z.string(),
  statusCss: z.enum(['success', 'error']).nullable(),
  form: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  user: z.object({ id: z.number().int(), name: z.string() }),
  /** The author's company (their profile's), shown to staff beside the dealer. */
  company: z.string(),
  adminFields: z.array(answerFieldSchema),
  userFields: z.array(answerFieldSchema),
});
export type Answer = z.infer<typeof answerSchema>;

export const answerValue = z.union([z.string().max(10000, { error: 'validation.tooLong' }), z.boolean()]);

export const answerCreateInput = z.strictObject({
  payload: z.strictObject({
    code: z.string().min(1).max(100),
    consent: z
      .array(z.strictObject({ idAgreement: idSchema, idConsent: idSchema.optional() }))
      .max(20)
      .optional(),
    fields: z
      .array(z.strictObject({ id: idSchema.optional(), code: z.string().min(1).max(100), value: answerValue }))
      .max(100),
  }),
});

export const agreementSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  text: z.string(),
});

const staff = Role.ADMINS | Role.EMPLOYEES;

export const formsMethods = {
  'form/list': defineMethod({
    name: 'form/list',
    input: listInput(z.strictObject({ code: z.string().max(100).optional() }), ['ID']).optional(),
    result: listResult(formSchema),
    access: permission('form', 'fetch'),
  }),
  'form/get': defineMethod({
    name: 'form/get',
    input: z
      .strictObject({ code: z.string().max(100).optional(), id: idSchema.optional() })
      .refine((v) => v.code !== undefined || v.id !== undefined, { error: 'validation.required', path: ['code'] }),
    result: formSchema,
    access: permission('form', 'fetch'),
  }),
  'answer/create': defineMethod({
    name: 'answer/create',
    input: answerCreateInput,
    result: answerSchema,
    access: permission('answer', 'create'),
    captcha: true,
  }),
  'answer/list': defineMethod({
    name: 'answer/list',
    input: listInput(
      z.strictObject({
        code: z.string().max(100).optional(),
        status: z.enum(ANSWER_STATUSES).optional(),
        ...dealerCompanyFilter,
      }),
      ['ID', 'DATE_CREATE'],
    ),
    result: listResult(answerSchema),
    access: permission('answer', 'fetch'),
  }),
  'answer/get': defineMethod({
    name: 'answer/get',
    input: byIdInput,
    result: answerSchema,
    access: permission('answer', 'fetch'),
  }),
  /** Staff: the employee's answer to an appeal and its status; the dealer is told by e-mail. */
  'answer/update': defineMethod({
    name: 'answer/update',
    input: z.strictObject({ id: idSchema, status: z.enum(ANSWER_STATUSES), answer: required(10000) }),
    result: answerSchema,
    access: onlyRoles(staff),
  }),
  'consent/create': defineMethod({
    name: 'consent/create',
    input: z.strictObject({ payload: z.strictObject({ idAgreement: idSchema, isAgree: z.literal(true) }) }),
    result: z.object({ id: z.number().int(), idAgreement: z.number().int() }),
    access: permission('consent', 'create'),
  }),
  'consent/delete': defineMethod({
    name: 'consent/delete',
    input: byIdInput,
    result: okResult,
    access: permission('consent', 'delete'),
  }),
  'agreement/get': defineMethod({
    name: 'agreement/get',
    input: z
      .strictObject({ id: idSchema.optional(), code: z.string().max(100).optional() })
      .refine((v) => v.code !== undefined || v.id !== undefined, { error: 'validation.required', path: ['id'] }),
    result: agreementSchema,
    access: permission('agreement', 'fetch'),
  }),
};

export type FormValues = Record<string, string | boolean | undefined>;

/** A field shows when every condition holds (another field's current value equals the condition's). */
export function isFieldVisible(field: Pick<FormField, 'conditions'>, values: FormValues): boolean {
  return field.conditions.every((c) => {
    const v = values[c.field];
    return typeof c.value === 'boolean' ? (v === true) === c.value : String(v ?? '') === c.value;
  });
}

function compile(regex: string): RegExp | null {
  try {
    return new RegExp(regex, 'u');
  } catch {
    return null;
  }
}

/**
 * The rules of a form definition, the same in the browser and on the server: a visible field with rules is
 * required; each rule's regex must match, else its message; a choice must be one of the options; a checkbox
 * or agreement with a rule must be ticked. Returns field code → message (a text or a message key).
 */
export function checkFormValues(fields: readonly FormField[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!isFieldVisible(field, values)) continue;
    const value = values[field.code];
    if (field.type === 'CHECKBOX' || field.type === 'AGREEMENT') {
      if (value !== undefined && typeof value !== 'boolean') errors[field.code] = 'validation.invalid';
      else if (field.required && value !== true) errors[field.code] = field.rules[0]?.message || 'validation.required';
      continue;
    }
    if (value !== undefined && typeof value !== 'string') {
      errors[field.code] = 'validation.invalid';
      continue;
    }
    const text = (value ?? '').trim();
    if (text.length > 10000) {
      errors[field.code] = 'validation.tooLong';
      continue;
    }
    if (field.type === 'ORDER' && text !== '' && !/^[1-9]\d{0,9}$/.test(text)) {
      errors[field.code] = 'error.formOrder';
      continue;
    }
    if (field.options.length > 0 && text !== '' && !field.options.some((o) => o.value === text)) {
      errors[field.code] = 'validation.invalid';
      continue;
    }
    for (const rule of field.rules) {
      const re = compile(rule.regex);
      if (!re || !re.test(text)) {
        errors[field.code] = rule.message || 'validation.invalid';
        break;
      }
    }
  }
  return errors;
}
