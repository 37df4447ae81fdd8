import { expressionBuilder, sql, type Expression } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { priceFor, type PriceContext } from './offers.js';
import './tables.js';

/*
 * What the alternatives of short lines need of the catalogue (decision 206): a product's stock the dealer can
 * get now (real warehouses; virtual ones are «под заказ»), its analogues, and the candidates' offers.
 */

/** A product's number, stock in real warehouses and factor, as a subquery another module joins on its id. */
export const productStock = () =>
  expressionBuilder<Database, never>()
    .selectFrom('products')
    .select(['id', 'article_key', 'stock_real', 'measure_factor', 'active']);

/**
 * The same for one basket line, as a LATERAL subquery of one primary-key probe (see `lineProductOf` in
 * names.ts: without `LIMIT 1` a freshly filled basket was merged with the whole products index).
 */
export const lineStockOf = (productId: Expression<number>) => productStock().where('id', '=', productId).limit(1);

/** The active analogues of these products (either direction of the cross-reference), by product. */
export async function analoguesOfProducts(
  db: Db,
  productIds: number[],
): Promise<Array<{ product_id: number; analogue_id: number }>> {
  if (productIds.length === 0) return [];
  const { rows } = await sql<{ product_id: number; analogue_id: number }>`
    SELECT DISTINCT a.product_id, ap.id AS analogue_id
    FROM product_analogues a
    JOIN products ap ON ap.active AND ap.id <> a.product_id
      AND (ap.id = a.analogue_product_id OR (a.analogue_product_id IS NULL AND ap.article_key = a.article_key))
    WHERE a.product_id = ANY(${productIds}::int[])`.execute(db);
  return rows;
}

export interface AlternativeOffer {
  id: number;
  name: string;
  article: string;
  brand: string;
  article_key: string;
  stock_real: number;
  measure_factor: number;
  value: number | null;
  currency: string | null;
}

/** Active products in stock now (real warehouses), with the dealer's price: the candidates an alternative may be. */
export async function inStockOffers(db: Db, context: PriceContext | null, ids: number[]): Promise<AlternativeOffer[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products as p')
    .leftJoinLateral(
      () => priceFor(db, context, sql<number>`p.id`),
      (join) => join.onTrue(),
    )
    .select([
      'p.id',
      'p.name',
      'p.article',
      'p.brand',
      'p.article_key',
      'p.stock_real',
      'p.measure_factor',
      'pr.value',
      'pr.currency',
    ])
    .where('p.id', '=', sql<number>`ANY(${ids}::int[])`)
    .where('p.active', '=', true)
    .where('p.stock_real', '>', 0)
    .execute();
}

/** Products' stock the dealer can get now and their factor (a quick order's lines asked by product). */
export const productStockOf = async (db: Db, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .selectFrom('products')
        .select(['id', 'article_key', 'stock_real', 'measure_factor'])
        .where('id', '=', sql<number>`ANY(${ids}::int[])`)
        .where('active', '=', true)
        .execute();
