import type { ExchangeReport } from '@portal/contract';
import { dealerCountsByPriceType } from '../auth/index.js';
import {
  activePaySystems,
  countHiddenExcept,
  countPriceChanges,
  countStockChanges,
  defaultPriceTypeId,
  idsByExtId,
  loadPriceMappings,
  missingSections,
  previewByExtId,
  previewProducts,
  priceTypeNames,
  productIdsByExtId,
  sectionsEmptied,
} from '../catalog/index.js';
import { applyProperties, applyUnits, buildProducts, offerCells, TOTAL_STORE, type CellsOf } from './apply-catalog.js';
import type {
  DocumentFacts,
  GroupRecord,
  OfferRecord,
  PriceTypeRecord,
  ProductRecord,
  PropertyRecord,
  StoreRecord,
  UnitRecord,
} from './commerceml.js';
import type { ExchangeDeps } from './deps.js';
import { sessionRuns, stageBatch, stagedIds, stagedPlaces, type RunRow } from './queries.js';

/**
 * The report of what a catalogue file WILL do (decision 197), computed from its staged records against the
 * catalogue, writing no catalogue data. A phase of its own between parse and apply, in bounded batches like
 * the others (its state is in the run's cursor). `preview`: a manual upload's dry run compares every product
 * with the catalogue (the counts the apply then gives); a live 1C exchange skips that part and fills the
 * products' counts from what the apply did (after the fact), so 1C's exchange does not pay for it.
 */

export interface ReportState {
  /** 0: groups, types and the classifier's references; 1: products; 2: offers; 3: the last queries. */
  step: number;
  after: number;
  report: ExchangeReport;
  newSections: string[];
  typesUsed: string[];
  storesUsed: string[];
  needsTotal: boolean;
}

const BATCH = 1000;

export const emptyReport = (full: boolean): ExchangeReport => ({
  full,
  products: { total: 0, added: 0, changed: 0, unchanged: 0, hidden: 0, markedDeleted: 0 },
  sections: { total: 0, added: 0, addedNames: [], emptied: 0, emptiedNames: [] },
  priceTypes: [],
  stores: [],
  offers: { total: 0, unknownProducts: 0, prices: 0, stocks: 0 },
  withoutPrice: [],
});

type Staged<T> = { seq: number; ext_id: string; data: T };
const batchOf = async <T>(deps: ExchangeDeps, run: RunRow, kind: string, after: number, limit: number) =>
  (await stageBatch(deps.db, run.id, kind, after, limit)) as Array<Staged<T>>;

