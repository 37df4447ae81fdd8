import type { RefKind } from './routing';

/** «заказ № 12», «возврата №7», «обращение #3», «order № 12», «return No. 7»: the word, then the number. */
const REFERENCE = /(?<!\p{L})(заказ|возврат|обращени|order|return|appeal)\p{L}*\s*(?:№|#|No\.)\s*(\d{1,9})(?!\d)/giu;

const KINDS: Record<string, RefKind> = {
  заказ: 'order',
  order: 'order',
  возврат: 'return',
  return: 'return',
  обращени: 'appeal',
  appeal: 'appeal',
};

/** A text split into plain parts and references to records, in order. */
export function findReferences(text: string): Array<string | { kind: RefKind; id: number; text: string }> {
  const parts: Array<string | { kind: RefKind; id: number; text: string }> = [];
  let at = 0;
  for (const m of text.matchAll(REFERENCE)) {
    const kind = KINDS[m[1]!.toLowerCase()];
    if (!kind) continue;
    if (m.index > at) parts.push(text.slice(at, m.index));
    // The number never wraps away from its «№».
    parts.push({ kind, id: Number(m[2]), text: m[0].replace(/(№|#|No\.)\s+/, '$1\u00a0') });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
