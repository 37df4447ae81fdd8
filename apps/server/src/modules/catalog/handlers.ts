import { inLanguage, PAGE_SIZE_ALL, type catalogMethods, type ProductMatch } from '@portal/contract';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { pageOf, refuseTooManyRows } from '../../rest/paging.js';
import { fullNameOf } from '../auth/index.js';
import { isAdmin, isStaff, setUserPricing, userById } from '../auth/index.js';
import { cachedCount } from './cache.js';
import { productCard } from './card.js';
import { smartFilter } from './filter.js';
import { loadOffers, loadPriceTable, priceContextOf } from './offers.js';
import { withMachines } from './machine-hook.js';
import { leanList, listAnswer, listingPage, priceEntry, readFilter, storesIn } from './products.js';
import './lower-names.js';
import * as q from './queries.js';
import { searchProducts, searchProductsIn } from './search.js';

/** The first sort key of a list input and its direction, or the fallback. */
const sortOf = <K extends string>(sort: Partial<Record<K, q.SortDir>> | undefined, fallback: [K | null, q.SortDir]) =>
  (Object.entries(sort ?? {})[0] ?? fallback) as [K, q.SortDir];

async function pricing(ctx: RestContext, userId: number) {
  const actor = requireActor(ctx);
  // Another user's settings are only an administrator's business; to anyone else they do not exist.
  if (userId !== actor.id && !isAdmin(actor)) throw notFound();
  const [user, priceTypes, paySystems] = await Promise.all([
    userById(ctx.db, userId),
    q.priceTypeChoices(ctx.db),
    q.activePaySystemChoices(ctx.db),
  ]);
  if (!user) throw notFound();
  return {
    userId: user.id,
    login: user.login,
    fullName: fullNameOf(user) || user.login,
    priceTypeId: user.price_type_id,
    paySystemId: user.pay_system_id,
    priceTypes,
    paySystems,
    canChangePriceType: isAdmin(actor),
  };
}

/** The ordered quantities and the shipping methods read orders' tables: orders binds them (orders/catalog-handlers.ts). */
type OrdersReadMethods = 'product/get-kolichestvo-zakazannykh-tovarov' | 'shipping/list';

