import { normalizeArticle } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { replaceCarriedLinks, type LinkInput } from './queries.js';

type Demo = Omit<LinkInput, 'effectiveFrom'> & { effectiveFrom?: string };

/**
 * Demo replacement numbers (decision 205), for the `dealer` account to try in search and «Заказ по номерам»:
 * a chain of two old numbers to RE504836, a set for an old pin assembly, and an interchangeable bearing.
 */
const LINKS: Demo[] = [
  {
    oldArticle: 'AR58956',
    oldBrand: 'John Deere',
    newArticle: 'RE57394',
    newBrand: 'John Deere',
    kind: 'REPLACED',
    ratio: 1,
  },
  {
    oldArticle: 'RE57394',
    oldBrand: 'John Deere',
    newArticle: 'RE504836',
    newBrand: 'John Deere',
    kind: 'REPLACED',
    ratio: 1,
  },
  {
    oldArticle: 'РСМ-10.01.50.100',
    oldBrand: 'Ростсельмаш',
    newArticle: 'РСМ-10.01.50.115',
    newBrand: 'Ростсельмаш',
    kind: 'REPLACED',
    ratio: 2,
  },
  {
    oldArticle: 'РСМ-10.01.50.100',
    oldBrand: 'Ростсельмаш',
    newArticle: '6205-2RS',
    newBrand: 'SKF',
    kind: 'REPLACED',
    ratio: 1,
  },
  {
    oldArticle: '6205-2RS',
    oldBrand: 'SKF',
    newArticle: '6205-2RSH/C3',
    newBrand: 'SKF',
    kind: 'INTERCHANGEABLE',
    ratio: 1,
  },
];

export async function seedParts(db: Db): Promise<void> {
  const links = LINKS.map((l) => ({ ...l, effectiveFrom: l.effectiveFrom ?? null, carrier: l.oldArticle }));
  await db.transaction().execute(async (trx) => {
    await replaceCarriedLinks(
      trx,
      'MANUAL',
      links.map((l) => l.carrier),
      links,
    );
  });
}

/** A day `days` from today as `YYYY-MM-DD`. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo data of decisions 206 and 207, after the baskets are seeded: the Mann-Filter oil filter W 950/26 has 2 in
 * stock and its analogues plenty, and the `dealer`'s basket «Основная» asks for 8 of it (a short line with
 * in-stock alternatives); it and a few «под заказ» parts carry expected arrivals.
 */
export async function seedArrivals(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const byArticle = new Map(
      (
        await trx
          .selectFrom('products')
          .select(['id', 'article', 'stock_real'])
          .where('article', 'in', ['W 950/26', 'RE504836', 'LF3349', 'P550428'])
          .execute()
      ).map((p) => [p.article, p]),
    );
    const short = byArticle.get('W 950/26');
    if (!short) return;
    const stores = await trx.selectFrom('stores').select(['id', 'code', 'is_virtual']).orderBy('sort').execute();
    const real = stores.filter((s) => !s.is_virtual);
    const [first, second] = real;
    if (!first) return;
    await trx.deleteFrom('product_stock').where('product_id', '=', short.id).execute();
    await trx.insertInto('product_stock').values({ product_id: short.id, store_id: first.id, amount: 2 }).execute();
    for (const article of ['LF3349', 'P550428']) {
      const p = byArticle.get(article);
      if (!p) continue;
      if (Number(p.stock_real) < 20)
        await trx
          .insertInto('product_stock')
          .values({ product_id: p.id, store_id: first.id, amount: 60 })
          .onConflict((oc) => oc.columns(['product_id', 'store_id']).doUpdateSet({ amount: 60 }))
          .execute();
      await trx
        .insertInto('product_analogues')
        .values({
          product_id: short.id,
          article,
          article_key: normalizeArticle(article),
          brand: article === 'LF3349' ? 'Fleetguard' : 'Donaldson',
          analogue_product_id: p.id,
          kind: 'ANALOGUE',
        })
        .execute();
    }
    const waiting = await trx
      .selectFrom('products')
      .select('id')
      .where('active', '=', true)
      .where('stock_real', '=', 0)
      .where('stock_virtual', '>', 0)
      .orderBy('id')
      .limit(6)
      .execute();
    await trx
      .insertInto('product_arrivals')
      .values([
        { product_id: short.id, store_id: first.id, expected_on: inDays(14), quantity: 40, source: '1C' },
        ...(second
          ? [
              {
                product_id: short.id,
                store_id: second.id,
                expected_on: inDays(30),
                quantity: 20,
                source: '1C' as const,
              },
            ]
          : []),
        ...waiting.map((p, i) => ({
          product_id: p.id,
          store_id: first.id,
          expected_on: inDays(7 + i * 3),
          quantity: 10 + i * 5,
          source: '1C' as const,
        })),
      ])
      .execute();
    const basket = await trx
      .selectFrom('baskets as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select('b.id')
      .where('u.login', '=', 'dealer')
      .where('b.name', '=', 'Основная')
      .executeTakeFirst();
    if (basket)
      await trx
        .insertInto('basket_items')
        .values({ basket_id: basket.id, product_id: short.id, quantity: 8 })
        .onConflict((oc) => oc.columns(['basket_id', 'product_id']).doUpdateSet({ quantity: 8 }))
        .execute();
  });
}