/** One bounded step of the report; true once it is complete (`state.report` then holds it). */
export async function reportStep(
  deps: ExchangeDeps,
  run: RunRow,
  facts: DocumentFacts,
  state: ReportState | undefined,
  options: { preview: boolean; singleFile: boolean },
  stop: () => boolean,
): Promise<{ done: boolean; state: ReportState }> {
  const s: ReportState = state ?? {
    step: 0,
    after: 0,
    report: emptyReport(facts.catalog === 'full'),
    newSections: [],
    typesUsed: [],
    storesUsed: [],
    needsTotal: false,
  };
  const r = s.report;
  while (s.step < 4) {
    if (stop()) return { done: false, state: s };
    if (s.step === 0) {
      // The classifier's property and unit definitions go to the exchange's own references (not the
      // catalogue): the products' rows are built with them, as the apply builds them.
      await applyUnits(deps.db, await batchOf<UnitRecord>(deps, run, 'unit', 0, 200_000));
      await applyProperties(deps.db, await batchOf<PropertyRecord>(deps, run, 'property', 0, 200_000));
      const groups = (await batchOf<GroupRecord>(deps, run, 'group', 0, 200_000)).filter((g) => !g.data.deleted);
      const missing = await missingSections(
        deps.db,
        groups.map((g) => g.ext_id),
      );
      r.sections.total = groups.length;
      r.sections.added = missing.size;
      r.sections.addedNames = groups
        .filter((g) => missing.has(g.ext_id))
        .slice(0, 50)
        .map((g) => g.data.name);
      s.newSections = [...missing];
      // A live exchange reads no product or offer twice: its counts come from the apply (after the fact).
      s.step = options.preview ? 1 : 3;
      s.after = 0;
      continue;
    }
    if (s.step === 1) {
      const rows = await batchOf<ProductRecord>(deps, run, 'product', s.after, BATCH);
      if (rows.length === 0) {
        s.step = 2;
        s.after = 0;
        continue;
      }
      const { products } = await buildProducts(deps.db, rows);
      const found = await previewProducts(deps.db, products, new Set(s.newSections));
      r.products.added += found.created;
      r.products.changed += found.changed;
      s.after = rows[rows.length - 1]!.seq;
      continue;
    }
    if (s.step === 2) {
      const rows = await batchOf<OfferRecord>(deps, run, 'offer', s.after, BATCH);
      if (rows.length === 0) {
        s.step = 3;
        continue;
      }
      r.offers.total += rows.length;
      const known = await productIdsByExtId(
        deps.db,
        rows.map((o) => o.data.product),
      );
      // Products of the same session not applied yet (a reviewed upload's import.xml) are known too.
      const unknown = rows.filter((o) => !known.has(o.data.product)).map((o) => o.data.product);
      const staged = unknown.length > 0 ? new Set(await sessionProducts(deps, run)) : new Set<string>();
      r.offers.unknownProducts += unknown.filter((p) => !staged.has(p)).length;
      // The price and stock cells the apply will write, compared with the catalogue (decision 227).
      const cells = await previewCells(deps, run, rows, known, staged);
      r.offers.prices = (r.offers.prices ?? 0) + (await countPriceChanges(deps.db, cells.prices));
      r.offers.stocks = (r.offers.stocks ?? 0) + (await countStockChanges(deps.db, cells.stock));
      const types = new Set(s.typesUsed);
      const stores = new Set(s.storesUsed);
      for (const o of rows) {
        for (const p of o.data.prices) types.add(p.type);
        for (const st of o.data.stock ?? []) stores.add(st.store);
        if (o.data.stock === null && o.data.total !== null) s.needsTotal = true;
      }
      s.typesUsed = [...types];
      s.storesUsed = [...stores];
      s.after = rows[rows.length - 1]!.seq;
      continue;
    }
    await finishReport(deps, run, s, options);
    s.step = 4;
  }
  return { done: true, state: s };
}

/**
 * The cells a batch of offers will write, as the apply builds them (`offerCells`), with the ids the apply will
 * have by then (decision 227). A product the same upload creates (staged, not in the catalogue) and a price
 * type or warehouse it creates get ids below zero — no row has them, so their cells count as new. A 1C price
 * type not mapped yet lands where the apply's price types step puts it: on the portal type matched by Ид or
 * name (decision 187), for every active payment method no other mapping claims, as `priceCells` then gives.
 */
