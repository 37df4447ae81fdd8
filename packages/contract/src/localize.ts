import type { Language } from './constants.js';
import type { FormField } from './methods/forms.js';

/**
 * Server-driven texts in the page's language (decision 145). Units of measure are stored as the Russian
 * symbols 1C sends; in English the common ones are shown by their English symbol, any other as stored.
 */
const UNIT_EN: Record<string, string> = {
  шт: 'pcs',
  'шт.': 'pcs',
  кг: 'kg',
  г: 'g',
  т: 't',
  л: 'l',
  мл: 'ml',
  м: 'm',
  см: 'cm',
  мм: 'mm',
  м2: 'm²',
  'м²': 'm²',
  м3: 'm³',
  'м³': 'm³',
  'пог. м': 'lin. m',
  компл: 'set',
  'компл.': 'set',
  'к-т': 'set',
  упак: 'pack',
  'упак.': 'pack',
  уп: 'pack',
  'уп.': 'pack',
  пар: 'pair',
  пара: 'pair',
  рул: 'roll',
  кор: 'box',
  набор: 'set',
};

export function unitSymbol(symbol: string, language: Language): string {
  if (language !== 'en') return symbol;
  return UNIT_EN[symbol.trim().toLowerCase()] ?? symbol;
}

const UNIT_CODES: Record<string, string> = {
  шт: '796',
  кг: '166',
  м: '006',
  л: '112',
  компл: '839',
  т: '168',
  г: '163',
};

/** The unit's id of spec §3: its OKEI code (796 pieces when the symbol is not known). */
export function unitCode(symbol: string): string {
  return UNIT_CODES[symbol.trim().toLowerCase().replace(/\.$/, '')] ?? '796';
}

/** A stored name with its optional English one: the English one on an English page when it is set. */
export function inLanguage(ru: string, en: string | null | undefined, language: Language): string {
  return language === 'en' && en ? en : ru;
}

/**
 * The English texts of a form (forms.translation_en): the description and, per field code, its label,
 * default value, option titles by value and rule messages by position. Whatever is missing stays Russian.
 */
export interface FormTranslation {
  description?: string;
  fields?: Record<
    string,
    { label?: string; value?: string; options?: Record<string, string>; messages?: string[] } | undefined
  >;
}

/** The form's fields with the texts of a translation laid over them (values and rules unchanged). */
export function translateFields(fields: FormField[], translation: FormTranslation | null | undefined): FormField[] {
  if (!translation?.fields) return fields;
  return fields.map((f) => {
    const t = translation.fields?.[f.code];
    if (!t) return f;
    return {
      ...f,
      label: t.label || f.label,
      value: typeof f.value === 'string' && f.readonly && t.value ? t.value : f.value,
      options: f.options.map((o) => ({ ...o, title: t.options?.[o.value] || o.title })),
      rules: f.rules.map((r, i) => ({ ...r, message: t.messages?.[i] || r.message })),
    };
  });
}

const EN_ONES = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const EN_TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion'];

function enTriad(n: number): string {
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) words.push(`${EN_ONES[h]} hundred`);
  if (rest >= 10 && rest < 20) words.push(EN_TEENS[rest - 10]!);
  else if (rest >= 20) words.push(EN_TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${EN_ONES[rest % 10]}` : ''));
  else if (rest > 0) words.push(EN_ONES[rest]!);
  return words.join(' ');
}

/** A whole number in English words: 'twenty-one thousand one hundred five'. */
export function numberInEnglishWords(n: number): string {
  let rest = Math.floor(n);
  if (rest === 0) return 'zero';
  const parts: string[] = [];
  for (let scale = 0; rest > 0 && scale < EN_SCALES.length; scale++) {
    const t = rest % 1000;
    if (t) parts.unshift([enTriad(t), EN_SCALES[scale]].filter(Boolean).join(' '));
    rest = Math.floor(rest / 1000);
  }
  return parts.join(' ');
}

const EN_CURRENCY: Record<string, [string, string, string, string]> = {
  RUB: ['rouble', 'roubles', 'kopeck', 'kopecks'],
  USD: ['US dollar', 'US dollars', 'cent', 'cents'],
  EUR: ['euro', 'euros', 'cent', 'cents'],
};

/** The sum in English words: 'One thousand two hundred roubles 50 kopecks'. */
export function sumInEnglishWords(value: number, currency = 'RUB'): string {
  const c = EN_CURRENCY[currency] ?? EN_CURRENCY.RUB!;
  const cents = Math.round(value * 100);
  const major = Math.floor(cents / 100);
  const minor = cents % 100;
  const text = `${numberInEnglishWords(major)} ${major === 1 ? c[0] : c[1]} ${String(minor).padStart(2, '0')} ${minor === 1 ? c[2] : c[3]}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
