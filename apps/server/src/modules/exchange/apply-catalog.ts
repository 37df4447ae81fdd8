import { colorCode, normalizeArticle } from '@portal/contract';
import type { Db } from '../../db/database.js';
import {
  activePaySystems,
  ensurePriceTypes,
  ensureStores,
  idsByExtId,
  loadPriceMappings,
  productIdsByExtId,
  relaxCommit,
  replaceAnalogues,
  upsertProducts,
  upsertSections,
  writePrices,
  writeStock,
  type BulkAnalogue,
  type BulkPrice,
  type BulkProduct,
  type BulkStock,
} from '../catalog/index.js';
import type {
  GroupRecord,
  OfferRecord,
  PriceTypeRecord,
  ProductRecord,
  PropertyRecord,
  StoreRecord,
  UnitRecord,
} from './commerceml.js';
import { num } from './commerceml.js';
import { loadRefs, picturesBySource, saveRefs } from './queries.js';
import {
  arrivalsFromExchange,
  replacementLinksOf,
  replacementNameOf,
  replacementsFromExchange,
} from '../parts/index.js';

/**
 * Staged CommerceML records → the catalogue, through the catalogue module's bulk writes (decision 092
 * for the mapping, 093 for prices and stock).
 */

type Staged<T> = { ext_id: string; data: T };

export const PICTURE_URL = '/upload/catalog/';
/** The warehouse that takes a quantity given without one (`<Количество>` alone). */
export const TOTAL_STORE = { extId: '#total', name: 'Основной склад' };

/** Property names that are the smart filter's facets (decision 092). */
const FACETS: Array<[RegExp, 'BRAND' | 'MODEL' | 'KIND' | 'COLOR']> = [
  [/^(производитель|бренд|марка|торговая марка|изготовитель|brand|manufacturer)$/i, 'BRAND'],
  [/^(модель техники|модель|применяемость|применимость|модели техники|model)$/i, 'MODEL'],
  [/^(тип детали|вид детали|тип запчасти|вид запчасти|тип|вид|kind)$/i, 'KIND'],
  [/^(цвет|окраска|colou?r)$/i, 'COLOR'],
];
const ANALOGUES = /^(аналоги?|кросс[- ]?номера|кроссы|кросс|номера аналогов|оригинальные номера|oem|cross)$/i;
const EMPTY_REF = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

export const facetOf = (name: string) => FACETS.find(([re]) => re.test(name.trim()))?.[1];

export async function applyUnits(db: Db, rows: Staged<UnitRecord>[]): Promise<number> {
  await saveRefs(
    db,
    'unit',
    rows.map((r) => ({ ext: r.ext_id, name: r.data.short, data: r.data })),
  );
  return rows.length;
}

export async function applyProperties(db: Db, rows: Staged<PropertyRecord>[]): Promise<number> {
  await saveRefs(
    db,
    'property',
    rows.map((r) => ({ ext: r.ext_id, name: r.data.name, data: r.data.values })),
  );
  return rows.length;
}

export async function applyPriceTypes(db: Db, rows: Staged<PriceTypeRecord>[]): Promise<number> {
  await ensurePriceTypes(
    db,
    rows.map((r) => ({ extId: r.ext_id, name: r.data.name })),
  );
  return rows.length;
}

export async function applyStores(db: Db, rows: Staged<StoreRecord>[]): Promise<number> {
  await ensureStores(
    db,
    rows.map((r) => ({ extId: r.ext_id, name: r.data.name })),
  );
  return rows.length;
}

export async function applyGroups(db: Db, rows: Staged<GroupRecord>[]): Promise<number> {
  // Groups of every top-level item, in file order: their sort is their place in the whole tree.
  return upsertSections(
    db,
    rows
      .filter((r) => !r.data.deleted)
      .map((r, i) => ({
        extId: r.ext_id,
        parentExtId: r.data.parent,
        name: r.data.name.slice(0, 250),
        description: r.data.description,
        sort: (i + 1) * 10,
      })),
  );
}

/** "Donaldson: P550428", "P550428 (Donaldson)", "P550428". */
export function parseAnalogueList(value: string): Array<{ article: string; brand: string }> {
  return value
    .split(/[,;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const colon = /^([^:]{1,60}):\s*(.+)$/.exec(s);
      if (colon) return { brand: colon[1]!.trim(), article: colon[2]!.trim() };
      const paren = /^(.+?)\s*\(([^)]{1,60})\)$/.exec(s);
      if (paren) return { article: paren[1]!.trim(), brand: paren[2]!.trim() };
      return { article: s, brand: '' };
    })
    .filter((a) => a.article.length > 0 && a.article.length <= 100);
}

