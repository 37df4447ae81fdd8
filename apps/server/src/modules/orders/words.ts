const ONES_M = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const ONES_F = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

/** Russian plural form: 1 рубль, 2 рубля, 5 рублей. */
export function plural(n: number, forms: [string, string, string]): string {
  const a = n % 100;
  const b = n % 10;
  if (a >= 11 && a <= 19) return forms[2];
  if (b === 1) return forms[0];
  if (b >= 2 && b <= 4) return forms[1];
  return forms[2];
}

function triad(n: number, feminine: boolean): string[] {
  const words: string[] = [];
  words.push(HUNDREDS[Math.floor(n / 100)] ?? '');
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10] ?? '');
  else {
    words.push(TENS[Math.floor(rest / 10)] ?? '');
    words.push((feminine ? ONES_F : ONES_M)[rest % 10] ?? '');
  }
  return words.filter(Boolean);
}

const SCALES: Array<{ forms: [string, string, string]; feminine: boolean }> = [
  { forms: ['', '', ''], feminine: false },
  { forms: ['тысяча', 'тысячи', 'тысяч'], feminine: true },
  { forms: ['миллион', 'миллиона', 'миллионов'], feminine: false },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], feminine: false },
];

/** A whole number in Russian words ('двадцать одна тысяча сто пять'); feminine for the units if asked. */
export function numberInWords(n: number, feminine = false): string {
  if (n === 0) return 'ноль';
  const parts: string[] = [];
  let scale = 0;
  let rest = Math.floor(n);
  while (rest > 0 && scale < SCALES.length) {
    const t = rest % 1000;
    const s = SCALES[scale]!;
    if (t > 0) {
      const w = triad(t, scale === 0 ? feminine : s.feminine);
      if (scale > 0) w.push(plural(t, s.forms));
      parts.unshift(w.join(' '));
    }
    rest = Math.floor(rest / 1000);
    scale++;
  }
  return parts.join(' ');
}

const CURRENCY_WORDS: Record<
  string,
  { major: [string, string, string]; minor: [string, string, string]; feminine: boolean }
> = {
  RUB: { major: ['рубль', 'рубля', 'рублей'], minor: ['копейка', 'копейки', 'копеек'], feminine: false },
  USD: { major: ['доллар США', 'доллара США', 'долларов США'], minor: ['цент', 'цента', 'центов'], feminine: false },
  EUR: { major: ['евро', 'евро', 'евро'], minor: ['цент', 'цента', 'центов'], feminine: false },
};

/** The sum in words a Russian bill carries: 'Одна тысяча двести рублей 50 копеек'. */
export function sumInWords(value: number, currency = 'RUB'): string {
  const c = CURRENCY_WORDS[currency] ?? CURRENCY_WORDS.RUB!;
  const cents = Math.round(value * 100);
  const major = Math.floor(cents / 100);
  const minor = cents % 100;
  const text = `${numberInWords(major, c.feminine)} ${plural(major, c.major)} ${String(minor).padStart(2, '0')} ${plural(minor, c.minor)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
