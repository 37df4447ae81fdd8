import { normalizeArticle, type ProductMatch } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { cachedSearch } from './cache.js';
import { replacementsOf, type ReplacementPart } from './replacement-hook.js';
import './tables.js';

/** The most candidates one search collects; pages are cut from them. */
export const SEARCH_LIMIT = 1000;

export interface SearchHit {
  id: number;
  match: ProductMatch;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Ranked search (docs/design.md §3, decision 010). Tiers, each an indexed query, in this order; a product keeps
 * the first tier that found it (0: the current parts of a replaced number, decision 205):
 *  1. the normalised part number exactly (`6005-028-743` = `6005028743` = `6005 028 743`, Cyrillic look-alikes);
 *  2. the same number with leading zeros lost (Excel), only when exactly one part fits;
 *  3. numbers starting with it; 4. numbers containing it (the digits of `CU-890176-NR1`);
 *  5. analogues' numbers (the relation is reported);
 *  6. full text of names and descriptions (Russian and English stemming), with a typo in a word corrected
 *     against the words of the catalogue.
 */
export async function searchProducts(db: Db, text: string, limit = SEARCH_LIMIT): Promise<SearchHit[]> {
  const hits = new Map<number, ProductMatch>();
  const add = (rows: Array<{ id: number }>, match: (row: never) => ProductMatch) => {
    for (const row of rows) {
      if (hits.size >= limit) return;
      if (!hits.has(row.id)) hits.set(row.id, match(row as never));
    }
  };
  const query = text.trim();
  if (!query) return [];
  const key = normalizeArticle(query);
  const looksLikeNumber = /[0-9]/.test(key) && key.length >= 2 && key.length <= 40;

  if (looksLikeNumber) {
    // 0. An old number: the current parts come first, saying what replaced what (decision 205).
    const replaced = (await replacementsOf(db, [key])).get(key) ?? [];
    add(
      replaced.map((r) => ({ id: r.productId, r })),
      (row: { r: ReplacementPart }) => ({
        kind: 'REPLACED',
        article: row.r.article,
        brand: row.r.brand,
        chain: row.r.chain,
      }),
    );
    const exact = await db
      .selectFrom('products')
      .select(['id', 'article', 'brand'])
      .where('article_key', '=', key)
      .where('active', '=', true)
      .orderBy('id')
      .limit(limit)
      .execute();
    add(exact, (r: { article: string; brand: string }) => ({ kind: 'ARTICLE', article: r.article, brand: r.brand }));

    const stripped = key.replace(/^0+/, '');
    if (exact.length === 0 && stripped.length >= 4) {
      // Excel drops leading zeros: '0.011.0220.0' arrives as 110220.0; taken only when one part fits.
      const zeros = await db
        .selectFrom('products')
        .select(['id', 'article', 'brand'])
        .where(sql<string>`ltrim(article_key, '0')`, '=', stripped)
        .where('article_key', '<>', key)
        .where('active', '=', true)
        .limit(2)
        .execute();
      if (zeros.length === 1) {
        add(zeros, (r: { article: string; brand: string }) => ({
          kind: 'ARTICLE_ZEROS',
          article: r.article,
          brand: r.brand,
        }));
      }
    }

    // Index order (`text_pattern_ops`) and a limit: a short prefix never reads the whole range.
    const prefix = await db
      .selectFrom('products')
      .select(['id', 'article', 'brand'])
      .where('article_key', 'like', `${escapeLike(key)}%`)
      .where('article_key', '<>', key)
      .where('active', '=', true)
      .orderBy('article_key')
      .limit(100)
      .execute();
    add(prefix, (r: { article: string; brand: string }) => ({
      kind: 'ARTICLE_PREFIX',
      article: r.article,
      brand: r.brand,
    }));

    // Five characters or more: shorter fragments match too much of a large catalogue to be useful.
    if (key.length >= 5) {
      const part = await db
        .selectFrom('products')
        .select(['id', 'article', 'brand'])
        .where('article_key', 'like', `%${escapeLike(key)}%`)
        .where('article_key', 'not like', `${escapeLike(key)}%`)
        .where('active', '=', true)
        .limit(100)
        .execute();
      part.sort((a, b) => a.article.length - b.article.length || a.id - b.id);
      add(part, (r: { article: string; brand: string }) => ({
        kind: 'ARTICLE_PART',
        article: r.article,
        brand: r.brand,
      }));
    }

    const analogues = await db
      .selectFrom('product_analogues as a')
      .innerJoin('products as p', 'p.id', 'a.product_id')
      .select(['p.id', 'a.article', 'a.brand', 'a.kind', 'a.article_key'])
      .where('a.article_key', 'like', `${escapeLike(key)}%`)
      .where('p.active', '=', true)
      .orderBy('a.article_key')
      .orderBy('p.id')
      .limit(100)
      .execute();
    // An exact analogue number before analogues that only start with it.
    analogues.sort((a, b) => Number(b.article_key === key) - Number(a.article_key === key));
    add(analogues, (r: { article: string; brand: string; kind: string }) => ({
      kind: 'ANALOGUE',
      article: r.article,
      brand: r.brand,
      relation: r.kind === 'OEM' ? 'OEM' : 'ANALOGUE',
    }));
  }

  if (hits.size < limit && /\p{L}{2,}/u.test(query)) {
    const words = query
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 0)
      .slice(0, 8);
    let text = words.join(' ');
    let rows = await fullText(db, text, limit - hits.size);
    let fuzzy = false;
    if (rows.length === 0) {
      const corrected = await correctWords(db, words);
      if (corrected !== text) {
        fuzzy = true;
        text = corrected;
        rows = await fullText(db, text, limit - hits.size);
      }
    }
    add(rows, () => (fuzzy ? { kind: 'TEXT', fuzzy: true } : { kind: 'TEXT' }));
  }
  return [...hits].map(([id, match]) => ({ id, match }));
}

