import { Migrator, type Migration } from 'kysely';
import type { Db } from './database.js';
import * as foundation from './migrations/0001-foundation.js';
import * as catalog from './migrations/0002-catalog.js';
import * as orders from './migrations/0003-orders.js';
import * as rateEvents from './migrations/0004-rate-events.js';
import * as catalogSearch from './migrations/0010-catalog-search.js';
import * as catalogSortIndexes from './migrations/0011-catalog-sort-indexes.js';
import * as catalogStockCover from './migrations/0012-catalog-stock-cover.js';
import * as catalogVersion from './migrations/0013-catalog-version.js';
import * as catalogStockByStore from './migrations/0014-catalog-stock-by-store.js';
import * as ordering from './migrations/0020-ordering-indexes.js';
import * as content from './migrations/0030-content.js';
import * as aftersales from './migrations/0040-aftersales.js';

/**
 * Every migration, applied in name order. Files are named `NNNN-domain.ts`; a domain adds its file here.
 * Ranges: 0010–0019 catalogue, 0020–0029 ordering, 0030–0039 content and users, 0040–0049 after-sales.
 * (A static list rather than a folder scan, so the same code runs under tsx, Vitest and a bundler.)
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-catalog': catalog,
  '0003-orders': orders,
  '0004-rate-events': rateEvents,
  '0010-catalog-search': catalogSearch,
  '0011-catalog-sort-indexes': catalogSortIndexes,
  '0012-catalog-stock-cover': catalogStockCover,
  '0013-catalog-version': catalogVersion,
  '0014-catalog-stock-by-store': catalogStockByStore,
  '0020-ordering-indexes': ordering,
  '0030-content': content,
  '0040-aftersales': aftersales,
};

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Domains number their migrations in their own ranges, so an older number may arrive after a newer one.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((r) => r.migrationName);
}