async function previewCells(
  deps: ExchangeDeps,
  run: RunRow,
  rows: Array<Staged<OfferRecord>>,
  known: Map<string, number>,
  staged: Set<string>,
) {
  const offers = rows.filter((o) => known.has(o.data.product) || staged.has(o.data.product));
  let next = -1;
  const fresh = new Map<string, number>();
  const freshId = (key: string) => {
    if (!fresh.has(key)) fresh.set(key, next--);
    return fresh.get(key)!;
  };
  const productOf = (extId: string) => known.get(extId) ?? freshId(`p:${extId}`);

  const listedTypes = (await batchOf<PriceTypeRecord>(deps, run, 'pricetype', 0, 200_000)).map((t) => ({
    extId: t.ext_id,
    name: t.data.name,
  }));
  const typeExtIds = [...new Set(offers.flatMap((o) => o.data.prices.map((p) => p.type)))];
  const [mappings, pays] = await Promise.all([loadPriceMappings(deps.db), activePaySystems(deps.db)]);
  const byExt = new Map(mappings.map((m) => [m.externalId, m]));
  const unmapped = typeExtIds
    .filter((t) => !byExt.has(t))
    .map((t) => listedTypes.find((l) => l.extId === t) ?? { extId: t, name: `Тип цен ${t.slice(0, 8)}` });
  const matched = await previewByExtId(deps.db, 'price_types', unmapped);
  const claimed = new Set(
    mappings
      .filter((m) => m.priceTypeId !== null && m.paySystemId !== null)
      .map((m) => `${m.priceTypeId}:${m.paySystemId}`),
  );
  const cellsOf: CellsOf = (extId) => {
    const m = byExt.get(extId);
    const match = matched.find((x) => x.extId === extId);
    // A portal type with this Ид but no mapping gets one only when the file lists the type (its price types
    // step); met only in the offers, the apply finds the type and, with no mapping, writes no cell.
    if (!m && match?.match === 'id' && !listedTypes.some((l) => l.extId === extId)) return [];
    const priceTypeId = m ? m.priceTypeId : match ? (match.portalId ?? freshId(`t:${extId}`)) : null;
    if (priceTypeId === null) return [];
    if (m?.paySystemId != null) return [{ priceTypeId, paySystemId: m.paySystemId }];
    return pays.filter((p) => !claimed.has(`${priceTypeId}:${p.id}`)).map((p) => ({ priceTypeId, paySystemId: p.id }));
  };

  const storeExtIds = [
    ...new Set(offers.flatMap((o) => (o.data.stock ?? []).map((st) => st.store))),
    ...(offers.some((o) => o.data.stock === null && o.data.total !== null) ? [TOTAL_STORE.extId] : []),
  ];
  const listedStores = (await batchOf<StoreRecord>(deps, run, 'store', 0, 200_000)).map((t) => ({
    extId: t.ext_id,
    name: t.data.name,
  }));
  const stores = await previewByExtId(
    deps.db,
    'stores',
    storeExtIds.map(
      (st) =>
        listedStores.find((l) => l.extId === st) ??
        (st === TOTAL_STORE.extId ? TOTAL_STORE : { extId: st, name: `Склад ${st.slice(0, 8)}` }),
    ),
  );
  const storeOf = (extId: string) => {
    const s = stores.find((x) => x.extId === extId);
    return s ? (s.portalId ?? freshId(`s:${extId}`)) : undefined;
  };
  return offerCells(offers, productOf, cellsOf, storeOf);
}

async function sessionProducts(deps: ExchangeDeps, run: RunRow): Promise<string[]> {
  const runs = await sessionRuns(deps.db, run.session_id);
  return stagedIds(
    deps.db,
    runs.map((x) => x.id),
    'product',
  );
}