export const catalogHandlers: Handlers<Omit<typeof catalogMethods, OrdersReadMethods>> = {
  async 'section/list'(input, ctx) {
    // Sections left without visible products are hidden from dealers; staff still see them (decision 197).
    const f = { ...input.filter, visibleOnly: !(ctx.actor && isStaff(ctx.actor)) };
    if (f.id && f.id.length === 0) return { count: 0, items: [] };
    const count = await q.countSections(ctx.db, f);
    refuseTooManyRows(ctx.language, input.size, count);
    return { count, items: await q.sectionPage(ctx.db, f, input.sort, input) };
  },

  async 'section/get'(input, ctx) {
    const row = await q.sectionById(ctx.db, input.id);
    const visibleOnly = !(ctx.actor && isStaff(ctx.actor));
    if (!row || (visibleOnly && row.element_cnt <= 0)) throw notFound();
    const [children, trail] = await Promise.all([
      q.childSections(ctx.db, row.id, visibleOnly),
      q.sectionTrail(ctx.db, row.parent_id),
    ]);
    return { ...q.toSection(row), children, breadcrumbs: trail };
  },

  async 'product/list'(input, ctx) {
    const actor = requireActor(ctx);
    const read = await withMachines(ctx.db, actor, input.filter, readFilter(input.filter));
    // An empty id list is an empty answer, without a query (docs/spec/05-validation.md).
    if (read.ids && read.ids.length === 0) return { count: 0, items: [], dict: {} };
    // The price context (with the catalogue version and the user's favourites, decision 250) is read first or
    // alongside, never after a count.
    const [f, context] = await q.categoryAndContext(ctx.db, read, actor, actor.id);
    if (f.sectionIds && f.sectionIds.length === 0) return { count: 0, items: [], dict: {} };
    let searchIds: number[] | null = null;
    let matches: Map<number, ProductMatch> | undefined;
    if (f.search !== undefined) {
      const hits = await searchProductsIn(ctx.db, context?.catalogVersion ?? null, f.search);
      if (hits.length === 0) return { count: 0, items: [], dict: {} };
      searchIds = hits.map((h) => h.id);
      matches = new Map(hits.map((h) => [h.id, h.match]));
    }
    const list = q.productList(ctx.db, f, searchIds, sortOf(input.sort, [null, 'ASC']), context, actor.id);
    // The count depends on the filter, the search hits and (with a price bound) the price context only.
    const counted = cachedCount(ctx.db, context?.catalogVersion ?? null, list.countKey, list.count);
    if (input.size === PAGE_SIZE_ALL) {
      // Every row: only once the count shows they fit in one answer (decision 065).
      const count = await counted;
      refuseTooManyRows(ctx.language, input.size, count);
      return leanList(ctx.db, ctx.language, count, await list.page(input), context, matches);
    }
    // A page is kept per catalogue version and price context; the search hits follow from the filter and the
    // version, so the filter, the order and the window name it (decision 250).
    const key = JSON.stringify([f, input.sort ?? null, input.page ?? 1, input.size ?? 60]);
    const [count, page] = await Promise.all([
      counted,
      listingPage(ctx.db, ctx.language, context, key, () => list.page(input), matches, actor.id),
    ]);
    return listAnswer(count, page);
  },

  async 'product/get'(input, ctx) {
    const actor = requireActor(ctx);
    // The price context (with the settings and the user's favourites), then the card: one statement of its own
    // (decision 224), none while the catalogue version and the context stay the same (decision 250).
    const context = await priceContextOf(ctx.db, actor, 'catalog', actor.id);
    const card = await productCard(ctx.db, ctx.language, context, input.id, actor.id);
    if (!card) throw notFound();
    return card;
  },

  async 'product/get-filter'(input, ctx) {
    const actor = requireActor(ctx);
    const read = await withMachines(ctx.db, actor, input.filter, readFilter(input.filter));
    if (read.ids && read.ids.length === 0) return { items: [] };
    const [f, context] = await q.categoryAndContext(ctx.db, read, actor);
    if (f.sectionIds && f.sectionIds.length === 0) return { items: [] };
    let searchIds: number[] | null = null;
    if (f.search !== undefined) {
      searchIds = (await searchProductsIn(ctx.db, context?.catalogVersion ?? null, f.search)).map((h) => h.id);
      if (searchIds.length === 0) return { items: [] };
    }
    return { items: await smartFilter(ctx.db, f, searchIds, context, ctx.language) };
  },

  async 'product/suggest'(input, ctx) {
    if (!input.search) return { items: [] };
    const hits = (await searchProducts(ctx.db, input.search, input.size ?? 8)).slice(0, input.size ?? 8);
    const byId = new Map(
      (
        await q.suggestRows(
          ctx.db,
          hits.map((h) => h.id),
        )
      ).map((r) => [r.id, r]),
    );
    return {
      items: hits.flatMap((h) => {
        const r = byId.get(h.id);
        return r
          ? [{ id: r.id, name: r.name, article: r.article, brand: r.brand, sectionId: r.section_id, match: h.match }]
          : [];
      }),
    };
  },

  async 'product/price-quantity-stores'(input, ctx) {
    const actor = requireActor(ctx);
    const product = await q.activeProductUnit(ctx.db, input.id);
    if (!product) throw notFound();
    const context = await priceContextOf(ctx.db, actor);
    const [offers, prices] = await Promise.all([
      loadOffers(ctx.db, actor, [product.id], context),
      loadPriceTable(ctx.db, actor, product.id, context),
    ]);
    const offer = offers.get(product.id)!;
    return {
      id: product.id,
      price: offer.price ? priceEntry(offer.price, ctx.language) : null,
      prices: prices.map((p) => priceEntry(p, ctx.language)),
      needsPaySystem: offer.needsPaySystem,
      quantity: offer.quantity,
      availability: offer.availability,
      stores: storesIn(offer.stores, product.unit, ctx.language),
    };
  },

  async 'favorite/list'(input, ctx) {
    const actor = requireActor(ctx);
    const context = await priceContextOf(ctx.db, actor);
    const list = q.favoriteList(ctx.db, actor.id, sortOf(input.sort, ['NAME', 'ASC']), context);
    const count = await list.count();
    refuseTooManyRows(ctx.language, input.size, count);
    return leanList(ctx.db, ctx.language, count, await list.page(input), context);
  },

  async 'favorite/create'(input, ctx) {
    const actor = requireActor(ctx);
    const product = await q.activeProductId(ctx.db, input.id);
    if (!product) throw notFound();
    await q.addFavorite(ctx.db, actor.id, product.id);
    return { id: product.id, value: true };
  },

  async 'favorite/delete'(input, ctx) {
    const actor = requireActor(ctx);
    if (!(await q.removeFavorite(ctx.db, actor.id, input.id))) throw notFound();
    return { ok: true as const };
  },

  async 'payment/list'(input, ctx) {
    const actor = requireActor(ctx);
    const rows = await q.activePaySystemRows(ctx.db);
    return {
      count: rows.length,
      items: pageOf(rows, input).map((r) => ({
        id: r.id,
        name: inLanguage(r.name, r.name_en, ctx.language),
        description: inLanguage(r.description, r.description_en, ctx.language),
        isActive: r.id === actor.paySystemId,
      })),
    };
  },

  'user/pricing-get': (input, ctx) => pricing(ctx, input.id),

  async 'user/pricing-update'(input, ctx) {
    const actor = requireActor(ctx);
    await pricing(ctx, input.id); // 404 for someone else's settings unless an administrator asks
    if (input.priceTypeId !== undefined && !isAdmin(actor)) throw new AppError('FORBIDDEN', 'error.priceTypeForbidden');
    if (input.priceTypeId != null && !(await q.priceTypeExists(ctx.db, input.priceTypeId)))
      throw new AppError('VALIDATION', 'error.priceTypeUnknown', { fields: { priceTypeId: 'error.priceTypeUnknown' } });
    if (input.paySystemId != null && !(await q.paySystemActive(ctx.db, input.paySystemId)))
      throw new AppError('VALIDATION', 'error.paySystemInactive', {
        fields: { paySystemId: 'error.paySystemInactive' },
      });
    await setUserPricing(ctx.db, input.id, {
      ...(input.priceTypeId !== undefined && { price_type_id: input.priceTypeId }),
      ...(input.paySystemId !== undefined && { pay_system_id: input.paySystemId }),
    });
    return pricing(ctx, input.id);
  },
};
