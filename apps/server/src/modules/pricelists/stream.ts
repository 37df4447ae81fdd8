import { PassThrough } from 'node:stream';
import type { PriceListFormat } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/index.js';
import {
  loadStores,
  priceContextOf,
  priceListPage,
  sectionsForPriceList,
  type PriceListFilter,
} from '../catalog/index.js';
import { priceListWriter } from './writers.js';

/** Products read per statement: a page is the most a price list holds in memory (decision 212). */
export const PRICE_LIST_PAGE = 1_000;

export interface PriceListRequest {
  format: PriceListFormat;
  sectionIds: number[] | null;
  inStock: boolean;
  /** The catalogue screen's filter (decision 214); null or absent for none. */
  filter?: PriceListFilter | null;
}

/**
 * The actor's price list as a stream: the price context and warehouses once, then pages by product id
 * (keyset) written as they come, waiting for the reader between pages. An error ends the stream broken.
 */
export async function priceListStream(
  db: Db,
  actor: Actor,
  request: PriceListRequest,
  site: { name: string; url: string },
  pageSize = PRICE_LIST_PAGE,
  /** Told the products written so far after each page (a job's progress, decision 232). */
  onPage?: (written: number) => Promise<void>,
): Promise<PassThrough> {
  const context = await priceContextOf(db, actor, 'catalog');
  const [stores, sections] = await Promise.all([
    loadStores(db, context),
    request.format === 'yml' ? sectionsForPriceList(db) : Promise.resolve([]),
  ]);
  const out = new PassThrough();
  const writer = priceListWriter(request.format, out, { stores, sections, shopName: site.name, url: site.url });
  void (async () => {
    let afterId = 0;
    let written = 0;
    for (;;) {
      const rows = await priceListPage(db, context, stores, {
        sectionIds: request.sectionIds,
        inStock: request.inStock,
        filter: request.filter ?? null,
        afterId,
        limit: pageSize,
      });
      if (rows.length > 0) await writer.page(rows);
      written += rows.length;
      if (onPage) await onPage(written);
      if (rows.length < pageSize || out.destroyed) break;
      afterId = rows[rows.length - 1]!.id;
    }
    await writer.end();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
