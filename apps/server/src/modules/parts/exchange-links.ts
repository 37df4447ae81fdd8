import { normalizeArticle } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { lockReplacements, replaceCarriedLinks, type LinkInput } from './queries.js';

/**
 * Names of a 1C product's property or requisite that state replacement numbers (decision 205), matched whole
 * and case-blind, «ё» as «е». The values are lists in the analogues' syntax: «Бренд: номер», «номер (Бренд)» or
 * «номер», separated by commas, semicolons or new lines; a part of a set carries its quantity as «2 × Бренд:
 * номер», «2 шт Бренд: номер», «Бренд: номер × 2» or «Бренд: номер (2 шт)».
 */
export const REPLACEMENT_NAMES = {
  /** This product is replaced by the listed numbers (several: a set). */
  replacedBy: /^(замена|заменен на|заменено на|заменена на|замена на|новый номер|replaced by)$/,
  /** This product replaces the listed (old) numbers. */
  replaces: /^(заменяет|заменяет номер|заменяет номера|старый номер|старые номера|replaces)$/,
  /** Two-way: either may be ordered. */
  interchangeable: /^(взаимозаменяемость|взаимозаменяем|взаимозаменяемые номера|interchangeable)$/,
  /** From when the product's replacements hold: ДД.ММ.ГГГГ or ГГГГ-ММ-ДД. */
  date: /^(дата замены|замена с|replacement date)$/,
};

const folded = (name: string) => name.trim().toLowerCase().replaceAll('ё', 'е');

/** Which replacement statement a property or requisite name is, if any. */
export function replacementNameOf(name: string): keyof typeof REPLACEMENT_NAMES | null {
  const n = folded(name);
  for (const [key, re] of Object.entries(REPLACEMENT_NAMES))
    if (re.test(n)) return key as keyof typeof REPLACEMENT_NAMES;
  return null;
}

interface Listed {
  article: string;
  brand: string;
  ratio: number;
}

const LEADING = /^(\d{1,5})\s*(?:[×*хx]|шт\.?)\s+(.+)$/i;
const TRAILING = /^(.+?)\s*(?:[×*]\s*(\d{1,5})|\((\d{1,5})\s*шт\.?\))$/i;

/** «2 × Bosch: 0 986 452 041; MANN: W 712/75» → the numbers, brands and quantities. */
export function parseReplacementList(value: string): Listed[] {
  return value
    .split(/[,;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      let ratio = 1;
      let text = s;
      const lead = LEADING.exec(text);
      const trail = lead ? null : TRAILING.exec(text);
      if (lead) {
        ratio = Number(lead[1]);
        text = lead[2]!.trim();
      } else if (trail) {
        ratio = Number(trail[2] ?? trail[3]);
        text = trail[1]!.trim();
      }
      const colon = /^([^:]{1,60}):\s*(.+)$/.exec(text);
      if (colon) return { brand: colon[1]!.trim(), article: colon[2]!.trim(), ratio };
      const paren = /^(.+?)\s*\(([^)]{1,60})\)$/.exec(text);
      if (paren) return { article: paren[1]!.trim(), brand: paren[2]!.trim(), ratio };
      return { article: text, brand: '', ratio };
    })
    .filter((a) => a.article.length > 0 && a.article.length <= 100 && a.ratio >= 1 && a.ratio <= 10000);
}

/** ДД.ММ.ГГГГ or ГГГГ-ММ-ДД → ГГГГ-ММ-ДД; anything else → null (the links then hold at once). */
export function parseReplacementDate(value: string): string | null {
  const v = value.trim();
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(v);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  const date = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : null;
  return date && !Number.isNaN(Date.parse(date)) ? date : null;
}

export type CarriedLink = LinkInput & { carrier: string };

/**
 * The links a 1C product states by its properties and requisites (`named`: name → values). The product is the
 * carrier of them all: the next exchange of it replaces exactly these.
 */
export function replacementLinksOf(
  product: { article: string; brand: string },
  named: ReadonlyArray<{ name: string; values: readonly string[] }>,
): CarriedLink[] {
  const lists = { replacedBy: [] as Listed[], replaces: [] as Listed[], interchangeable: [] as Listed[] };
  let effectiveFrom: string | null = null;
  for (const { name, values } of named) {
    const kind = replacementNameOf(name);
    if (!kind) continue;
    if (kind === 'date') effectiveFrom = parseReplacementDate(values[0] ?? '') ?? effectiveFrom;
    else for (const v of values) lists[kind].push(...parseReplacementList(v));
  }
  const self = { article: product.article, brand: product.brand };
  const base = { effectiveFrom, carrier: product.article };
  const key = normalizeArticle(product.article);
  const other = (l: Listed) => normalizeArticle(l.article) !== key;
  return [
    ...lists.replacedBy.filter(other).map((l) => ({
      ...base,
      oldArticle: self.article,
      oldBrand: self.brand,
      newArticle: l.article,
      newBrand: l.brand,
      kind: 'REPLACED' as const,
      ratio: l.ratio,
    })),
    ...lists.replaces.filter(other).map((l) => ({
      ...base,
      oldArticle: l.article,
      oldBrand: l.brand,
      newArticle: self.article,
      newBrand: self.brand,
      kind: 'REPLACED' as const,
      // «Заменяет» names old numbers one for one: a set is stated on the old number's card.
      ratio: 1,
    })),
    ...lists.interchangeable.filter(other).map((l) => ({
      ...base,
      oldArticle: self.article,
      oldBrand: self.brand,
      newArticle: l.article,
      newBrand: l.brand,
      kind: 'INTERCHANGEABLE' as const,
      ratio: 1,
    })),
  ];
}

/**
 * The 1C links of a batch of products, in the exchange's transaction: each product's earlier 1C links go, its
 * current ones are written; a link that would close a loop is skipped and counted.
 */
export async function replacementsFromExchange(
  trx: Db,
  carriers: readonly string[],
  links: readonly CarriedLink[],
): Promise<{ written: number; loops: number }> {
  if (carriers.length === 0) return { written: 0, loops: 0 };
  await lockReplacements(trx);
  const keys = carriers.map(normalizeArticle).filter((k) => k !== '');
  const { written, loops } = await replaceCarriedLinks(trx, '1C', keys, links);
  return { written, loops: loops.length };
}