/**
 * searchProducts under the catalogue version read before it (decision 165): the same text finds the same hits
 * until a write to the catalogue, its analogues or its words (migrations 0013 and 0161) bumps the version.
 * The hits are shared between requests: callers read them and never change them.
 */
export function searchProductsIn(
  db: Db,
  version: number | null,
  text: string,
  limit = SEARCH_LIMIT,
): Promise<readonly SearchHit[]> {
  return cachedSearch(db, version, JSON.stringify([text, limit]), () => searchProducts(db, text, limit));
}

/** Names and descriptions by stemmed words (the `russian` configuration stems Latin words in English). */
async function fullText(db: Db, text: string, limit: number) {
  if (!text.trim()) return [];
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where(sql<boolean>`search_tsv @@ plainto_tsquery('russian', ${text})`)
    .where('active', '=', true)
    .limit(limit)
    .execute();
  // Unranked candidates come in storage order; names that say more of the query come first.
  const words = text.split(' ');
  const score = (name: string) => {
    const lower = name.toLowerCase();
    return words.reduce((n, w) => n + (lower.includes(w.slice(0, Math.max(3, w.length - 2))) ? 1 : 0), 0);
  };
  return rows
    .map((r) => ({ id: r.id, s: score(r.name), len: r.name.length }))
    .sort((a, b) => b.s - a.s || a.len - b.len || a.id - b.id);
}

/** Replaces each word the catalogue does not know by its nearest known word (trigram similarity). */
async function correctWords(db: Db, words: string[]): Promise<string> {
  const out: string[] = [];
  for (const word of words) {
    if (word.length < 4 || /^\d+$/.test(word)) {
      out.push(word);
      continue;
    }
    const known = await db
      .selectFrom('catalog_words')
      .select('word')
      .where(sql<boolean>`word % ${word}`)
      .orderBy(sql`similarity(word, ${word})`, 'desc')
      .orderBy('word')
      .limit(1)
      .executeTakeFirst();
    out.push(known?.word ?? word);
  }
  return out.join(' ');
}
