/**
 * `npm run bench -- --scenario session [--calls N]` — what every `/rest/` call pays before its own work, on
 * PGlite (a fresh DATA_DIR) or PostgreSQL (DATABASE_URL), in this process (docs/performance.md, «The session
 * check and the limit»; decisions 220, 251):
 * - the session check as shipped: the session kept by the instance after its first read (decision 251);
 * - the session check reading its statement (`findWithUser` without the change feed): a session's first call,
 *   the call after a change of it or its user, and one call a minute;
 * - the limiter alone: a Fastify app with the cookie plugin and one route, answered through `inject` with and
 *   without the shipped `@fastify/rate-limit` store (its thresholds raised as `--limits raised` does, so the one
 *   session is never refused); the difference is the limiter's.
 * Each is timed N times one after another after a warm-up, in alternating blocks. CPU per call: this process
 * (PGlite runs in it) plus, on PostgreSQL, the backends of the database (bench/cpu.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { registerRestLimit, restRateLimit } from '../apps/server/src/modules/throttle/index.js';
import { createSessionStore, SESSION_COOKIE } from '../apps/server/src/sessions/session-store.js';
import { postgresCpuMs } from './cpu.js';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    calls: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '2' },
  },
  strict: false,
});
const calls = Number(values.calls);
const rounds = Number(values.rounds);
const databaseUrl = process.env.DATABASE_URL || undefined;
const databaseName = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : '';
const dataDir = databaseUrl ? '' : mkdtempSync(path.join(tmpdir(), 'portal-bench-session-'));
const handle = await openDatabase({ dataDir, databaseUrl });

/** CPU ms per call of `calls` runs of `once`: this process, plus the database's backends on PostgreSQL. */
async function timed(once: () => Promise<void>) {
  for (let i = 0; i < Math.min(2000, calls); i++) await once(); // warm-up: JIT, plans, buffers
  const cpu0 = process.cpuUsage();
  const db0 = databaseUrl ? postgresCpuMs(databaseName) : 0;
  const statements0 = handle.probe.statements;
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await once();
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  const processMs = (used.user + used.system) / 1000;
  const databaseMs = databaseUrl ? postgresCpuMs(databaseName) - db0 : 0;
  const per = (ms: number) => Math.round((ms / calls) * 1000) / 1000;
  return {
    cpu: per(processMs + databaseMs),
    process: per(processMs),
    database: per(databaseMs),
    wall: per(wallMs),
    statements: Math.round(((handle.probe.statements - statements0) / calls) * 1000) / 1000,
  };
}

/** A Fastify app with one route the way the dispatcher has it: with the shipped limit, or without. */
async function limitedApp(withLimit: boolean) {
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'silent' },
    { restLimit: { perSession: 1_000_000_000, perAddress: 1_000_000_000 } },
  );
  const app = Fastify({ logger: false });
  await app.register(fastifyCookie);
  if (withLimit) await registerRestLimit(app, handle.db, config);
  app.post('/rest/*', { config: { rateLimit: withLimit ? restRateLimit(config) : false } }, async () => ({
    result: {},
  }));
  await app.ready();
  return app;
}

try {
  await migrateToLatest(handle.db);
  const user = await sql<{ id: number }>`
    INSERT INTO users (login, password_hash) VALUES (${`bench-session-${Date.now()}`}, 'x') RETURNING id`.execute(
    handle.db,
  );
  const kept = createSessionStore(handle.db, handle.changes);
  const reading = createSessionStore(handle.db);
  const session = await kept.create(user.rows[0]!.id, false);
  await kept.findWithUser(session.token); // starts the change feed (PostgreSQL: its listening connection)
  for (let i = 0; i < 100 && !handle.changes.live; i++) await new Promise((r) => setTimeout(r, 20));
  const check = (store: typeof kept) => async () => {
    const found = await store.findWithUser(session.token);
    if (!found?.user) throw new Error('the session was not found');
  };
  const withLimit = await limitedApp(true);
  const without = await limitedApp(false);
  const request = { method: 'POST' as const, url: '/rest/site/get-main-settings', payload: {} };
  const headers = { cookie: `${SESSION_COOKIE}=${session.token}` };
  const inject = (app: typeof withLimit) => async () => {
    const r = await app.inject({ ...request, headers });
    if (r.statusCode !== 200) throw new Error(`answered ${r.statusCode}`);
  };
  const load = loadavg()[0]!;
  for (let round = 1; round <= rounds; round++) {
    const keptCheck = await timed(check(kept));
    const readCheck = await timed(check(reading));
    const limitOn = await timed(inject(withLimit));
    const limitOff = await timed(inject(without));
    const limiter = Math.round((limitOn.cpu - limitOff.cpu) * 1000) / 1000;
    console.log(
      JSON.stringify({
        engine: databaseUrl ? 'PostgreSQL' : 'PGlite',
        round,
        calls,
        'session kept: CPU ms/call': keptCheck.cpu,
        'session kept: statements/call': keptCheck.statements,
        'session read: CPU ms/call': readCheck.cpu,
        'session read: process, database': [readCheck.process, readCheck.database],
        'route with limit: CPU ms/call': limitOn.cpu,
        'route without: CPU ms/call': limitOff.cpu,
        'limit: statements/call': limitOn.statements,
        'limiter: CPU ms/call': limiter,
        'kept session + limiter: CPU ms/call': Math.round((keptCheck.cpu + limiter) * 1000) / 1000,
        load: [load, loadavg()[0]],
      }),
    );
  }
  await withLimit.close();
  await without.close();
  await sql`DELETE FROM sessions WHERE user_id = ${user.rows[0]!.id}`.execute(handle.db);
  await sql`DELETE FROM users WHERE id = ${user.rows[0]!.id}`.execute(handle.db);
  await sql`DELETE FROM rate_counters WHERE key LIKE 'rest:%'`.execute(handle.db);
} finally {
  await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
