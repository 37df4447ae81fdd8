import type { Language } from './constants.js';
import type { FormField } from './methods/forms.js';

/**
 * Server-driven texts in the page's language (decision 145). Units of measure are stored as the Russian
 * symbols 1C sends; in English the common ones are shown by their English symbol, any other as stored.
 */

/** A unit of the OKEI classifier (ОК 015-94): its symbol and full name, in Russian and English. */
export interface OkeiUnit {
  code: string;
  symbol: string;
  name: string;
  symbolEn: string;
  nameEn: string;
}

/**
 * The OKEI units 1C sends most (decision 187): `<БазоваяЕдиница Код="715">` is stored as the symbol «пар», and
 * the symbol gives back the code and the full name. Names as ОК 015-94 writes them, the short form where it
 * gives several («Литр; кубический дециметр» → «Литр»).
 */
export const OKEI_UNITS: readonly OkeiUnit[] = [
  { code: '796', symbol: 'шт', name: 'Штука', symbolEn: 'pcs', nameEn: 'piece' },
  { code: '715', symbol: 'пар', name: 'Пара (2 шт.)', symbolEn: 'pair', nameEn: 'pair (2 pcs)' },
  { code: '166', symbol: 'кг', name: 'Килограмм', symbolEn: 'kg', nameEn: 'kilogram' },
  { code: '163', symbol: 'г', name: 'Грамм', symbolEn: 'g', nameEn: 'gram' },
  { code: '168', symbol: 'т', name: 'Тонна', symbolEn: 't', nameEn: 'tonne' },
  { code: '112', symbol: 'л', name: 'Литр', symbolEn: 'l', nameEn: 'litre' },
  { code: '111', symbol: 'мл', name: 'Миллилитр', symbolEn: 'ml', nameEn: 'millilitre' },
  { code: '006', symbol: 'м', name: 'Метр', symbolEn: 'm', nameEn: 'metre' },
  { code: '004', symbol: 'см', name: 'Сантиметр', symbolEn: 'cm', nameEn: 'centimetre' },
  { code: '003', symbol: 'мм', name: 'Миллиметр', symbolEn: 'mm', nameEn: 'millimetre' },
  { code: '018', symbol: 'пог. м', name: 'Погонный метр', symbolEn: 'lin. m', nameEn: 'linear metre' },
  { code: '055', symbol: 'м2', name: 'Квадратный метр', symbolEn: 'm²', nameEn: 'square metre' },
  { code: '113', symbol: 'м3', name: 'Кубический метр', symbolEn: 'm³', nameEn: 'cubic metre' },
  { code: '778', symbol: 'упак', name: 'Упаковка', symbolEn: 'pack', nameEn: 'pack' },
  { code: '704', symbol: 'набор', name: 'Набор', symbolEn: 'set', nameEn: 'set' },
  { code: '839', symbol: 'компл', name: 'Комплект', symbolEn: 'set', nameEn: 'set' },
  { code: '868', symbol: 'бут', name: 'Бутылка', symbolEn: 'btl', nameEn: 'bottle' },
  { code: '625', symbol: 'лист', name: 'Лист', symbolEn: 'sheet', nameEn: 'sheet' },
  { code: '736', symbol: 'рул', name: 'Рулон', symbolEn: 'roll', nameEn: 'roll' },
  { code: '728', symbol: 'пач', name: 'Пачка', symbolEn: 'pack', nameEn: 'pack' },
  { code: '812', symbol: 'ящ', name: 'Ящик', symbolEn: 'box', nameEn: 'box' },
  { code: '872', symbol: 'флак', name: 'Флакон', symbolEn: 'vial', nameEn: 'vial' },
  { code: '657', symbol: 'изд', name: 'Изделие', symbolEn: 'item', nameEn: 'item' },
  { code: '356', symbol: 'ч', name: 'Час', symbolEn: 'h', nameEn: 'hour' },
  { code: '642', symbol: 'ед', name: 'Единица', symbolEn: 'unit', nameEn: 'unit' },
];

/** Other spellings 1C and people use for the symbols of the table. */
const UNIT_ALIASES: Record<string, string> = {
  пара: 'пар',
  'к-т': 'компл',
  уп: 'упак',
  'м²': 'м2',
  'м³': 'м3',
  'пог.м': 'пог. м',
  'пог м': 'пог. м',
};

/** Symbols not in the table that still have an English one. */
const OTHER_EN: Record<string, string> = { кор: 'box' };

const byCode = new Map(OKEI_UNITS.map((u) => [u.code, u]));
const bySymbol = new Map(OKEI_UNITS.map((u) => [u.symbol, u]));
const byName = new Map(OKEI_UNITS.map((u) => [u.name.toLowerCase(), u]));

/** «шт.», « Шт », «пара», «Пара (2 шт.)» → the table's unit; undefined when the text is not one of it. */
function okeiOf(text: string): OkeiUnit | undefined {
  const key = text.trim().toLowerCase();
  const bare = key.replace(/\.$/, '');
  return bySymbol.get(bare) ?? bySymbol.get(UNIT_ALIASES[bare] ?? '') ?? bySymbol.get(key) ?? byName.get(key);
}

/** A unit of the table by its OKEI code as 1C writes it («715», «6», «006»); undefined when not in it. */
export function okeiUnit(code: string): OkeiUnit | undefined {
  const digits = code.trim();
  return /^\d{1,3}$/.test(digits) ? byCode.get(digits.padStart(3, '0')) : undefined;
}

export function unitSymbol(symbol: string, language: Language): string {
  if (language !== 'en') return symbol;
  return okeiOf(symbol)?.symbolEn ?? OTHER_EN[symbol.trim().toLowerCase()] ?? symbol;
}

/** The unit's full name of docs/spec/03-entities.md («Пара (2 шт.)», «pair (2 pcs)»); a unit not in the table: as stored. */
export function unitName(symbol: string, language: Language): string {
  const unit = okeiOf(symbol);
  if (!unit) return symbol;
  return language === 'en' ? unit.nameEn : unit.name;
}

/** The unit's id of docs/spec/03-entities.md: its OKEI code (796 pieces when the symbol is not known). */
export function unitCode(symbol: string): string {
  return okeiOf(symbol)?.code ?? '796';
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