/** Hidden and emptied, the price types and warehouses as they will be taken, and who gets no price. */
async function finishReport(
  deps: ExchangeDeps,
  run: RunRow,
  s: ReportState,
  options: { preview: boolean; singleFile: boolean },
): Promise<void> {
  const r = s.report;
  const places = await stagedPlaces(deps.db, run.id);
  r.products.total = places.length;
  r.products.markedDeleted = places.filter((p) => !p.active).length;
  if (options.preview) r.products.unchanged = Math.max(0, r.products.total - r.products.added - r.products.changed);
  if (r.full) {
    // The single-file scheme hides at this file's end; a package at the session's end, by all its full files.
    const keep = options.singleFile
      ? places.map((p) => p.extId)
      : [...new Set([...places.map((p) => p.extId), ...(await sessionProducts(deps, run))])];
    r.products.hidden = await countHiddenExcept(deps.db, keep);
  }
  if (places.length > 0 || r.full) {
    const emptied = await sectionsEmptied(deps.db, places, r.full);
    r.sections.emptied = emptied.count;
    r.sections.emptiedNames = emptied.names;
  }
  // Price types: the file's list, then those its offers name that no list gave (created with a built name).
  const listed = (await batchOf<PriceTypeRecord>(deps, run, 'pricetype', 0, 200_000)).map((t) => ({
    extId: t.ext_id,
    name: t.data.name,
  }));
  const knownTypes = await idsByExtId(
    deps.db,
    'price_types',
    s.typesUsed.filter((t) => !listed.some((l) => l.extId === t)),
  );
  const types = [
    ...listed,
    ...s.typesUsed
      .filter((t) => !listed.some((l) => l.extId === t) && !knownTypes.has(t))
      .map((t) => ({ extId: t, name: `Тип цен ${t.slice(0, 8)}` })),
  ];
  const typeMatches = await previewByExtId(deps.db, 'price_types', types);
  r.priceTypes = typeMatches.map(({ extId, name, match, portalName }) => ({
    externalId: extId,
    name,
    match,
    portalName,
  }));
  const listedStores = (await batchOf<StoreRecord>(deps, run, 'store', 0, 200_000)).map((t) => ({
    extId: t.ext_id,
    name: t.data.name,
  }));
  const usedStores = [...s.storesUsed, ...(s.needsTotal ? [TOTAL_STORE.extId] : [])];
  const knownStores = await idsByExtId(
    deps.db,
    'stores',
    usedStores.filter((t) => !listedStores.some((l) => l.extId === t)),
  );
  const stores = [
    ...listedStores,
    ...usedStores
      .filter((t) => !listedStores.some((l) => l.extId === t) && !knownStores.has(t))
      .map((t) => (t === TOTAL_STORE.extId ? TOTAL_STORE : { extId: t, name: `Склад ${t.slice(0, 8)}` })),
  ];
  r.stores = (await previewByExtId(deps.db, 'stores', stores)).map(({ extId, name, match, portalName }) => ({
    externalId: extId,
    name,
    match,
    portalName,
  }));
  if (s.typesUsed.length > 0) r.withoutPrice = await withoutPrice(deps, s.typesUsed, typeMatches);
}

/**
 * The portal price types whose dealers get no price from the file's offers: no 1C price type of the offers
 * is mapped to them (an existing mapping says where; a new 1C price type lands on the portal price type it is
 * matched to by name, or on a new one no dealer has). A dealer without a price type has the default one.
 */
async function withoutPrice(
  deps: ExchangeDeps,
  typesUsed: string[],
  matches: Array<{ extId: string; portalId: number | null }>,
): Promise<ExchangeReport['withoutPrice']> {
  const [mappings, dealers, fallback] = await Promise.all([
    loadPriceMappings(deps.db),
    dealerCountsByPriceType(deps.db),
    defaultPriceTypeId(deps.db),
  ]);
  const byExt = new Map(mappings.map((m) => [m.externalId, m]));
  const receiving = new Set<number>();
  for (const t of typesUsed) {
    const m = byExt.get(t);
    const target = m ? m.priceTypeId : (matches.find((x) => x.extId === t)?.portalId ?? null);
    if (target !== null) receiving.add(target);
  }
  const missing = new Map<number, number>();
  for (const [priceTypeId, n] of dealers) {
    const effective = priceTypeId ?? fallback;
    if (effective === null || receiving.has(effective)) continue;
    missing.set(effective, (missing.get(effective) ?? 0) + n);
  }
  const names = await priceTypeNames(deps.db, [...missing.keys()]);
  return [...missing].map(([id, n]) => ({ priceTypeName: names.get(id) ?? String(id), dealers: n }));
}

/** A live exchange's report after the fact: the products' counts as the apply made them. */
export function reportAfterTheFact(report: ExchangeReport, stats: Record<string, number>): ExchangeReport {
  const added = stats.created ?? 0;
  const changed = Math.max(0, (stats.products ?? 0) - added);
  return {
    ...report,
    products: {
      ...report.products,
      added,
      changed,
      unchanged: Math.max(0, report.products.total - added - changed),
      hidden: stats.hidden ?? report.products.hidden,
    },
    offers: {
      total: stats.offers ?? 0,
      unknownProducts: stats.skipped ?? 0,
      prices: stats.prices ?? 0,
      stocks: stats.stocks ?? 0,
    },
  };
}