/** Products of a batch, with what the earlier records of the exchange (properties, units, pictures) say. */
export async function applyProducts(
  db: Db,
  rows: Staged<ProductRecord>[],
): Promise<{ created: number; changed: number; analogues: number }> {
  const { products, analogues, replacementCarriers, replacements } = await buildProducts(db, rows);
  return db.transaction().execute(async (trx) => {
    await relaxCommit(trx);
    const result = await upsertProducts(trx, products);
    const linked = await replaceAnalogues(trx, analogues);
    await replacementsFromExchange(trx, replacementCarriers, replacements);
    return { ...result, analogues: linked };
  });
}

/**
 * The catalogue rows of a batch of staged products, as `applyProducts` writes them — also what the dry run
 * (decision 197) compares with the catalogue. Reads only.
 */
export async function buildProducts(db: Db, rows: Staged<ProductRecord>[]) {
  const propertyIds = rows.flatMap((r) => r.data.properties.map((p) => p.id));
  const [properties, units, pictures] = await Promise.all([
    loadRefs(db, 'property', propertyIds),
    loadRefs(db, 'unit', rows.map((r) => r.data.unitCode).filter(Boolean)),
    picturesBySource(
      db,
      rows.flatMap((r) => r.data.pictures),
    ),
  ]);
  const products: BulkProduct[] = [];
  const analogues: BulkAnalogue[] = [];
  const replacementCarriers: string[] = [];
  const replacements: ReturnType<typeof replacementLinksOf> = [];
  for (const { ext_id: extId, data: p } of rows) {
    const values: Record<string, string> = {};
    const crossList: Array<{ article: string; brand: string }> = [];
    // Replacement numbers (decision 205) come as properties or requisites named «Заменён на», «Заменяет», …
    const replacementValues = Object.entries(p.requisites)
      .filter(([name]) => replacementNameOf(name))
      .map(([name, value]) => ({ name, values: [value] }));
    for (const prop of p.properties) {
      const def = properties.get(prop.id);
      const name = (def?.name ?? prop.id).trim().slice(0, 100);
      const dictionary = (def?.data ?? {}) as Record<string, string>;
      const resolved = prop.values
        .map((v) => dictionary[v] ?? v)
        .map((v) => v.trim())
        .filter((v) => v && !EMPTY_REF.test(v));
      if (resolved.length === 0) continue;
      if (replacementNameOf(name)) {
        replacementValues.push({ name, values: resolved });
        continue;
      }
      if (ANALOGUES.test(name)) {
        for (const v of resolved) crossList.push(...parseAnalogueList(v));
        continue;
      }
      const facet = facetOf(name);
      const text = resolved.join(', ').slice(0, 500);
      if (facet === 'COLOR') {
        // A colour is a facet by its hex code (decision 147): one code, or one known colour's name; any other
        // value stays an ordinary property under its own name.
        const color = resolved.length === 1 ? colorCode(resolved[0]!) : null;
        if (color) values.COLOR = color;
        else values[name] = text;
        continue;
      }
      values[facet ?? name] = text;
    }
    const requisite = (...names: string[]) =>
      names.map((n) => p.requisites[n]).find((v) => v !== undefined && v.trim() !== '');
    const brand = (values.BRAND ?? p.maker ?? requisite('Производитель', 'Бренд', 'Изготовитель') ?? '').slice(0, 200);
    if (brand) values.BRAND = brand;
    const unit = p.unit || (units.get(p.unitCode)?.name ?? '') || 'шт';
    const found = p.pictures.map((src) => pictures.get(src)).filter((x) => !!x);
    const photos =
      p.pictures.length === 0
        ? []
        : found.length > 0
          ? found.map((f, i) => ({
              id: i + 1,
              src: `${PICTURE_URL}${f.key.split('/').pop()}`,
              width: f.width,
              height: f.height,
            }))
          : null;
    const weight = num(requisite('Вес', 'Вес (кг)', 'Масса'));
    const volume = num(requisite('Объем', 'Объём', 'Объем (м3)', 'Объём (м3)'));
    products.push({
      extId,
      sectionExtId: p.groups[0] ?? null,
      name: p.name.slice(0, 500),
      article: p.article.slice(0, 100),
      articleKey: p.key.slice(0, 100),
      brand,
      previewText: p.preview,
      detailText: p.description,
      unit: unit.slice(0, 20),
      weightKg: weight !== null && weight >= 0 && weight < 1e9 ? weight : null,
      volumeM3: volume !== null && volume >= 0 && volume < 1e7 ? volume : null,
      photos,
      properties: values,
      active: !p.deleted,
    });
    const fromElement = p.analogues.map((a) => ({
      article: a.article,
      articleKey: normalizeArticle(a.article),
      brand: a.brand,
      targetExtId: a.ext,
    }));
    const fromProperty = crossList.map((a) => ({
      article: a.article,
      articleKey: normalizeArticle(a.article),
      brand: a.brand,
      targetExtId: '',
    }));
    if (fromElement.length > 0 || fromProperty.length > 0) {
      analogues.push({ extId, analogues: [...fromElement, ...fromProperty].slice(0, 200) });
    }
    replacementCarriers.push(p.article);
    replacements.push(...replacementLinksOf({ article: p.article, brand }, replacementValues).slice(0, 200));
  }
  return { products, analogues, replacementCarriers, replacements };
}

