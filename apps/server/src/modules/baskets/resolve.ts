import {
  normalizeArticle,
  type Candidate,
  type Language,
  type ResolveResult,
  type ResolvedLine,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/index.js';
import {
  activeAnaloguesByArticleKeys,
  activeProductsByArticleKeys,
  activeProductsByArticlePrefixes,
  loadOffers,
  replacementsOf,
} from '../catalog/index.js';
import type { ParsedLine } from './lines.js';

const MAX_CANDIDATES = 5;
const MIN_PREFIX = 4;

interface Hit {
  key: string;
  id: number;
  name: string;
  article: string;
  brand: string;
  match: Candidate['match'];
}

/**
 * Part numbers → products (a line whose quantity cannot be read is still looked up, decision 191): the product's own key first, then an analogue's key, then (only when neither
 * matched) a prefix of at least four characters. Three set-based queries for any number of lines, so a
 * thousand pasted numbers cost the same round trips as one. The catalogue's ranked search may replace
 * this later; the shape of the answer stays.
 */
export async function resolveLines(
  db: Db,
  actor: Actor,
  lines: ParsedLine[],
  language: Language = 'ru',
): Promise<ResolveResult> {
  const keys = [
    ...new Set(
      lines
        .flatMap((l) => [l.article, ...(l.alternative ? [l.alternative.article] : [])])
        .map(normalizeArticle)
        .filter((k) => k !== ''),
    ),
  ];
  const hits = new Map<string, Hit[]>();
  const push = (h: Hit) => {
    const list = hits.get(h.key) ?? [];
    if (list.length < MAX_CANDIDATES && !list.some((x) => x.id === h.id)) list.push(h);
    hits.set(h.key, list);
  };
  // An old number resolves to its current part(s) and to nothing else (decision 205).
  const replaced = await replacementsOf(db, keys);
  const plain = keys.filter((k) => !replaced.has(k));
  if (plain.length > 0) {
    const exact = await activeProductsByArticleKeys(db, plain);
    for (const p of exact)
      push({ key: p.article_key, id: p.id, name: p.name, article: p.article, brand: p.brand, match: 'article' });
    const analogues = await activeAnaloguesByArticleKeys(db, plain);
    const exactKeys = new Set(hits.keys());
    // An analogue is offered only when no product carries the number itself.
    for (const p of analogues)
      if (!exactKeys.has(p.article_key))
        push({ key: p.article_key, id: p.id, name: p.name, article: p.article, brand: p.brand, match: 'analogue' });
    const rest = plain.filter((k) => !hits.has(k) && k.length >= MIN_PREFIX);
    if (rest.length > 0) {
      const prefixed = await activeProductsByArticlePrefixes(db, rest, MAX_CANDIDATES);
      for (const p of prefixed) push({ ...p, match: 'prefix' });
    }
  }
  const ids = [
    ...new Set([
      ...[...hits.values()].flat().map((h) => h.id),
      ...[...replaced.values()].flat().map((r) => r.productId),
    ]),
  ];
  const known = (article: string) => hits.has(normalizeArticle(article)) || replaced.has(normalizeArticle(article));
  const offers = await loadOffers(db, actor, ids);
  const counts = { found: 0, several: 0, notFound: 0, invalid: 0 };
  const offerOf = (id: number) => {
    const offer = offers.get(id);
    // Stock per warehouse by name (decision 214), only where there is some.
    const stores = (offer?.stores ?? [])
      .filter((s) => s.amount > 0)
      .map((s) => ({
        id: s.id,
        code: s.code,
        name: language === 'en' && s.nameEn ? s.nameEn : s.name,
        amount: s.amount,
      }));
    return {
      price: offer?.price ? { value: offer.price.value, currency: offer.price.currency } : null,
      availability: offer?.availability ?? ('N' as const),
      stock: offer?.quantity ?? 0,
      ...(stores.length > 0 ? { stores } : {}),
    };
  };
  const out: ResolvedLine[] = lines.flatMap((given) => {
    // `LF3349 abc`: when the whole line is no part but the line without its last word is, that word was a
    // quantity the dealer mistyped; the part is shown and the quantity asked for (decision 191).
    const alt = given.alternative;
    const line: ParsedLine =
      alt && !known(given.article) && known(alt.article)
        ? {
            row: given.row,
            article: alt.article,
            quantity: null,
            message: 'validation.number',
            quantityText: alt.quantityText,
          }
        : given;
    const key = normalizeArticle(line.article);
    if (key === '') {
      counts.invalid++;
      return {
        row: line.row,
        article: line.article,
        quantity: line.quantity,
        status: 'invalid' as const,
        message: 'error.lineArticle',
        candidates: [],
      };
    }
    const parts = replaced.get(key);
    if (parts) {
      // A set gives a line per part, the dealer's quantity times the part's ratio.
      counts.found += parts.length;
      return parts.map((p) => ({
        row: line.row,
        article: line.article,
        quantity: line.quantity === null ? null : line.quantity * p.ratio,
        status: 'found' as const,
        ...(line.message ? { message: line.message } : {}),
        ...(line.quantityText !== undefined ? { quantityText: line.quantityText } : {}),
        candidates: [
          {
            productId: p.productId,
            name: p.name,
            article: p.article,
            brand: p.brand,
            match: 'replacement' as const,
            ...offerOf(p.productId),
          },
        ],
        replaced: { chain: p.chain, ratio: p.ratio },
      }));
    }
    const found = hits.get(key) ?? [];
    const candidates: Candidate[] = found.map((h) => ({
      productId: h.id,
      name: h.name,
      article: h.article,
      brand: h.brand,
      match: h.match,
      ...offerOf(h.id),
    }));
    const status = candidates.length === 0 ? 'notFound' : candidates.length === 1 ? 'found' : 'several';
    counts[status]++;
    return {
      row: line.row,
      article: line.article,
      quantity: line.quantity,
      status,
      ...(line.message ? { message: line.message } : {}),
      ...(line.quantityText !== undefined ? { quantityText: line.quantityText } : {}),
      candidates,
    };
  });
  return { lines: out, ...counts };
}
