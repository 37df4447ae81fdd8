import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changePasswordUnderRestoreInput, registrationInput } from './methods/auth.js';
import { translate } from './messages.js';
import {
  authCodeField,
  correctiveCount,
  emailField,
  loginField,
  newPassword,
  orderQuantity,
  phoneField,
  signInPassword,
  withPasswordConfirmation,
} from './validation.js';

/** Every message a value gets, in Russian, as the user reads it. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => translate('ru', issue.message));
}

/** The message of each field, as a form shows it next to the field. */
function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const fields: Record<string, string[]> = {};
  if (result.success) return fields;
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(translate('ru', issue.message));
  return fields;
}

describe('login (docs/spec/05-validation.md)', () => {
  it('is required', () => {
    expect(messages(loginField, '')).toEqual(['Не может быть пустым']);
    expect(messages(loginField, '   ')).toEqual(['Не может быть пустым']);
    expect(messages(loginField, undefined)).toEqual(['Не может быть пустым']);
  });

  it('has at least 3 characters', () => {
    expect(messages(loginField, 'ab')).toEqual(['Поле должно содержать минимум 3 символа']);
    expect(messages(loginField, ' ab ')).toEqual(['Поле должно содержать минимум 3 символа']);
    expect(messages(loginField, 'abc')).toEqual([]);
    expect(loginField.parse('  dealer ')).toBe('dealer');
  });

  it('refuses an overlong value', () => {
    expect(messages(loginField, 'x'.repeat(256))).toEqual(['Слишком длинное значение']);
  });
});

describe('sign-in password (docs/spec/05-validation.md)', () => {
  it('is required and has at least 6 characters', () => {
    expect(messages(signInPassword, '')).toEqual(['Не может быть пустым']);
    expect(messages(signInPassword, undefined)).toEqual(['Не может быть пустым']);
    expect(messages(signInPassword, '12345')).toEqual(['Поле должно содержать минимум 6 символов']);
    expect(messages(signInPassword, '123456')).toEqual([]);
  });

  it('does not apply the strength rules when signing in', () => {
    expect(messages(signInPassword, 'abcdef')).toEqual([]);
  });
});

describe('authorization code (docs/spec/05-validation.md)', () => {
  it('is required', () => {
    expect(messages(authCodeField, '')).toEqual(['Введите код авторизации']);
    expect(messages(authCodeField, undefined)).toEqual(['Введите код авторизации']);
  });

  it('is six digits', () => {
    expect(messages(authCodeField, '12345')).toEqual(['Код должен состоять из 6 цифр']);
    expect(messages(authCodeField, '12345a')).toEqual(['Код должен состоять из 6 цифр']);
    expect(messages(authCodeField, '1234567')).toEqual(['Код должен состоять из 6 цифр']);
    expect(messages(authCodeField, '012345')).toEqual([]);
    expect(authCodeField.parse(' 012345 ')).toBe('012345');
  });
});