/**
 * The cells (portal price type × payment method) each 1C price type's value goes to (decision 095): its
 * mapping's price type, for its payment method, or for every active payment method that no other 1C price
 * type claims for that portal price type by name.
 */
export type CellsOf = (extId: string) => Array<{ priceTypeId: number; paySystemId: number }>;

export async function priceCells(db: Db): Promise<CellsOf> {
  const [pays, mappings] = await Promise.all([activePaySystems(db), loadPriceMappings(db)]);
  const claimed = new Set(
    mappings
      .filter((m) => m.priceTypeId !== null && m.paySystemId !== null)
      .map((m) => `${m.priceTypeId}:${m.paySystemId}`),
  );
  const byExt = new Map(mappings.map((m) => [m.externalId, m]));
  return (extId) => {
    const m = byExt.get(extId);
    if (!m || m.priceTypeId === null) return [];
    if (m.paySystemId !== null) return [{ priceTypeId: m.priceTypeId, paySystemId: m.paySystemId }];
    return pays
      .filter((p) => !claimed.has(`${m.priceTypeId}:${p.id}`))
      .map((p) => ({ priceTypeId: m.priceTypeId!, paySystemId: p.id }));
  };
}

/**
 * What the batches of one call share: the price cells of each 1C price type, and the portal's ids of the
 * price types and warehouses met so far (a handful, asked for once instead of in every batch).
 */
export interface OffersMemo {
  of: CellsOf | null;
  types: Map<string, number>;
  stores: Map<string, number>;
}

export const offersMemo = (): OffersMemo => ({ of: null, types: new Map(), stores: new Map() });

/** The ids of `extIds` in `table`, asking the database only for those `memo` does not hold yet. */
async function memoIds(db: Db, table: 'price_types' | 'stores', extIds: string[], memo: Map<string, number>) {
  const missing = extIds.filter((id) => !memo.has(id));
  for (const [extId, id] of await idsByExtId(db, table, missing)) memo.set(extId, id);
  return memo;
}

/**
 * The price and stock cells a batch of offers writes: the apply writes them, the dry run compares them with the
 * catalogue (decision 227), so both count the same cells. Characteristics of one product
 * (`товар#характеристика`): stock adds up, the first price stands. `storeOf` gives undefined for a warehouse
 * that has no id; an offer with neither per-warehouse stock nor a total leaves its product's stock alone.
 */
