import type { ExchangeReport, ExchangeSession, ExchangeStats } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAndPage, type PageInput } from '../../rest/paging.js';
import { unmatchedOfRuns } from '../account/index.js';
import { userCards, type UserCard } from '../auth/index.js';
import { runIdsOfSessions } from './queries.js';
import './tables.js';

/** The documents the sessions' runs could not place (decision 200), listed in the history. */
async function unmatchedOfSessions(db: Db, sessionIds: number[]) {
  const runIds = await runIdsOfSessions(db, sessionIds);
  return unmatchedOfRuns(db, runIds);
}

const userNameOf = (u: UserCard | undefined) =>
  [u?.last_name, u?.first_name].filter(Boolean).join(' ') || u?.login || '';

/** The exchange history of the back office (decision 097): sessions with their files and what they changed. */

const STAT_KEYS = [
  'sections',
  'products',
  'created',
  'hidden',
  'prices',
  'stocks',
  'offers',
  'skipped',
  'orders',
  'exported',
  // The account's documents (decision 200), every kind apart (decision 197), and those not placed.
  'ordersFrom1C',
  'shipments',
  'bills',
  'invoices',
  'payments',
  'returns',
  'documents',
  'settlements',
  'unknown',
] as const;

const statsOf = (raw: Record<string, number> | null | undefined): ExchangeStats =>
  Object.fromEntries(STAT_KEYS.map((k) => [k, Number(raw?.[k] ?? 0)])) as ExchangeStats;

/** A session a minute silent is over, whether or not 1C said `complete`. */
const QUIET_MS = 60_000;

export async function sessionsPage(
  db: Db,
  filter: { source?: '1c' | 'manual'; id?: number },
  page: PageInput,
): Promise<{ count: number; items: ExchangeSession[] }> {
  let q = db.selectFrom('exchange_sessions as s');
  if (filter.source) q = q.where('s.source', '=', filter.source);
  if (filter.id) q = q.where('s.id', '=', filter.id);
  // A session that did nothing but sign in is not an exchange.
  q = q.where((eb) =>
    eb
      .exists(eb.selectFrom('exchange_files as f').select('f.id').whereRef('f.session_id', '=', 's.id'))
      .or(eb.exists(eb.selectFrom('exchange_runs as r').select('r.id').whereRef('r.session_id', '=', 's.id'))),
  );
  const { count, rows: sessions } = await countAndPage(
    q,
    (base) =>
      base
        .select(['s.id', 's.source', 's.ip', 's.started_at', 's.last_seen_at', 's.ended_at', 's.user_id', 's.review'])
        .orderBy('s.id', 'desc'),
    page,
  );
  if (sessions.length === 0) return { count, items: [] };
  const ids = sessions.map((s) => s.id);
  const [runs, files, users, unmatched] = await Promise.all([
    db.selectFrom('exchange_runs').selectAll().where('session_id', 'in', ids).orderBy('id').execute(),
    sql<{ session_id: number; name: string; size: string }>`
      SELECT session_id, name, size FROM exchange_files
      WHERE session_id = ANY(${ids}::int[]) AND from_archive IS NULL ORDER BY id`.execute(db),
    userCards(
      db,
      sessions.map((s) => s.user_id),
    ),
    unmatchedOfSessions(db, ids),
  ]);
  const now = Date.now();
  return {
    count,
    items: sessions.map((s) => {
      const own = runs.filter((r) => r.session_id === s.id);
      const totals = statsOf({});
      for (const r of own) {
        const st = statsOf(r.stats);
        for (const k of STAT_KEYS) totals[k] += st[k];
      }
      const quiet = s.ended_at !== null || now - new Date(s.last_seen_at).getTime() > QUIET_MS;
      const status = own.some((r) => r.status === 'failed')
        ? 'failed'
        : s.review === 'pending' ||
            !quiet ||
            own.some((r) => r.status === 'running' && now - new Date(r.updated_at).getTime() < QUIET_MS)
          ? 'running'
          : 'done';
      return {
        id: s.id,
        source: s.source === 'manual' ? 'manual' : '1c',
        userName: userNameOf(s.user_id === null ? undefined : users.get(s.user_id)),
        ip: s.ip,
        startedAt: new Date(s.started_at).toISOString(),
        lastSeenAt: new Date(s.last_seen_at).toISOString(),
        status,
        received: files.rows.filter((f) => f.session_id === s.id).map((f) => ({ name: f.name, size: Number(f.size) })),
        runs: own.map((r) => ({
          id: r.id,
          name: r.file_name,
          type: r.type,
          status: r.status,
          error: r.error,
          stats: statsOf(r.stats),
          startedAt: new Date(r.started_at).toISOString(),
          finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
          report: (r.report ?? null) as ExchangeReport | null,
        })),
        totals,
        review: s.review,
        unmatched: unmatched
          .filter((u) => own.some((r) => r.id === u.run_id))
          .slice(0, 200)
          .map((u) => ({ runId: u.run_id, externalId: u.ext_id, kind: u.kind, number: u.number, reason: u.reason })),
      } satisfies ExchangeSession;
    }),
  };
}

/**
 * The 1C price types whose prices no dealer sees (decision 187): in use (mapped to a portal price type) and
 * no active dealer has that price type — a dealer without one has the default price type.
 */
export function withoutDealers(
  list: {
    items: Array<{ id: number; externalId: string; externalName: string; priceTypeId: number | null }>;
    priceTypes: Array<{ id: number; name: string }>;
  },
  dealers: Map<number | null, number>,
  defaultPriceTypeId: number | null,
) {
  const count = (priceTypeId: number) =>
    (dealers.get(priceTypeId) ?? 0) + (priceTypeId === defaultPriceTypeId ? (dealers.get(null) ?? 0) : 0);
  return list.items.flatMap((m) =>
    m.priceTypeId === null || count(m.priceTypeId) > 0
      ? []
      : [
          {
            id: m.id,
            externalId: m.externalId,
            externalName: m.externalName,
            priceTypeName: list.priceTypes.find((t) => t.id === m.priceTypeId)?.name ?? '',
          },
        ],
  );
}
