import { sql, type Kysely } from 'kysely';

/**
 * A ledger page reads a company's day totals in day order (decision 204, `ledgerPage`): this index gives them in
 * that order with what the page sums (index-only once vacuumed), so the page neither scans other companies' days
 * nor sorts its own (docs/performance.md, «The dealer's account»). Expand-only; the table is small (a row per
 * company, contract and day), so the index is built in the migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS account_ledger_days_by_day
    ON account_ledger_days (counterparty_id, day) INCLUDE (contract_ext, entries, turnover)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS account_ledger_days_by_day`.execute(db);
}
