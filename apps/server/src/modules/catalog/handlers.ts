import { PAGE_SIZE_ALL, Role, type catalogMethods, type ProductMatch, type Section } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { fullNameOf, type Actor } from '../auth/actor.js';
import { cachedCount } from './cache.js';
import { smartFilter } from './filter.js';
import { loadOffers, loadPriceTable, priceContextOf } from './offers.js';
import {
  needsPriceJoin,
  orderBy,
  productColumns,
  priceEntry,
  priceJoin,
  productRowsById,
  productViews,
  readFilter,
  resolveCategory,
  scopeCondition,
  facetConditions,
  type ProductViewRow,
} from './products.js';
import { searchProducts } from './search.js';
import './tables.js';

/** `size: -1` means every row; for products it is capped so a million-row catalogue stays a page. */
const MAX_PRODUCTS_PER_PAGE = 1000;

const isAdmin = (actor: Actor) => (actor.roles & Role.ADMINS) !== 0;
const isStaff = (actor: Actor) => (actor.roles & (Role.ADMINS | Role.EMPLOYEES)) !== 0;

type SectionRow = {
  id: number;
  parent_id: number | null;
  code: string;
  name: string;
  description: string;
  photo: string;
  level: number;
  sort: number;
  element_cnt: number;
};

const toSection = (r: SectionRow): Section => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  photo: { src: r.photo },
  elementCnt: r.element_cnt,
  level: r.level,
  parentId: String(r.parent_id ?? 0),
  sort: r.sort,
});

/** Ancestors of a section from the top down, the section included (one recursive query). */
async function sectionTrail(db: Db, sectionId: number | null): Promise<Array<{ id: number; name: string }>> {
  if (sectionId === null) return [];
  const { rows } = await sql<{ id: number; name: string }>`
    WITH RECURSIVE up(id, name, parent_id, depth) AS (
      SELECT id, name, parent_id, 0 FROM sections WHERE id = ${sectionId}
      UNION ALL
      SELECT s.id, s.name, s.parent_id, up.depth + 1 FROM sections s JOIN up ON s.id = up.parent_id WHERE up.depth < 10
    )
    SELECT id, name FROM up ORDER BY depth DESC`.execute(db);
  return rows;
}

const pageOf = (page: number, size: number, cap: number) => {
  const limit = size === PAGE_SIZE_ALL ? cap : Math.min(size, cap);
  return { limit, offset: size === PAGE_SIZE_ALL ? 0 : (page - 1) * limit };
};

