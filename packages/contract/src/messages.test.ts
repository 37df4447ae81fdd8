import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants.js';
import { MESSAGES, isMessageKey, translate } from './messages.js';

describe('MESSAGES', () => {
  it('has exactly the same keys in ru and en', () => {
    expect(Object.keys(MESSAGES.en).sort()).toEqual(Object.keys(MESSAGES.ru).sort());
    expect(Object.keys(MESSAGES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('has a non-empty text for every key, with the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(MESSAGES.ru) as Array<keyof typeof MESSAGES.ru>) {
      expect(MESSAGES.ru[key].trim(), key).not.toBe('');
      expect(MESSAGES.en[key].trim(), key).not.toBe('');
      expect(placeholders(MESSAGES.en[key]), key).toEqual(placeholders(MESSAGES.ru[key]));
    }
  });

  it('keeps the wording of the specification', () => {
    expect(MESSAGES.ru['validation.required']).toBe('Не может быть пустым');
    expect(MESSAGES.ru['validation.loginMin']).toBe('Поле должно содержать минимум 3 символа');
    expect(MESSAGES.ru['validation.passwordMismatch']).toBe('Пароли не совпадают');
    expect(MESSAGES.ru['validation.notNegative']).toBe('Не может быть меньше 0');
    expect(MESSAGES.ru['validation.form']).toBe('Проверьте правильность заполнения полей формы');
    expect(MESSAGES.ru['error.badLogin']).toBe('Неверный логин или пароль');
  });
});

describe('translate', () => {
  it('gives the text of a key in the language asked for', () => {
    expect(translate('ru', 'error.badLogin')).toBe('Неверный логин или пароль');
    expect(translate('en', 'error.badLogin')).toBe('Wrong login or password');
  });

  it('fills {0} with the argument', () => {
    expect(translate('ru', 'error.authCodeResend', 42)).toBe('Новый код можно запросить через 42 с');
    expect(translate('en', 'error.authCodeResend', '7')).toMatch(/\b7\b/);
  });

  it('fills {0} with an empty string when the argument is missing', () => {
    expect(translate('ru', 'error.authCodeResend')).toBe('Новый код можно запросить через  с');
  });

  it('fills several placeholders of a ready text, each from its own argument', () => {
    expect(translate('ru', 'Не удалось добавить: {0}, {1}; снова {0}', 'A-1', 'B-2')).toBe(
      'Не удалось добавить: A-1, B-2; снова A-1',
    );
  });

  it('returns an unknown key as it is', () => {
    expect(translate('ru', 'no.such.key')).toBe('no.such.key');
    expect(translate('en', 'Готовый текст')).toBe('Готовый текст');
  });

  it('falls back to Russian for an unknown language', () => {
    expect(translate('de' as 'ru', 'error.badLogin')).toBe('Неверный логин или пароль');
  });

  it('knows which strings are keys', () => {
    expect(isMessageKey('error.badLogin')).toBe(true);
    expect(isMessageKey('no.such.key')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});
