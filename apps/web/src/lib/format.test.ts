import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import { monthName, num, qty } from './format';

/** Numbers are formatted one way everywhere, print pages included. */
describe('num and qty', () => {
  it('write Russian numbers with a decimal comma and thousands spaces', async () => {
    await i18n.changeLanguage('ru');
    expect(qty(9.35, 'кг')).toBe('9,35 кг');
    expect(qty(0.023, 'м³')).toBe('0,023 м³');
    expect(num(12500)).toBe('12 500');
  });

  it('follow the interface language', async () => {
    await i18n.changeLanguage('en');
    expect(qty(9.35, 'kg')).toBe('9.35 kg');
    await i18n.changeLanguage('ru');
  });
});

/** Decision 191: the dashboard's year chart names its months instead of showing «01»…«12». */
describe('monthName', () => {
  it('names a month in the interface language, short for the axis and long for the tooltip', async () => {
    await i18n.changeLanguage('ru');
    expect(['2026-01', '2026-02', '2026-05', '2026-11'].map((k) => monthName(k))).toEqual([
      'янв',
      'февр',
      'май',
      'нояб',
    ]);
    expect(monthName('2026-01')).not.toMatch(/\d|\.$/);
    expect(monthName('2025-12', true)).toBe('декабрь 2025');
    await i18n.changeLanguage('en');
    expect(monthName('2026-01')).toBe('Jan');
    expect(monthName('2025-12', true)).toBe('December 2025');
    await i18n.changeLanguage('ru');
  });
});

describe('the web app', () => {
  it('formats numbers only through lib/format (no toLocaleString, toFixed or Intl.NumberFormat of its own)', () => {
    const root = path.resolve(__dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          readFileSync(full, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              // Map coordinates are not a quantity a person reads as a number of things.
              if (/\.toLocaleString\(|\.toFixed\(|Intl\.NumberFormat/.test(line) && !/coordinates/.test(line))
                offenders.push(`${path.relative(root, full)}:${i + 1}`);
            });
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
