import { createHash, randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ExchangeRunsTable, ExchangeSessionsTable } from './tables.js';
import './tables.js';

/** The exchange module's SQL on its own tables. */

export type SessionRow = Selectable<ExchangeSessionsTable>;
export type RunRow = Selectable<ExchangeRunsTable>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new exchange session; the token is what the cookie carries (only its hash is stored). */
export async function createSession(
  db: Db,
  source: '1c' | 'manual',
  ip: string,
  userId: number | null = null,
): Promise<{ session: SessionRow; token: string }> {
  const token = randomBytes(24).toString('hex');
  const session = await db
    .insertInto('exchange_sessions')
    // A manual upload is reviewed before it applies (decision 197).
    .values({ token_hash: hashOf(token), source, ip, user_id: userId, review: source === 'manual' ? 'pending' : null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { session, token };
}

/** The session of a cookie, if it is known and not older than a day of silence. */
export async function findSession(db: Db, token: string | undefined): Promise<SessionRow | undefined> {
  if (!token || token.length > 200) return undefined;
  return db
    .updateTable('exchange_sessions')
    .set({ last_seen_at: new Date() })
    .where('token_hash', '=', hashOf(token))
    .where('last_seen_at', '>', new Date(Date.now() - 24 * 3600 * 1000))
    .returningAll()
    .executeTakeFirst();
}

export async function sessionById(db: Db, id: number): Promise<SessionRow | undefined> {
  return db.selectFrom('exchange_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function endSession(db: Db, id: number): Promise<void> {
  await db.updateTable('exchange_sessions').set({ ended_at: new Date() }).where('id', '=', id).execute();
}

/** The latest run of a file of the session, or a new one when the file is new or was sent again. */
export async function runFor(
  db: Db,
  sessionId: number,
  type: 'catalog' | 'sale',
  fileName: string,
  fileId: number,
): Promise<RunRow> {
  const existing = await db
    .selectFrom('exchange_runs')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('file_id', '=', fileId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (existing) return existing;
  return db
    .insertInto('exchange_runs')
    .values({ session_id: sessionId, type, file_name: fileName, file_id: fileId, cursor: '{}', stats: '{}' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Takes the run for this call: one call works on a run at a time, whichever instance it lands on. A lease
 * of a call that died runs out by itself.
 */
export async function leaseRun(db: Db, runId: number, ms: number): Promise<RunRow | undefined> {
  return db
    .updateTable('exchange_runs')
    .set({ lease_until: sql<Date>`now() + ${`${Math.ceil(ms / 1000)} seconds`}::interval` })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

export async function saveRun(
  db: Db,
  runId: number,
  patch: {
    phase?: string;
    cursor?: Record<string, unknown>;
    stats?: Record<string, number>;
    status?: 'running' | 'done' | 'failed';
    error?: string | null;
    release?: boolean;
    /** What the file will do (decision 197). */
    report?: unknown;
  },
): Promise<void> {
  await db
    .updateTable('exchange_runs')
    .set({
      ...(patch.phase ? { phase: patch.phase } : {}),
      ...(patch.cursor ? { cursor: JSON.stringify(patch.cursor) } : {}),
      ...(patch.stats ? { stats: JSON.stringify(patch.stats) } : {}),
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.status && patch.status !== 'running' ? { finished_at: new Date() } : {}),
      ...(patch.error !== undefined ? { error: patch.error } : {}),
      ...(patch.release ? { lease_until: null } : {}),
      ...(patch.report !== undefined ? { report: JSON.stringify(patch.report) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', runId)
    .execute();
}

export interface StageRow {
  seq: number;
  kind: string;
  ext: string;
  data: unknown;
}

export async function insertStage(db: Db, runId: number, rows: StageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO exchange_stage (run_id, seq, kind, ext_id, data)
    SELECT ${runId}, (r->>'seq')::int, r->>'kind', r->>'ext', r->'data'
    FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS r`.execute(db);
}

export async function stageBatch(
  db: Db,
  runId: number,
  kind: string,
  afterSeq: number,
  limit: number,
): Promise<Array<{ seq: number; ext_id: string; data: unknown }>> {
  return db
    .selectFrom('exchange_stage')
    .select(['seq', 'ext_id', 'data'])
    .where('run_id', '=', runId)
    .where('kind', '=', kind)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The master's ids of the products (or offers with stock) staged by runs, for a full exchange's switch. */
export async function stagedIds(db: Db, runIds: number[], kind: 'product' | 'offer-stock'): Promise<string[]> {
  if (runIds.length === 0) return [];
  const rows =
    kind === 'product'
      ? await sql<{ ext: string }>`
          SELECT DISTINCT ext_id AS ext FROM exchange_stage WHERE run_id = ANY(${runIds}::int[]) AND kind = 'product'`.execute(
          db,
        )
      : await sql<{ ext: string }>`
          SELECT DISTINCT data->>'product' AS ext FROM exchange_stage
          WHERE run_id = ANY(${runIds}::int[]) AND kind = 'offer'
            AND (jsonb_typeof(data->'stock') = 'array' OR jsonb_typeof(data->'total') = 'number')`.execute(db);
  return rows.rows.map((r) => r.ext);
}

export async function dropStage(db: Db, runId: number): Promise<void> {
  await db.deleteFrom('exchange_stage').where('run_id', '=', runId).execute();
}

export async function sessionRuns(db: Db, sessionId: number): Promise<RunRow[]> {
  return db.selectFrom('exchange_runs').selectAll().where('session_id', '=', sessionId).orderBy('id').execute();
}

export async function saveRefs(
  db: Db,
  kind: 'property' | 'unit',
  rows: Array<{ ext: string; name: string; data: unknown }>,
): Promise<void> {
  if (rows.length === 0) return;
  const unique = [...new Map(rows.map((r) => [r.ext, r])).values()];
  await sql`
    INSERT INTO exchange_refs (kind, ext_id, name, data)
    SELECT ${kind}, r->>'ext', r->>'name', r->'data' FROM jsonb_array_elements(${JSON.stringify(unique)}::jsonb) AS r
    ON CONFLICT (kind, ext_id) DO UPDATE SET name = EXCLUDED.name, data = EXCLUDED.data, updated_at = now()`.execute(
    db,
  );
}

export async function loadRefs(
  db: Db,
  kind: 'property' | 'unit',
  ids: string[],
): Promise<Map<string, { name: string; data: unknown }>> {
  const map = new Map<string, { name: string; data: unknown }>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('exchange_refs')
    .select(['ext_id', 'name', 'data'])
    .where('kind', '=', kind)
    .where('ext_id', 'in', [...new Set(ids)])
    .execute();
  for (const r of rows) map.set(r.ext_id, { name: r.name, data: r.data });
  return map;
}

export async function picturesBySource(
  db: Db,
  sources: string[],
): Promise<Map<string, { key: string; width: number; height: number }>> {
  const map = new Map<string, { key: string; width: number; height: number }>();
  if (sources.length === 0) return map;
  const rows = await db
    .selectFrom('exchange_pictures')
    .select(['source', 'key', 'width', 'height'])
    .where('source', 'in', [...new Set(sources)])
    .execute();
  for (const r of rows) map.set(r.source, r);
  return map;
}

/** The staged products of a run: where each goes and whether it stays visible (the dry run, decision 197). */
export async function stagedPlaces(
  db: Db,
  runId: number,
): Promise<Array<{ extId: string; sectionExtId: string | null; active: boolean }>> {
  const rows = await sql<{ ext: string; section: string | null; deleted: boolean | null }>`
    SELECT ext_id AS ext, data->'groups'->>0 AS section, (data->>'deleted')::boolean AS deleted
    FROM exchange_stage WHERE run_id = ${runId} AND kind = 'product' ORDER BY seq`.execute(db);
  return rows.rows.map((r) => ({ extId: r.ext, sectionExtId: r.section, active: r.deleted !== true }));
}

/**
 * The review of a manual upload (decision 197) moves on once: pending → confirmed or discarded. Answers
 * whether this call moved it (two confirmations at once: one moves it, the other finds it moved).
 */
export async function moveReview(db: Db, sessionId: number, to: 'confirmed' | 'discarded'): Promise<boolean> {
  const moved = await db
    .updateTable('exchange_sessions')
    .set({ review: to, ...(to === 'discarded' ? { ended_at: new Date() } : {}) })
    .where('id', '=', sessionId)
    .where('review', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** The runs of a reviewed session, on to their apply (confirmed) or closed without writing (discarded). */
export async function releaseReviewedRuns(db: Db, sessionId: number, to: 'confirmed' | 'discarded'): Promise<void> {
  await db
    .updateTable('exchange_runs')
    .set(
      to === 'confirmed'
        ? { phase: 'apply', updated_at: new Date() }
        : { status: 'done', phase: 'discarded', finished_at: new Date(), updated_at: new Date() },
    )
    .where('session_id', '=', sessionId)
    .where('phase', '=', 'review')
    .execute();
}

/** Every staged record of a session (a discarded upload's). */
export async function dropSessionStage(db: Db, sessionId: number): Promise<void> {
  await sql`
    DELETE FROM exchange_stage WHERE run_id IN (SELECT id FROM exchange_runs WHERE session_id = ${sessionId})`.execute(
    db,
  );
}

export async function runIdsOfSessions(db: Db, sessionIds: number[]): Promise<number[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db.selectFrom('exchange_runs').select('id').where('session_id', 'in', sessionIds).execute();
  return rows.map((r) => r.id);
}