export function offerCells(
  offers: Array<{ data: OfferRecord }>,
  productOf: (extId: string) => number,
  cellsOf: CellsOf,
  storeOf: (extId: string) => number | undefined,
): { prices: BulkPrice[]; stock: BulkStock[] } {
  const prices: BulkPrice[] = [];
  const stock: BulkStock[] = [];
  const stockByProduct = new Map<string, Map<number, number>>();
  const pricedCells = new Set<string>();
  for (const { data: o } of offers) {
    for (const p of o.prices) {
      for (const cell of cellsOf(p.type)) {
        const key = `${o.product}:${cell.priceTypeId}:${cell.paySystemId}`;
        if (pricedCells.has(key)) continue;
        pricedCells.add(key);
        prices.push({
          productId: productOf(o.product),
          ...cell,
          value: Math.round(p.value * 100) / 100,
          currency: p.currency,
        });
      }
    }
    const amounts: Array<{ storeId: number; amount: number }> = [];
    if (o.stock) {
      for (const st of o.stock) {
        const storeId = storeOf(st.store);
        if (storeId !== undefined) amounts.push({ storeId, amount: st.amount });
      }
    } else if (o.total !== null) {
      amounts.push({ storeId: storeOf(TOTAL_STORE.extId)!, amount: o.total });
    } else {
      continue;
    }
    const sum = stockByProduct.get(o.product) ?? new Map<number, number>();
    for (const a of amounts) sum.set(a.storeId, (sum.get(a.storeId) ?? 0) + a.amount);
    stockByProduct.set(o.product, sum);
  }
  for (const [extId, sum] of stockByProduct) {
    stock.push({
      productId: productOf(extId),
      stock: [...sum].map(([storeId, amount]) => ({ storeId, amount: Math.min(amount, 1e9) })),
    });
  }
  return { prices, stock };
}

/** Prices and stock of a batch of offers; offers of products the catalogue does not have are counted. */
export async function applyOffers(
  db: Db,
  rows: Staged<OfferRecord>[],
  cells: OffersMemo,
  concurrent = false,
): Promise<{ prices: number; stocks: number; skipped: number }> {
  const known = await productIdsByExtId(
    db,
    rows.map((r) => r.data.product),
  );
  const offers = rows.filter((r) => known.has(r.data.product));
  const typeIds = [...new Set(offers.flatMap((r) => r.data.prices.map((p) => p.type)))];
  const storeIds = [...new Set(offers.flatMap((r) => (r.data.stock ?? []).map((s) => s.store)))];
  const types = await memoIds(db, 'price_types', typeIds, cells.types);
  let stores = await memoIds(db, 'stores', storeIds, cells.stores);
  // Price types and warehouses met for the first time here (no classifier named them): created.
  const newTypes = typeIds.filter((t) => !types.has(t));
  if (newTypes.length > 0) {
    await ensurePriceTypes(
      db,
      newTypes.map((t) => ({ extId: t, name: `Тип цен ${t.slice(0, 8)}` })),
    );
    cells.of = null;
  }
  cells.of ??= await priceCells(db);
  const cellsOf = cells.of;
  const needsTotal = offers.some((r) => r.data.stock === null && r.data.total !== null);
  const newStores = [
    ...storeIds.filter((s) => !stores.has(s)).map((s) => ({ extId: s, name: `Склад ${s.slice(0, 8)}` })),
    ...(needsTotal && !stores.has(TOTAL_STORE.extId) ? [TOTAL_STORE] : []),
  ];
  if (newStores.length > 0) {
    const ids = await idsByExtId(
      db,
      'stores',
      newStores.map((s) => s.extId),
    );
    stores = new Map([
      ...stores,
      ...ids,
      ...(await ensureStores(
        db,
        newStores.filter((s) => !ids.has(s.extId)),
      )),
    ]);
    cells.stores = stores;
  }

  const { prices, stock } = offerCells(
    offers,
    (extId) => known.get(extId)!,
    cellsOf,
    (extId) => stores.get(extId),
  );
  // Expected arrivals (decision 207): every exchanged offer states its product's 1C arrivals (none: none expected).
  await arrivalsFromExchange(
    db,
    [...new Set(offers.map((r) => known.get(r.data.product)!))],
    offers.flatMap(({ data: o }) =>
      (o.arrivals ?? []).map((a) => ({
        productId: known.get(o.product)!,
        storeId: a.store === null ? null : (stores.get(a.store) ?? null),
        date: a.date,
        quantity: a.quantity,
      })),
    ),
  );
  // Prices (one statement) and stock (its own short transaction) apart. On PostgreSQL at once, on two
  // connections (decision 170: they touch different tables, and the stock's product rows take a lock the
  // prices' foreign key checks do not wait for). On PGlite one after the other, with a turn for others
  // between: a transaction holds the one connection every dealer's page waits for.
  if (concurrent) {
    const [written, stocks] = await Promise.all([writePrices(db, prices), writeStock(db, stock)]);
    return { prices: written, stocks, skipped: rows.length - offers.length };
  }
  const written = await writePrices(db, prices);
  await new Promise((resolve) => setImmediate(resolve));
  const stocks = await writeStock(db, stock);
  return { prices: written, stocks, skipped: rows.length - offers.length };
}
