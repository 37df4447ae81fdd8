import { sql, type Kysely } from 'kysely';

/**
 * Orders placed in 1C that arrived before decision 202 are account documents of kind `order`, absent from the
 * dealer's order list. Making them orders needs the orders module's rules (status by name, shipped state), so
 * this migration only queues the account module's one-time job `account.convertOrdersFrom1C` (decision 228),
 * once per database by its key; the job is safe to rerun. Expand-only: a worker of the previous version does
 * not claim a kind it has no handler for, and reads the documents as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO jobs (kind, key) VALUES ('account.convertOrdersFrom1C', 'once:account.convertOrdersFrom1C')
    ON CONFLICT (key) WHERE key IS NOT NULL DO NOTHING`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: converted orders stay orders (the job can be rerun, it converts only what is left).
}