async function pricing(ctx: RestContext, userId: number) {
  const actor = requireActor(ctx);
  // Another user's settings are only an administrator's business; to anyone else they do not exist.
  if (userId !== actor.id && !isAdmin(actor)) throw notFound();
  const [user, priceTypes, paySystems] = await Promise.all([
    ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    ctx.db.selectFrom('price_types').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    ctx.db
      .selectFrom('pay_systems')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
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

export const catalogHandlers: Handlers<typeof catalogMethods> = {
  async 'section/list'(input, ctx) {
    const f = input.filter ?? {};
    if (f.id && f.id.length === 0) return { count: 0, items: [] };
    let q = ctx.db.selectFrom('sections').selectAll();
    if (f.level !== undefined) q = q.where('level', '=', f.level);
    if (f.parentId !== undefined)
      q = f.parentId === 0 ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', f.parentId);
    if (f.id) q = q.where('id', 'in', f.id);
    const count = await q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const dir = input.sort?.NAME ?? input.sort?.SORT ?? 'ASC';
    const byName = input.sort?.NAME !== undefined;
    const { limit, offset } = pageOf(input.page, input.size, 10_000);
    const rows = await q
      .orderBy(byName ? 'name' : 'sort', dir === 'DESC' ? 'desc' : 'asc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    return { count: Number(count.n), items: rows.map(toSection) };
  },

  async 'section/get'(input, ctx) {
    const row = await ctx.db.selectFrom('sections').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!row) throw notFound();
    const [children, trail] = await Promise.all([
      ctx.db.selectFrom('sections').selectAll().where('parent_id', '=', row.id).orderBy('sort').orderBy('id').execute(),
      sectionTrail(ctx.db, row.parent_id),
    ]);
    return { ...toSection(row), children: children.map(toSection), breadcrumbs: trail };
  },

  async 'product/list'(input, ctx) {
    const actor = requireActor(ctx);
    const read = readFilter(input.filter);
    // An empty id list is an empty answer, without a query (spec §5).
    if (read.ids && read.ids.length === 0) return { count: 0, items: [] };
    // The price context (with the catalogue version) is read first or alongside, never after a count.
    const [f, context] = await Promise.all([resolveCategory(ctx.db, read), priceContextOf(ctx.db, actor)]);
    if (f.sectionIds && f.sectionIds.length === 0) return { count: 0, items: [] };
    let searchIds: number[] | null = null;
    let matches: Map<number, ProductMatch> | undefined;
    if (f.search !== undefined) {
      const hits = await searchProducts(ctx.db, f.search);
      if (hits.length === 0) return { count: 0, items: [] };
      searchIds = hits.map((h) => h.id);
      matches = new Map(hits.map((h) => [h.id, h.match]));
    }
    const [sortKey, dir] = (Object.entries(input.sort ?? {})[0] ?? [null, 'ASC']) as [
      Parameters<typeof orderBy>[0],
      'ASC' | 'DESC',
    ];
    const c = facetConditions(f);
    const join = needsPriceJoin(f, sortKey) ? priceJoin(context) : sql``;
    const where = sql`${scopeCondition(f, searchIds)} AND ${c.brand} AND ${c.model} AND ${c.kind} AND ${c.available}
      AND coalesce(${c.price}, false)`;
    const { limit, offset } = pageOf(input.page, input.size, MAX_PRODUCTS_PER_PAGE);
    const order = orderBy(sortKey ?? (searchIds ? null : 'NAME'), dir, searchIds);
    const [count, page] = await Promise.all([
      // The count depends on the filter, the search hits and (with a price bound) the price context only.
      cachedCount(
        ctx.db,
        context?.catalogVersion ?? null,
        JSON.stringify(['count', f, searchIds, join.compile(ctx.db).parameters]),
        async () =>
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM products p ${join} WHERE ${where}`.execute(ctx.db))
            .rows[0]?.n ?? 0,
      ),
      sql<ProductViewRow>`SELECT ${productColumns(context, actor.id)} FROM products p ${join} WHERE ${where}
        ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(ctx.db),
    ]);
    const items = await productViews(ctx.db, ctx.language, page.rows, context, matches);
    return { count, items };
  },

  async 'product/get'(input, ctx) {
    const actor = requireActor(ctx);
    const [detail, context] = await Promise.all([
      ctx.db
        .selectFrom('products')
        .select(['id', 'detail_text', 'section_id'])
        .where('id', '=', input.id)
        .where('active', '=', true)
        .executeTakeFirst(),
      priceContextOf(ctx.db, actor),
    ]);
    if (!detail) throw notFound();
    const [prices, analogues, similarIds, trail] = await Promise.all([
      loadPriceTable(ctx.db, actor, detail.id, context),
      ctx.db
        .selectFrom('product_analogues as a')
        .leftJoin('products as p', (j) => j.onRef('p.id', '=', 'a.analogue_product_id').on('p.active', '=', true))
        .select(['a.article', 'a.brand', 'a.kind', 'p.id as productId', 'p.name'])
        .where('a.product_id', '=', detail.id)
        .orderBy('a.kind')
        .orderBy('a.article_key')
        .limit(50)
        .execute(),
      sql<{ id: number }>`
        SELECT similar_id AS id FROM product_similar WHERE product_id = ${detail.id}
        UNION SELECT product_id FROM product_similar WHERE similar_id = ${detail.id}
        ORDER BY 1 LIMIT 12`.execute(ctx.db),
      sectionTrail(ctx.db, detail.section_id),
    ]);
    // The product and its similar items in one batch: one query each for rows, prices, stock, favourites.
    const rows = await productRowsById(ctx.db, [detail.id, ...similarIds.rows.map((r) => r.id)], context, actor.id);
    const views = await productViews(ctx.db, ctx.language, rows, context);
    const product = views.find((v) => v.id === detail.id);
    if (!product) throw notFound();
    return {
      ...product,
      detailText: detail.detail_text,
      prices: prices.map((p) => priceEntry(p, ctx.language)),
      analogues: analogues.map((a) => ({
        article: a.article,
        brand: a.brand,
        kind: a.kind === 'OEM' ? ('OEM' as const) : ('ANALOGUE' as const),
        productId: a.productId ?? null,
        name: a.name ?? null,
      })),
      similar: views.filter((v) => v.id !== detail.id),
      breadcrumbs: trail,
    };
  },

  async 'product/get-filter'(input, ctx) {
    const actor = requireActor(ctx);
    const read = readFilter(input.filter);
    if (read.ids && read.ids.length === 0) return { items: [] };
    const [f, context] = await Promise.all([resolveCategory(ctx.db, read), priceContextOf(ctx.db, actor)]);
    if (f.sectionIds && f.sectionIds.length === 0) return { items: [] };
    let searchIds: number[] | null = null;
    if (f.search !== undefined) {
      searchIds = (await searchProducts(ctx.db, f.search)).map((h) => h.id);
      if (searchIds.length === 0) return { items: [] };
    }
    return { items: await smartFilter(ctx.db, f, searchIds, context, ctx.language) };
  },

  async 'product/suggest'(input, ctx) {
    if (!input.search) return { items: [] };
    const hits = (await searchProducts(ctx.db, input.search, input.size ?? 8)).slice(0, input.size ?? 8);
    const rows = await ctx.db
      .selectFrom('products')
      .select(['id', 'name', 'article', 'brand', 'section_id'])
      .where('id', '=', sql<number>`ANY(${hits.map((h) => h.id)}::int[])`)
      .where('active', '=', true)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
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
    const exists = await ctx.db
      .selectFrom('products')
      .select(['id', 'unit'])
      .where('id', '=', input.id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!exists) throw notFound();
    const context = await priceContextOf(ctx.db, actor);
    const [offers, prices] = await Promise.all([
      loadOffers(ctx.db, actor, [exists.id], context),
      loadPriceTable(ctx.db, actor, exists.id, context),
    ]);
    const offer = offers.get(exists.id)!;
    return {
      id: exists.id,
      price: offer.price ? priceEntry(offer.price, ctx.language) : null,
      prices: prices.map((p) => priceEntry(p, ctx.language)),
      needsPaySystem: offer.needsPaySystem,
      quantity: offer.quantity,
      availability: offer.availability,
      stores: offer.stores.map((s) => ({ ...s, unit: exists.unit })),
    };
  },

  async 'product/get-kolichestvo-zakazannykh-tovarov'(input, ctx) {
    const actor = requireActor(ctx);
    const exists = await ctx.db.selectFrom('products').select('id').where('id', '=', input.id).executeTakeFirst();
    if (!exists) throw notFound();
    // A dealer sees the quantities of their own orders; staff see everyone's.
    const own = isStaff(actor) ? sql`true` : sql`o.user_id = ${actor.id}`;
    const rows = await sql<{ date: string; quantity: number }>`
      SELECT to_char(o.created_at::date, 'YYYY-MM-DD') AS date, sum(oi.quantity)::float8 AS quantity
      FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE oi.product_id = ${exists.id} AND NOT o.is_canceled AND ${own}
      GROUP BY 1 ORDER BY 1 LIMIT 366`.execute(ctx.db);
    return { items: rows.rows.map((r) => ({ date: r.date, quantity: Number(r.quantity) })) };
  },

  async 'favorite/list'(input, ctx) {
    const actor = requireActor(ctx);
    const [sortKey, dir] = (Object.entries(input.sort ?? {})[0] ?? ['NAME', 'ASC']) as [
      Parameters<typeof orderBy>[0],
      'ASC' | 'DESC',
    ];
    const context = await priceContextOf(ctx.db, actor);
    const join = sortKey === 'PRICE' ? priceJoin(context) : sql``;
    const where = sql`p.active AND p.id IN (SELECT product_id FROM favorites WHERE user_id = ${actor.id})`;
    const { limit, offset } = pageOf(input.page, input.size, MAX_PRODUCTS_PER_PAGE);
    const [count, page] = await Promise.all([
      sql<{ n: number }>`SELECT count(*)::int AS n FROM products p WHERE ${where}`.execute(ctx.db),
      sql<ProductViewRow>`SELECT ${productColumns(context, actor.id)} FROM products p ${join} WHERE ${where}
        ORDER BY ${orderBy(sortKey, dir, null)} LIMIT ${limit} OFFSET ${offset}`.execute(ctx.db),
    ]);
    return {
      count: count.rows[0]?.n ?? 0,
      items: await productViews(ctx.db, ctx.language, page.rows, context),
    };
  },

  async 'favorite/create'(input, ctx) {
    const actor = requireActor(ctx);
    const product = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('id', '=', input.id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!product) throw notFound();
    await ctx.db
      .insertInto('favorites')
      .values({ user_id: actor.id, product_id: product.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return { id: product.id, value: true };
  },

  async 'favorite/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const result = await ctx.db
      .deleteFrom('favorites')
      .where('user_id', '=', actor.id)
      .where('product_id', '=', input.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    return { ok: true as const };
  },

  async 'payment/list'(input, ctx) {
    const actor = requireActor(ctx);
    const { limit, offset } = pageOf(input.page, input.size, 1000);
    const rows = await ctx.db
      .selectFrom('pay_systems')
      .select(['id', 'name', 'description'])
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return {
      count: rows.length,
      items: rows.slice(offset, offset + limit).map((r) => ({ ...r, isActive: r.id === actor.paySystemId })),
    };
  },

  async 'shipping/list'(input, ctx) {
    const { limit, offset } = pageOf(input.page, input.size, 1000);
    const rows = await ctx.db
      .selectFrom('shippings')
      .select(['id', 'name', 'is_pickup'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return {
      count: rows.length,
      items: rows.slice(offset, offset + limit).map((r) => ({ id: r.id, name: r.name, isPickup: r.is_pickup })),
    };
  },

  'user/pricing-get': (input, ctx) => pricing(ctx, input.id),

  async 'user/pricing-update'(input, ctx) {
    const actor = requireActor(ctx);
    await pricing(ctx, input.id); // 404 for someone else's settings unless an administrator asks
    if (input.priceTypeId !== undefined && !isAdmin(actor)) throw new AppError('FORBIDDEN', 'error.priceTypeForbidden');
    const set: { price_type_id?: number | null; pay_system_id?: number | null } = {};
    if (input.priceTypeId !== undefined) {
      if (input.priceTypeId !== null) {
        const known = await ctx.db
          .selectFrom('price_types')
          .select('id')
          .where('id', '=', input.priceTypeId)
          .executeTakeFirst();
        if (!known)
          throw new AppError('VALIDATION', 'error.priceTypeUnknown', {
            fields: { priceTypeId: 'error.priceTypeUnknown' },
          });
      }
      set.price_type_id = input.priceTypeId;
    }
    if (input.paySystemId !== undefined) {
      if (input.paySystemId !== null) {
        const active = await ctx.db
          .selectFrom('pay_systems')
          .select('id')
          .where('id', '=', input.paySystemId)
          .where('active', '=', true)
          .executeTakeFirst();
        if (!active) {
          throw new AppError('VALIDATION', 'error.paySystemInactive', {
            fields: { paySystemId: 'error.paySystemInactive' },
          });
        }
      }
      set.pay_system_id = input.paySystemId;
    }
    if (Object.keys(set).length > 0) await ctx.db.updateTable('users').set(set).where('id', '=', input.id).execute();
    return pricing(ctx, input.id);
  },
};
