import { z } from 'zod';
import { byIdInput, defineMethod, idSchema, listInput, listResult, okResult, permission, signedIn } from '../method.js';
import { groupCodeSchema, userSchema } from '../schemas/user.js';
import {
  emailField,
  loginField,
  newPassword,
  optionalText,
  phoneField,
  required,
  withPasswordConfirmation,
} from '../validation.js';

/** Moderation state of an account: waiting for approval, working, or blocked. */
export const USER_STATUSES = ['pending', 'active', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user in the administration screens: the profile plus what an administrator needs to decide. */
export const userDetailSchema = userSchema.extend({
  status: z.enum(USER_STATUSES),
  paySystemName: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The user's legal entities (counterparties). */
  companies: z.array(z.object({ id: z.number().int(), name: z.string(), inn: z.string() })),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userListFilter = z.strictObject({
  search: optionalText(100).optional(),
  group: groupCodeSchema.optional(),
  status: z.enum(USER_STATUSES).optional(),
});

const optionalPhone = z.union([z.literal(''), phoneField]);
const innField = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^(|\d{10}|\d{12})$/, { error: 'validation.inn' });

/** Fields an administrator sets on any account. */
export const userFieldsInput = z.strictObject({
  email: emailField,
  firstName: required(),
  lastName: required(),
  middleName: optionalText().optional(),
  phone: optionalPhone.optional(),
  company: optionalText().optional(),
  inn: innField.optional(),
  city: optionalText().optional(),
  groups: z.array(groupCodeSchema, { error: 'validation.invalid' }).min(1, { error: 'validation.groupsRequired' }),
  typePrice: idSchema.nullable().optional(),
  paySystemId: idSchema.nullable().optional(),
  language: z.enum(['ru', 'en']).optional(),
});
export type UserFieldsInput = z.infer<typeof userFieldsInput>;

export const userCreateInput = withPasswordConfirmation(
  userFieldsInput.extend({
    login: loginField,
    password: newPassword,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  }),
);

export const userUpdateInput = z.strictObject({ id: idSchema, fields: userFieldsInput.partial() });

/** What a user may change about themselves: never groups, prices, company or status (no mass assignment). */
export const profileUpdateInput = z.strictObject({
  firstName: required(),
  lastName: required(),
  middleName: optionalText().optional(),
  phone: optionalPhone.optional(),
  city: optionalText().optional(),
  email: emailField,
  language: z.enum(['ru', 'en']).optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;

export const changePasswordInput = withPasswordConfirmation(
  z.strictObject({
    currentPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    password: newPassword,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  }),
);

/** A field of the administrator's user form with its choices (groups, price types, payment methods). */
export const userFieldSchema = z.object({
  code: z.string(),
  type: z.enum(['TEXT', 'EMAIL', 'SELECT', 'MULTISELECT', 'CHECKBOX']),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), title: z.string() })),
});

export const usersMethods = {
  'user/list': defineMethod({
    name: 'user/list',
    input: listInput(userListFilter, ['ID', 'LOGIN', 'NAME', 'DATE']).optional(),
    result: listResult(userDetailSchema),
    access: permission('user', 'fetch'),
  }),
  /** Without an id: the caller. Another account: administrators any, others their company's colleagues. */
  'user/get': defineMethod({
    name: 'user/get',
    input: z.strictObject({ id: idSchema.optional() }).optional(),
    result: userDetailSchema,
    access: signedIn,
  }),
  'user/create': defineMethod({
    name: 'user/create',
    input: userCreateInput,
    result: userDetailSchema,
    access: permission('user', 'create'),
  }),
  'user/update': defineMethod({
    name: 'user/update',
    input: userUpdateInput,
    result: userDetailSchema,
    access: permission('user', 'update'),
  }),
  'user/delete': defineMethod({
    name: 'user/delete',
    input: byIdInput,
    result: okResult,
    access: permission('user', 'delete'),
  }),
  'user/get-fields': defineMethod({
    name: 'user/get-fields',
    input: z
      .strictObject({ id: idSchema.optional(), params: z.record(z.string().max(50), z.string().max(200)).optional() })
      .optional(),
    result: z.object({ fields: z.array(userFieldSchema) }),
    access: permission('user', 'update'),
  }),
  /** Moderation: approve a registration (the applicant is told by e-mail). */
  'user/approve': defineMethod({
    name: 'user/approve',
    input: byIdInput,
    result: userDetailSchema,
    access: permission('user', 'update'),
  }),
  /** Moderation: refuse a registration; the application is removed and the applicant told why. */
  'user/reject': defineMethod({
    name: 'user/reject',
    input: z.strictObject({ id: idSchema, reason: optionalText(1000).optional() }),
    result: okResult,
    access: permission('user', 'delete'),
  }),
  'user/block': defineMethod({
    name: 'user/block',
    input: byIdInput,
    result: userDetailSchema,
    access: permission('user', 'update'),
  }),
  'user/unblock': defineMethod({
    name: 'user/unblock',
    input: byIdInput,
    result: userDetailSchema,
    access: permission('user', 'update'),
  }),
  /** Mails the user a password-reset link (the same link as self-service recovery). */
  'user/send-password-reset': defineMethod({
    name: 'user/send-password-reset',
    input: byIdInput,
    result: okResult,
    access: permission('user', 'update'),
  }),
  'user/update-profile': defineMethod({
    name: 'user/update-profile',
    input: profileUpdateInput,
    result: userDetailSchema,
    access: signedIn,
  }),
  'user/change-password': defineMethod({
    name: 'user/change-password',
    input: changePasswordInput,
    result: okResult,
    access: signedIn,
  }),
};
