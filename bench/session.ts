/**
 * `npm run bench -- --scenario session [--calls N]` — the session check's own cost per call (docs/performance.md,
 * «Sessions and the limit as shipped»; decision 220): the statement every `/rest/` call sends to find its
 * session and user (`findWithUser`), timed alone, in this process, N times one after another, on PGlite (a
 * fresh DATA_DIR) or PostgreSQL (DATABASE_URL). CPU per call: this process (PGlite runs in it) plus, on
 * PostgreSQL, the backends of the database (bench/cpu.ts). The limiter's share is measured by the catalogue
 * bench (`--limits raised` against `off`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { createSessionStore } from '../apps/server/src/sessions/session-store.js';
import { postgresCpuMs } from './cpu.js';

const { values } = parseArgs({
  options: { scenario: { type: 'string' }, calls: { type: 'string', default: '20000' } },
  strict: false,
});
const calls = Number(values.calls);
const databaseUrl = process.env.DATABASE_URL || undefined;
const databaseName = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : '';
const dataDir = databaseUrl ? '' : mkdtempSync(path.join(tmpdir(), 'portal-bench-session-'));
const handle = await openDatabase({ dataDir, databaseUrl });
try {
  await migrateToLatest(handle.db);
  const user = await sql<{ id: number }>`
    INSERT INTO users (login, password_hash) VALUES (${`bench-session-${Date.now()}`}, 'x') RETURNING id`.execute(
    handle.db,
  );
  const store = createSessionStore(handle.db);
  const session = await store.create(user.rows[0]!.id, false);
  const check = async () => {
    const found = await store.findWithUser(session.token);
    if (!found?.user) throw new Error('the session was not found');
  };
  for (let i = 0; i < 500; i++) await check(); // warm-up: JIT, the statement's plan cache, buffers
  const load = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const db0 = databaseUrl ? postgresCpuMs(databaseName) : 0;
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await check();
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  const processMs = (used.user + used.system) / 1000;
  const databaseMs = databaseUrl ? postgresCpuMs(databaseName) - db0 : 0;
  const per = (ms: number) => Math.round((ms / calls) * 1000) / 1000;
  console.log(
    JSON.stringify({
      engine: databaseUrl ? 'PostgreSQL' : 'PGlite',
      calls,
      'CPU ms/call': per(processMs + databaseMs),
      'process ms/call': per(processMs),
      'database ms/call': per(databaseMs),
      'wall ms/call': per(wallMs),
      load: [load, loadavg()[0]],
    }),
  );
  await sql`DELETE FROM sessions WHERE user_id = ${user.rows[0]!.id}`.execute(handle.db);
  await sql`DELETE FROM users WHERE id = ${user.rows[0]!.id}`.execute(handle.db);
} finally {
  await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