describe('new password (docs/spec/05-validation.md): each rule has its own message', () => {
  it('accepts a password that meets every rule', () => {
    expect(messages(newPassword, 'Secure#2026')).toEqual([]);
    expect(messages(newPassword, 'Пароль1!')).toEqual([]);
  });

  it('is required', () => {
    expect(messages(newPassword, '')).toEqual(['Не может быть пустым']);
    expect(messages(newPassword, undefined)).toEqual(['Не может быть пустым']);
  });

  it.each([
    ['Ab#1x', 'Пароль должен содержать минимум 6 символов'],
    ['Abcdef12', 'Пароль должен содержать специальный символ'],
    ['abcde#12', 'Пароль должен содержать заглавную букву'],
    ['ABCDE#12', 'Пароль должен содержать строчную букву'],
    ['Abcdef#!', 'Пароль должен содержать цифру'],
  ])('%j breaks exactly one rule: %s', (value, message) => {
    expect(messages(newPassword, value)).toEqual([message]);
  });

  it('reports every broken rule at once, each with a different message', () => {
    const all = messages(newPassword, 'abc');
    expect(all).toEqual([
      'Пароль должен содержать минимум 6 символов',
      'Пароль должен содержать специальный символ',
      'Пароль должен содержать заглавную букву',
      'Пароль должен содержать цифру',
    ]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('does not count a space as the special character', () => {
    expect(messages(newPassword, 'Abc de12')).toEqual(['Пароль должен содержать специальный символ']);
  });
});

describe('password confirmation (docs/spec/05-validation.md)', () => {
  const schema = withPasswordConfirmation(z.object({ password: newPassword, confirmPassword: z.string() }));

  it("reports 'Пароли не совпадают' on the confirmation field", () => {
    expect(fieldMessages(schema, { password: 'Secure#2026', confirmPassword: 'Secure#2025' })).toEqual({
      confirmPassword: ['Пароли не совпадают'],
    });
  });

  it('passes when both match', () => {
    expect(schema.safeParse({ password: 'Secure#2026', confirmPassword: 'Secure#2026' }).success).toBe(true);
  });

  it('is part of the restore and registration inputs', () => {
    const restore = fieldMessages(changePasswordUnderRestoreInput, {
      login: 'dealer',
      checkword: 'abc',
      password: 'Secure#2026',
      confirmPassword: 'other',
    });
    expect(restore).toEqual({ confirmPassword: ['Пароли не совпадают'] });
    const weak = fieldMessages(changePasswordUnderRestoreInput, {
      login: 'dealer',
      checkword: 'abc',
      password: 'secure',
      confirmPassword: 'secure',
    });
    expect(weak.password).toEqual([
      'Пароль должен содержать специальный символ',
      'Пароль должен содержать заглавную букву',
      'Пароль должен содержать цифру',
    ]);
  });
});

describe('order quantity (docs/spec/05-validation.md): 1..10000', () => {
  it.each([1, 2, 9999, 10000])('accepts %d', (n) => {
    expect(messages(orderQuantity, n)).toEqual([]);
  });

  it.each([0, -1, 10001, 1_000_000])('refuses %d', (n) => {
    expect(messages(orderQuantity, n)).toEqual(['Количество должно быть от 1 до 10000']);
  });

  it('refuses fractions and non-numbers', () => {
    expect(messages(orderQuantity, 1.5)).toEqual(['Введите целое число']);
    expect(messages(orderQuantity, '5')).toEqual(['Введите число']);
    expect(messages(orderQuantity, Number.NaN)).toEqual(['Введите число']);
    expect(messages(orderQuantity, Number.POSITIVE_INFINITY).length).toBeGreaterThan(0);
  });
});

describe('corrective-order count (docs/spec/05-validation.md)', () => {
  it("must not be empty ('Не может быть пустым')", () => {
    expect(messages(correctiveCount, '')).toEqual(['Не может быть пустым']);
    expect(messages(correctiveCount, undefined)).toEqual(['Не может быть пустым']);
  });

  it("is digits only ('Не может быть меньше 0')", () => {
    for (const value of ['-1', '1.5', 'abc', '1 2', '+3', ' ']) {
      expect(messages(correctiveCount, value)).toEqual(['Не может быть меньше 0']);
    }
  });

  it('accepts 0 (delete the line) and any whole count', () => {
    for (const value of ['0', '1', '10000', '007']) expect(messages(correctiveCount, value)).toEqual([]);
  });
});

describe('registration fields', () => {
  const valid = {
    login: 'newdealer',
    email: 'new@dealer.local',
    password: 'Secure#2026',
    confirmPassword: 'Secure#2026',
    firstName: 'Пётр',
    lastName: 'Сидоров',
    phone: '+7 (383) 200-00-00',
    company: 'ООО «Новый дилер»',
    inn: '5406123450',
  };

  it('accepts a complete application', () => {
    expect(registrationInput.safeParse(valid).success).toBe(true);
  });

  it('checks e-mail, phone and INN with their own messages', () => {
    expect(messages(emailField, 'not-an-email')).toEqual(['Введите корректный адрес электронной почты']);
    expect(messages(phoneField, 'call me')).toEqual(['Введите корректный номер телефона']);
    expect(fieldMessages(registrationInput, { ...valid, inn: '123' })).toEqual({
      inn: ['ИНН должен состоять из 10 или 12 цифр'],
    });
    expect(registrationInput.safeParse({ ...valid, inn: '540612345730' }).success).toBe(true);
  });

  it('checks the INN’s check digits, of a company and of an individual entrepreneur', () => {
    for (const inn of ['1234567890', '5406123457', '540612345712', '540612345731']) {
      expect(fieldMessages(registrationInput, { ...valid, inn })).toEqual({
        inn: ['Неверный ИНН: не сходится контрольное число'],
      });
    }
    expect(registrationInput.safeParse({ ...valid, inn: ' 7707083893 ' }).success).toBe(true);
  });

  it('refuses fields an applicant must not set', () => {
    const result = registrationInput.safeParse({ ...valid, groups: ['ADMINS'], approved: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['groups', 'approved'] });
  });
});
