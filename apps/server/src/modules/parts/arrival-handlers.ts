import { inLanguage, translate, type ArrivalSubscription, type arrivalMethods } from '@portal/contract';
import { notFound, validationError } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import { activeProductNumber, loadStores, productsForBasket } from '../catalog/index.js';
import type { Db } from '../../db/database.js';
import { arrivalsView } from './arrivals.js';
import { arrivalRows, deleteSubscription, listSubscriptions, openSubscription, replaceArrivals } from './queries.js';

interface SubscriptionRow {
  id: number;
  product_id: number;
  created_at: Date;
  notified_at: Date | null;
}

/** Requests as the contract shows them, with their products' numbers and names. */
async function subscriptionViews(db: Db, rows: SubscriptionRow[]): Promise<ArrivalSubscription[]> {
  const products = new Map(
    (await productsForBasket(db, [...new Set(rows.map((r) => r.product_id))])).map((p) => [p.id, p]),
  );
  return rows.map((r) => {
    const p = products.get(r.product_id);
    return {
      id: r.id,
      product: r.product_id,
      article: p?.article ?? '',
      name: p?.name ?? '',
      brand: p?.brand ?? '',
      dateCreate: r.created_at.toISOString(),
      notifiedAt: r.notified_at ? r.notified_at.toISOString() : null,
    };
  });
}

/** Expected arrivals and «сообщить о поступлении» (decision 207). */
export const arrivalHandlers: Handlers<typeof arrivalMethods> = {
  async 'product/arrivals'(input, ctx) {
    const actor = requireActor(ctx);
    return { items: await arrivalsView(ctx.db, actor.id, input.ids, ctx.language) };
  },

  async 'product/arrivals-update'(input, ctx) {
    const actor = requireActor(ctx);
    const product = await activeProductNumber(ctx.db, input.id);
    if (!product) throw notFound();
    // A warehouse deleted (or never there) would fail the foreign key: it is the editor's field, said in Russian.
    const stores = new Set((await loadStores(ctx.db, null)).map((s) => s.id));
    const unknown = input.arrivals.flatMap((a, i) =>
      a.store !== null && !stores.has(a.store)
        ? [[`arrivals.${i}.store`, translate(ctx.language, 'validation.arrivalStore')] as const]
        : [],
    );
    if (unknown.length > 0) throw validationError(Object.fromEntries(unknown));
    await ctx.db.transaction().execute(async (trx) => {
      const before = await arrivalRows(trx, [product.id]);
      await replaceArrivals(
        trx,
        'MANUAL',
        [product.id],
        input.arrivals.map((a) => ({ productId: product.id, storeId: a.store, date: a.date, quantity: a.quantity })),
      );
      await recordAudit(trx, ctx, {
        entity: 'product-arrivals',
        id: product.id,
        action: 'update',
        before: { arrivals: before },
        after: { arrivals: input.arrivals },
      });
    });
    const [view] = await arrivalsView(ctx.db, actor.id, [product.id], ctx.language);
    if (!view) throw notFound();
    return view;
  },

  async 'product/arrival-stores'(_input, ctx) {
    const stores = await loadStores(ctx.db, null);
    return {
      items: stores.map((s) => ({
        id: s.id,
        name: inLanguage(s.name, s.nameEn, ctx.language),
        isVirtual: s.isVirtual,
      })),
    };
  },

  async 'arrival-subscription/list'(input, ctx) {
    const actor = requireActor(ctx);
    const { count, rows } = await listSubscriptions(ctx.db, actor.id, input);
    return { count, items: await subscriptionViews(ctx.db, rows) };
  },

  async 'arrival-subscription/create'(input, ctx) {
    const actor = requireActor(ctx);
    const product = await activeProductNumber(ctx.db, input.product);
    if (!product) throw notFound();
    const [view] = await subscriptionViews(ctx.db, [await openSubscription(ctx.db, actor.id, product.id)]);
    if (!view) throw notFound();
    return view;
  },

  async 'arrival-subscription/delete'(input, ctx) {
    const actor = requireActor(ctx);
    if (!(await deleteSubscription(ctx.db, actor.id, input.id))) throw notFound();
    return { ok: true as const };
  },
};
