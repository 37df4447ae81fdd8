import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './tables.js';

export interface Hit {
  key: string;
  windowMs: number;
  /** How many to add (a batch of calls on one key); 1 for one attempt. */
  by?: number;
}

export interface Counted {
  key: string;
  windowMs: number;
  slot: number;
  /** The count of the current window after this increment. */
  hits: number;
  /** The count of the window before it (for a sliding estimate). */
  previous: number;
  /** The database's clock, milliseconds since the epoch. */
  nowMs: number;
}

/**
 * Counts hits on several keys in ONE statement: an upsert per key whose row lock serialises concurrent
 * callers, returning each key's new count and its previous window's count. (A CTE that inserts an event and
 * then counts events cannot see rows inserted by concurrent statements: that is how 100 simultaneous
 * sign-ins used to all pass.) Keys are locked in sorted order, so two calls never deadlock.
 */
export async function countHits(db: Db, hits: Hit[]): Promise<Counted[]> {
  const merged = new Map<string, Hit & { by: number }>();
  for (const h of hits) {
    const prev = merged.get(h.key);
    if (prev && prev.windowMs !== h.windowMs) throw new Error(`rate key ${h.key} used with two windows`);
    merged.set(h.key, { key: h.key, windowMs: h.windowMs, by: (prev?.by ?? 0) + (h.by ?? 1) });
  }
  if (merged.size === 0) return [];
  const rows = [...merged.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((h) => sql`(${h.key}::text, ${Math.round(h.windowMs)}::bigint, ${h.by}::int)`);
  const result = await sql<{
    key: string;
    slot: string | number;
    window_ms: number;
    hits: number;
    previous: number;
    now_ms: string | number;
  }>`
    WITH clock AS (SELECT floor(extract(epoch FROM now()) * 1000)::bigint AS now_ms),
    input(key, window_ms, by) AS (VALUES ${sql.join(rows)}),
    hit AS (
      INSERT INTO rate_counters AS c (key, slot, window_ms, hits, expires_at)
      SELECT i.key, clock.now_ms / i.window_ms, i.window_ms, i.by,
             to_timestamp(((clock.now_ms / i.window_ms + 2) * i.window_ms) / 1000.0)
      FROM input i CROSS JOIN clock
      ORDER BY i.key
      ON CONFLICT (key, slot) DO UPDATE SET hits = c.hits + excluded.hits
      RETURNING c.key, c.slot, c.window_ms, c.hits
    )
    SELECT hit.key, hit.slot, hit.window_ms, hit.hits, coalesce(p.hits, 0) AS previous, clock.now_ms
    FROM hit CROSS JOIN clock
    LEFT JOIN rate_counters p ON p.key = hit.key AND p.slot = hit.slot - 1`.execute(db);
  return result.rows.map((r) => ({
    key: r.key,
    windowMs: Number(r.window_ms),
    slot: Number(r.slot),
    hits: Number(r.hits),
    previous: Number(r.previous),
    nowMs: Number(r.now_ms),
  }));
}

/**
 * Takes back one hit of each counted key (the attempt succeeded and is not held against anyone). The rows are
 * locked in the order countHits locks them: an UPDATE alone locks in the order it finds rows on disk, and a
 * refund holding one key while a count holds the other deadlocked (PostgreSQL then kills one: a 500).
 */
export async function refundHits(db: Db, counted: Array<Pick<Counted, 'key' | 'slot'>>): Promise<void> {
  if (counted.length === 0) return;
  const which = counted.map((c) => sql`(${c.key}::text, ${c.slot}::bigint)`);
  await sql`
    UPDATE rate_counters c SET hits = greatest(c.hits - 1, 0)
    FROM (
      SELECT key, slot FROM rate_counters WHERE (key, slot) IN (VALUES ${sql.join(which)})
      ORDER BY key, slot FOR UPDATE
    ) locked
    WHERE c.key = locked.key AND c.slot = locked.slot`.execute(db);
}

/** Forgets the counters of these keys, and of every key that starts with one of the prefixes (locked in key order, as above). */
export async function resetHits(db: Db, which: { keys?: string[]; prefixes?: string[] }): Promise<void> {
  const keys = which.keys ?? [];
  const prefixes = which.prefixes ?? [];
  if (keys.length + prefixes.length === 0) return;
  const match = [
    ...(keys.length ? [sql`key IN (${sql.join(keys)})`] : []),
    ...prefixes.map((p) => sql`starts_with(key, ${p})`),
  ];
  await sql`
    DELETE FROM rate_counters c
    USING (SELECT key, slot FROM rate_counters WHERE ${sql.join(match, sql` OR `)} ORDER BY key, slot FOR UPDATE) locked
    WHERE c.key = locked.key AND c.slot = locked.slot`.execute(db);
}

/** Counters that no longer count, even as a previous window. */
export async function sweepCounters(db: Db): Promise<number> {
  const r = await db
    .deleteFrom('rate_counters')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
