import { z } from 'zod';
import {
  LOGIN_MIN_LENGTH,
  MAX_SHORT_TEXT_LENGTH,
  ORDER_QUANTITY_MAX,
  ORDER_QUANTITY_MIN,
  PASSWORD_MIN_LENGTH,
} from './constants.js';

/**
 * Validation rules of docs/spec/05-validation.md. Messages are keys of MESSAGES, translated where they are shown. An empty
 * value stops at the "required" check (`abort`), so it gets 'Не может быть пустым' and nothing else.
 */

export const required = (max = MAX_SHORT_TEXT_LENGTH) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(max, { error: 'validation.tooLong' });

export const optionalText = (max = MAX_SHORT_TEXT_LENGTH) =>
  z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' });

export const loginField = required().pipe(z.string().min(LOGIN_MIN_LENGTH, { error: 'validation.loginMin' }));

/** The sign-in password: only presence and length; the strength rules apply when a password is set. */
export const signInPassword = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required', abort: true })
  .max(MAX_SHORT_TEXT_LENGTH, { error: 'validation.tooLong' })
  .pipe(z.string().min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordMin' }));

export const authCodeField = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, { error: 'validation.codeRequired', abort: true })
  .regex(/^\d{6}$/, { error: 'validation.code' });

/** A new password: every rule has its own message (docs/spec/05-validation.md). */
export const newPassword = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required', abort: true })
  .max(MAX_SHORT_TEXT_LENGTH, { error: 'validation.tooLong' })
  .superRefine((value, ctx) => {
    if (value.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', message: 'validation.passwordLength' });
    if (!/[^\p{L}\p{N}\s]/u.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.passwordSpecial' });
    if (!/\p{Lu}/u.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.passwordUpper' });
    if (!/\p{Ll}/u.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.passwordLower' });
    if (!/\p{N}/u.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.passwordDigit' });
  });

/** `password` and `confirmPassword` that must match; the mismatch is reported on the confirmation. */
export function withPasswordConfirmation<S extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: S,
): S {
  return schema.refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
}

export const emailField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(MAX_SHORT_TEXT_LENGTH, { error: 'validation.tooLong' })
  .pipe(z.email({ error: 'validation.email' }));

export const phoneField = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^\+?[\d\s()-]{6,20}$/, { error: 'validation.phone' });

/** Order quantity 1..10000 (docs/spec/05-validation.md). */
export const orderQuantity = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(ORDER_QUANTITY_MIN, { error: 'validation.quantityRange' })
  .max(ORDER_QUANTITY_MAX, { error: 'validation.quantityRange' });

/** Corrective-order count: not empty, digits only (docs/spec/05-validation.md). */
export const correctiveCount = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required', abort: true })
  .regex(/^\d+$/, { error: 'validation.notNegative' });
