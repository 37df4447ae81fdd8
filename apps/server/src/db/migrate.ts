import { Migrator, sql, type Migration } from 'kysely';
import type { Db, DatabaseHandle } from './database.js';
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
import * as rateCounters from './migrations/0050-rate-counters.js';
import * as orderPickup from './migrations/0060-order-pickup.js';
import * as orderShipped from './migrations/0061-order-shipped.js';
import * as siteMenu from './migrations/0065-site-menu.js';
import * as generatedFileKey from './migrations/0066-generated-file-key.js';
import * as orderChanges from './migrations/0100-order-changes.js';
import * as exchange from './migrations/0090-exchange.js';
import * as catalogBulkStock from './migrations/0091-catalog-bulk-stock.js';
import * as catalogPriceMappings from './migrations/0092-catalog-price-mappings.js';
import * as exchangeMenu from './migrations/0093-exchange-menu.js';
import * as contentAdmin from './migrations/0120-content-admin.js';
import * as jobs from './migrations/0080-jobs.js';
import * as auditLog from './migrations/0101-audit-log.js';
import * as deskMenu from './migrations/0102-desk-menu.js';
import * as englishTexts from './migrations/0145-english-texts.js';
import * as orderOffer from './migrations/0146-order-offer.js';
import * as catalogColor from './migrations/0147-catalog-color.js';
import * as jobResult from './migrations/0135-job-result.js';
import * as catalogWholeOrder from './migrations/0160-catalog-whole-order.js';
import * as catalogVersionSearch from './migrations/0161-catalog-version-search.js';
import * as catalogCellsBulkWrites from './migrations/0170-catalog-cells-bulk-writes.js';
import * as siteOnePhone from './migrations/0190-site-one-phone.js';
import * as formOrderField from './migrations/0191-form-order-field.js';
import * as menuDashboardEnglish from './migrations/0192-menu-dashboard-english.js';
import * as deskMenuStaff from './migrations/0193-desk-menu-staff.js';
import * as staffMenu from './migrations/0194-staff-menu.js';
import * as orderTidingsPending from './migrations/0200-order-tidings-pending.js';
import * as account from './migrations/0210-account.js';
import * as exchangeReview from './migrations/0211-exchange-review.js';
import * as ordersFrom1C from './migrations/0220-orders-from-1c.js';
import * as accountBillReminders from './migrations/0221-account-bill-reminders.js';
import * as accountLedgerDays from './migrations/0222-account-ledger-days.js';
import * as accountOrdersFrom1CConverted from './migrations/0223-account-orders-from-1c-converted.js';
import * as accountLedgerDaysByDay from './migrations/0224-account-ledger-days-by-day.js';
import * as partsReplacements from './migrations/0230-parts-replacements.js';
import * as dealerMachines from './migrations/0240-dealer-machines.js';
import * as partsArrivals from './migrations/0231-parts-arrivals.js';
import * as apiKeys from './migrations/0250-api-keys.js';
import * as priceListLinks from './migrations/0251-price-list-links.js';
import * as priceListJobs from './migrations/0252-price-list-jobs.js';
import * as priceListMail from './migrations/0253-price-list-mail.js';
import * as webhooks from './migrations/0260-webhooks.js';
import * as telegram from './migrations/0261-telegram.js';
import * as catalogVersionSimilar from './migrations/0290-catalog-version-similar.js';
import * as sessionChanges from './migrations/0291-session-changes.js';
import * as dealerManager from './migrations/0201-dealer-manager.js';
import * as companyManager from './migrations/0202-company-manager.js';

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
  '0050-rate-counters': rateCounters,
  '0060-order-pickup': orderPickup,
  '0061-order-shipped': orderShipped,
  '0065-site-menu': siteMenu,
  '0066-generated-file-key': generatedFileKey,
  '0100-order-changes': orderChanges,
  '0090-exchange': exchange,
  '0091-catalog-bulk-stock': catalogBulkStock,
  '0092-catalog-price-mappings': catalogPriceMappings,
  '0093-exchange-menu': exchangeMenu,
  '0120-content-admin': contentAdmin,
  '0080-jobs': jobs,
  '0135-job-result': jobResult,
  '0101-audit-log': auditLog,
  '0102-desk-menu': deskMenu,
  '0145-english-texts': englishTexts,
  '0146-order-offer': orderOffer,
  '0147-catalog-color': catalogColor,
  '0160-catalog-whole-order': catalogWholeOrder,
  '0161-catalog-version-search': catalogVersionSearch,
  '0170-catalog-cells-bulk-writes': catalogCellsBulkWrites,
  '0190-site-one-phone': siteOnePhone,
  '0191-form-order-field': formOrderField,
  '0192-menu-dashboard-english': menuDashboardEnglish,
  '0193-desk-menu-staff': deskMenuStaff,
  '0194-staff-menu': staffMenu,
  '0200-order-tidings-pending': orderTidingsPending,
  '0210-account': account,
  '0211-exchange-review': exchangeReview,
  '0220-orders-from-1c': ordersFrom1C,
  '0221-account-bill-reminders': accountBillReminders,
  '0222-account-ledger-days': accountLedgerDays,
  '0223-account-orders-from-1c-converted': accountOrdersFrom1CConverted,
  '0224-account-ledger-days-by-day': accountLedgerDaysByDay,
  '0230-parts-replacements': partsReplacements,
  '0240-dealer-machines': dealerMachines,
  '0231-parts-arrivals': partsArrivals,
  '0250-api-keys': apiKeys,
  '0251-price-list-links': priceListLinks,
  '0252-price-list-jobs': priceListJobs,
  '0253-price-list-mail': priceListMail,
  '0260-webhooks': webhooks,
  '0261-telegram': telegram,
  '0290-catalog-version-similar': catalogVersionSimilar,
  '0291-session-changes': sessionChanges,
  '0201-dealer-manager': dealerManager,
  '0202-company-manager': companyManager,
};

/** The names this version of the server expects applied (GET /ready compares them with the database). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

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

/** Key of the session-level advisory lock that serialises start-ups on one PostgreSQL (any constant works). */
export const STARTUP_LOCK = 80_001_401;

/**
 * Runs `work` (migrate, then seed an empty database) while holding a PostgreSQL advisory lock, so instances
 * started at once on one database migrate and seed it once: the first does the work, the others wait, then
 * find nothing left to do. (Kysely's migrator also locks each run; the seed needs the wider lock.) PGlite has
 * one process per data directory (db/data-dir-lock.ts) and runs `work` as it is.
 */
export async function withStartupLock<T>(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  work: (db: Db) => Promise<T>,
  options: { pollMs?: number; maxWaitMs?: number } = {},
): Promise<T> {
  if (database.kind !== 'postgres') return work(database.db);
  const deadline = Date.now() + (options.maxWaitMs ?? 30 * 60_000);
  return database.db.connection().execute(async (conn) => {
    // Polled, not `pg_advisory_lock`: a blocking wait is one statement, cancelled by the pool's statement_timeout
    // (15 s) while another instance runs a long migration (decision 085).
    for (;;) {
      const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${STARTUP_LOCK}) AS ok`.execute(conn);
      if (rows[0]?.ok) break;
      if (Date.now() > deadline)
        throw new Error('Gave up waiting for another instance to finish migrating the database');
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
    }
    try {
      return await work(database.db);
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn).catch(() => {});
    }
  });
}
