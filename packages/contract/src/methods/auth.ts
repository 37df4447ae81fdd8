import { z } from 'zod';
import { defineMethod, okResult, publicAccess } from '../method.js';
import { checkInn } from '../schemas/requisites.js';
import { userSchema } from '../schemas/user.js';
import {
  authCodeField,
  emailField,
  loginField,
  newPassword,
  optionalText,
  phoneField,
  required,
  withPasswordConfirmation,
} from '../validation.js';

export const loginInput = z
  .strictObject({
    saveAuth: z.boolean().optional(),
    authKey: authCodeField.optional(),
  })
  .optional();

export const signInResult = z.object({ user: userSchema, sessid: z.string() });

export const generateAuthKeyResult = z.object({
  /** Seconds until another code may be requested. */
  resendAfter: z.number().int(),
});

export const restorePasswordInput = z.strictObject({ login: required() });

export const changePasswordUnderRestoreInput = withPasswordConfirmation(
  z.strictObject({
    login: required(),
    checkword: required(64),
    password: newPassword,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  }),
);

/**
 * An applicant's ИНН: 10 digits (a company) or 12 (an individual entrepreneur), its check digits right, as
 * for the legal entities and the supplier (schemas/requisites.ts), so a typo is caught before a moderator
 * approves the account.
 */
const innWithCheckDigits = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^(\d{10}|\d{12})$/, { error: 'validation.inn', abort: true })
  .superRefine((inn, ctx) => {
    const message = checkInn(inn);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const registrationInput = withPasswordConfirmation(
  z.strictObject({
    login: loginField,
    email: emailField,
    password: newPassword,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    firstName: required(),
    lastName: required(),
    middleName: optionalText().optional(),
    phone: phoneField,
    company: required(),
    inn: innWithCheckDigits,
    city: optionalText().optional(),
  }),
);

export const authMethods = {
  profile: defineMethod({
    name: 'profile',
    input: z.strictObject({}).optional(),
    result: userSchema,
    access: publicAccess,
  }),
  /**
   * The navigation guard's call (docs/spec/07-calls.md «auth/fetch on navigation», decision 067): who is signed in, or
   * `user: null` — never a 401, so a visitor's first page leaves no error in the browser's console.
   */
  'auth/fetch': defineMethod({
    name: 'auth/fetch',
    input: z.strictObject({ path: z.string().max(2000).optional() }).optional(),
    result: z.object({ user: userSchema.nullable() }),
    access: publicAccess,
  }),
  'user/login': defineMethod({
    name: 'user/login',
    input: loginInput,
    result: signInResult,
    access: publicAccess,
  }),
  'user/GenerateAuthKey': defineMethod({
    name: 'user/GenerateAuthKey',
    input: z.strictObject({ login: loginField }),
    result: generateAuthKeyResult,
    access: publicAccess,
  }),
  'user/logout': defineMethod({
    name: 'user/logout',
    input: z.strictObject({}).optional(),
    result: z.object({ sessid: z.string() }),
    access: publicAccess,
  }),
  'user/restore-password': defineMethod({
    name: 'user/restore-password',
    input: restorePasswordInput,
    result: okResult,
    access: publicAccess,
    captcha: true,
  }),
  'user/change-password-under-restore': defineMethod({
    name: 'user/change-password-under-restore',
    input: changePasswordUnderRestoreInput,
    result: okResult,
    access: publicAccess,
  }),
  'user/register': defineMethod({
    name: 'user/register',
    input: registrationInput,
    result: z.object({ moderation: z.literal(true) }),
    access: publicAccess,
    captcha: true,
  }),
};
