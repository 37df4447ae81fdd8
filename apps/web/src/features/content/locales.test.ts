import { describe, expect, it } from 'vitest';
import enContent from '../../locales/en/content.json';
import enDashboard from '../../locales/en/dashboard.json';
import enUsers from '../../locales/en/users.json';
import ruContent from '../../locales/ru/content.json';
import ruDashboard from '../../locales/ru/dashboard.json';
import ruUsers from '../../locales/ru/users.json';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const values = (o: object): string[] =>
  Object.values(o).flatMap((v) => (v && typeof v === 'object' ? values(v as object) : [String(v)]));

/** Every content screen is complete in both languages: the same keys, no Cyrillic on the English side. */
describe.each([
  ['content', ruContent, enContent],
  ['dashboard', ruDashboard, enDashboard],
  ['users', ruUsers, enUsers],
])('%s texts', (_name, ru, en) => {
  it('have the same keys in Russian and English', () => {
    expect(keys(en).sort()).toEqual(keys(ru).sort());
  });
  it('have no Russian on the English side and no empty text', () => {
    for (const text of values(en)) {
      expect(text).not.toMatch(/[А-Яа-яЁё]/);
      expect(text.trim()).not.toBe('');
    }
  });
  it('have no Latin words on the Russian side besides names and e-mail', () => {
    for (const text of values(ru))
      expect(text.replace(/E-mail|e-mail|Яндекс|\{\{\w+\}\}/g, '')).not.toMatch(/[A-Za-z]{2,}/);
  });
});
