import type { Language, LeanProductDetail } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { jsonBodyOf, withJsonBody } from '../../rest/serialized.js';
import { cachedPage } from './cache.js';
import { priceTableOf, type PriceContext } from './offers.js';
import { favoritesAmong, LeanAnswer, pageContextKey, withFavorite } from './products.js';
import * as q from './queries.js';

/** A card's own keys, after the product's (`isFavorite` goes before them). */
const CARD_KEYS = new Set(['detailText', 'prices', 'analogues', 'similar', 'breadcrumbs', 'dict']);

/** The lean card of an active product as anyone with this price context sees it, favourites aside; null: none. */
async function buildCard(
  db: Db,
  language: Language,
  context: PriceContext | null,
  id: number,
  actorId: number,
): Promise<LeanProductDetail | null> {
  const rows = await q.productCardRows(db, id, context, actorId);
  const detail = rows.find((r) => r.id === id);
  if (!detail) return null;
  const prices = context && detail.price_table ? priceTableOf(detail.price_table, context) : [];
  const analogues = q.cardAnalogues(detail.analogues ?? []);
  const trail = detail.trail ?? [];
  const answer = new LeanAnswer(language, context);
  const views = await answer.products(db, rows);
  const product = views.find((v) => v.id === detail.id);
  if (!product) return null;
  const table = answer.prices(prices);
  const similar = views.filter((v) => v.id !== detail.id);
  const dict = answer.dict(views);
  return {
    ...product,
    ...(detail.detail_text ? { detailText: detail.detail_text } : {}),
    ...(table.length > 0 ? { prices: table } : {}),
    ...(analogues.length > 0
      ? {
          analogues: analogues.map(({ productId, name, ...a }) => ({
            ...a,
            ...(productId !== null ? { productId } : {}),
            ...(name !== null ? { name } : {}),
          })),
        }
      : {}),
    ...(similar.length > 0 ? { similar } : {}),
    ...(trail.length > 0 ? { breadcrumbs: trail } : {}),
    dict,
  };
}

/**
 * The product card (decisions 224 and 250): built once per catalogue version, price context (with the active
 * payment methods of its price table) and language, then kept like a listing's page; each call marks the user's
 * favourites among the product and its similar ones. Null: no active product of that id.
 */
export async function productCard(
  db: Db,
  language: Language,
  context: PriceContext | null,
  id: number,
  actorId: number,
): Promise<LeanProductDetail | null> {
  const version = context?.catalogVersion ?? null;
  if (version === null || !context?.listing) return buildCard(db, language, context, id, actorId);
  const key = `${pageContextKey(context, language)}\u0000${context.listing.paySystems}\u0000card ${id}`;
  const kept = await cachedPage(db, version, key, async () => {
    const card = await buildCard(db, language, context, id, actorId);
    // The flags are the user's, not the card's: they are put back per call.
    if (!card) return null;
    delete card.isFavorite;
    for (const p of card.similar ?? []) delete p.isFavorite;
    // Serialised once, as it is kept (decision 250): the dispatcher sends this text.
    return withJsonBody(card, jsonBodyOf(JSON.stringify(card)));
  });
  if (!kept) return null;
  const ids = [kept.id, ...(kept.similar ?? []).map((p) => p.id)];
  const favorites = context.listing.favorites ?? (await favoritesAmong(db, actorId, ids));
  if (!ids.some((i) => favorites.has(i))) return kept;
  // A new object: the kept card's JSON does not go with it, the dispatcher serialises it.
  const card = favorites.has(kept.id) ? withFavorite(kept, CARD_KEYS) : { ...kept };
  if (kept.similar) card.similar = kept.similar.map((p) => (favorites.has(p.id) ? withFavorite(p) : p));
  return card;
}
