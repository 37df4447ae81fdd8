import { inLanguage, translate, type Language, type ProductArrivals } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { loadStores, productStockOf, productsForBasket } from '../catalog/index.js';
import { tellUser, type Telling } from '../notices/index.js';
import { arrivalRows, replaceArrivals, takeArrivedSubscriptions, waitedProducts } from './queries.js';

/** Products' stock now, expected arrivals and whether the user waits for them (decision 207). */
export async function arrivalsView(
  db: Db,
  userId: number,
  ids: number[],
  language: Language,
): Promise<ProductArrivals[]> {
  const unique = [...new Set(ids)];
  const [stock, rows, waited, stores] = await Promise.all([
    productStockOf(db, unique),
    arrivalRows(db, unique),
    waitedProducts(db, userId, unique),
    loadStores(db, null),
  ]);
  const storeName = new Map(stores.map((s) => [s.id, inLanguage(s.name, s.nameEn, language)]));
  return stock.map((p) => ({
    product: p.id,
    stock: Number(p.stock_real),
    arrivals: rows
      .filter((r) => r.product_id === p.id)
      .map((r) => ({
        date: r.date,
        quantity: Number(r.quantity),
        store: r.store_id,
        storeName: r.store_id === null ? '' : (storeName.get(r.store_id) ?? ''),
        source: r.source === '1C' ? ('1C' as const) : ('MANUAL' as const),
      })),
    subscribed: waited.has(p.id),
  }));
}

/** 1C's expected arrivals of the exchanged offers: each named product's 1C rows are replaced by what it states now. */
export const arrivalsFromExchange = (
  db: Db,
  productIds: number[],
  rows: Array<{ productId: number; storeId: number | null; date: string; quantity: number }>,
) => replaceArrivals(db, '1C', productIds, rows);

/**
 * Tells every dealer whose requested product the warehouses now hold — a notice and an e-mail, once — and ends
 * the request, in one transaction: the requests are taken as they are marked, so two exchanges finishing at once
 * tell each dealer once (decision 207). Answers how many were told.
 */
export async function tellArrivals(t: Telling): Promise<number> {
  return t.db.transaction().execute(async (trx) => {
    const taken = await takeArrivedSubscriptions(trx);
    if (taken.length === 0) return 0;
    const products = new Map(
      (await productsForBasket(trx, [...new Set(taken.map((s) => s.product_id))])).map((p) => [p.id, p]),
    );
    for (const s of taken) {
      const p = products.get(s.product_id);
      const name = p ? [p.article, p.name].filter(Boolean).join(' ') : `#${s.product_id}`;
      const stock = Number(s.stock_real);
      await tellUser({ ...t, db: trx }, s.user_id, {
        title: {
          ru: translate('ru', 'tidings.arrivalTitle', p?.article || name),
          en: translate('en', 'tidings.arrivalTitle', p?.article || name),
        },
        text: {
          ru: translate('ru', 'tidings.arrivalText', name, stock),
          en: translate('en', 'tidings.arrivalText', name, stock),
        },
        link: `/catalog/product/${s.product_id}/`,
      });
    }
    return taken.length;
  });
}
