import { normalizeArticle } from '@portal/contract';
import type { Db } from '../../db/database.js';

let seq = 0;

/**
 * Factories for ordering tests: products with a price for every price type and payment method and stock
 * in every store, inserted straight into the catalogue tables (the catalogue seed is not assumed).
 */
export async function newProduct(
  db: Db,
  options: {
    article?: string;
    price?: number;
    currency?: string;
    weightKg?: number | null;
    volumeM3?: number | null;
    active?: boolean;
    measureFactor?: number;
    noPrice?: boolean;
    stock?: number;
  } = {},
): Promise<{ id: number; article: string; name: string }> {
  seq++;
  const article = options.article ?? `TST-${process.pid}-${seq}-${Math.floor(Math.random() * 1e6)}`;
  const name = `Тестовая деталь ${seq}`;
  const row = await db
    .insertInto('products')
    .values({
      name,
      article,
      article_key: normalizeArticle(article),
      brand: 'Test',
      weight_kg: options.weightKg === undefined ? 1.5 : options.weightKg,
      volume_m3: options.volumeM3 === undefined ? 0.002 : options.volumeM3,
      active: options.active ?? true,
      measure_factor: options.measureFactor ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!options.noPrice) {
    const [types, pays] = await Promise.all([
      db.selectFrom('price_types').select('id').execute(),
      db.selectFrom('pay_systems').select('id').execute(),
    ]);
    const values = types.flatMap((t) =>
      pays.map((p) => ({
        product_id: row.id,
        price_type_id: t.id,
        pay_system_id: p.id,
        value: options.price ?? 100,
        currency: options.currency ?? 'RUB',
      })),
    );
    if (values.length) await db.insertInto('product_prices').values(values).execute();
  }
  const stores = await db.selectFrom('stores').select('id').execute();
  if (stores.length) {
    await db
      .insertInto('product_stock')
      .values(stores.map((s) => ({ product_id: row.id, store_id: s.id, amount: options.stock ?? 5 })))
      .execute();
  }
  return { id: row.id, article, name };
}

export async function newProducts(db: Db, n: number, options: Parameters<typeof newProduct>[1] = {}) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await newProduct(db, options));
  return out;
}
