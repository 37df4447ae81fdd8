import { sql } from 'kysely';
import type { Db } from './database.js';

/** How often a PGlite server vacuums and analyses (PostgreSQL's autovacuum does it there). */
export const PGLITE_MAINTENANCE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * VACUUM ANALYZE now. PGlite runs no autovacuum daemon, so nothing does this by itself, and both halves
 * matter there: without statistics a basket's price lookups chose a range scan of a whole price type
 * (80 ms for 1,000 lines), and without the visibility map every index-only lookup also reads the table
 * (38 µs each instead of 2 µs in WASM). ANALYZE samples a bounded number of rows per table.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await sql`VACUUM ANALYZE`.execute(db);
}

/** Runs vacuumAnalyze every `everyMs` until the returned function is called; failures are reported. */
export function scheduleVacuumAnalyze(db: Db, onError: (err: Error) => void, everyMs = PGLITE_MAINTENANCE_EVERY_MS) {
  const timer = setInterval(() => {
    vacuumAnalyze(db).catch((err: Error) => onError(err));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
