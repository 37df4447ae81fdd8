import { cp, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Driver } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { isBackground, yieldToRequests } from './priority.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The names of the applied migrations, or an error within about `timeoutMs` (GET /ready). On PostgreSQL a
   * pooled client that does not answer in time is dropped from the pool, never kept waiting on a dead server.
   */
  appliedMigrations(timeoutMs: number): Promise<string[]>;
  /** The pool's clients: total, idle, and calls waiting for one (PostgreSQL; PGlite has one connection). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Round trips sent so far (every statement, `begin`/`commit` included) and explicit transactions (/metrics). */
  probe: StatementProbe;
  /** What the database announces on `portal_changes` (decision 251). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** The channel of row changes that copies kept in a process must follow (migration 0291's triggers). */
export const CHANGES_CHANNEL = 'portal_changes';

/**
 * The notifications of `CHANGES_CHANNEL` (decision 251). A change this process writes is delivered before the
 * write's promise settles (PGlite delivers in the statement; on PostgreSQL every pooled connection listens, and
 * a session's own notifications come before its ReadyForQuery); a change another instance writes, as soon as it
 * arrives. `live` is false while changes may be missed (PostgreSQL's listening connection is down); the
 * subscriber is then called with null: "anything may have changed".
 */
export interface ChangeFeed {
  readonly live: boolean;
  subscribe(onChange: (payload: string | null) => void): () => void;
}

/** A feed the database's connections deliver to; `setLive` tells the subscribers when it may have missed some. */
function changeFeed(start: () => void = () => {}) {
  const subscribers = new Set<(payload: string | null) => void>();
  let started = false;
  const feed = {
    live: false,
    subscribe(onChange: (payload: string | null) => void) {
      subscribers.add(onChange);
      if (!started) {
        started = true;
        start();
      }
      return () => void subscribers.delete(onChange);
    },
    deliver(payload: string | null) {
      for (const onChange of subscribers) onChange(payload);
    },
    setLive(live: boolean) {
      feed.live = live;
      feed.deliver(null);
    },
  };
  return feed;
}

/** The listening connection's application_name (pg_stat_activity). */
export const LISTENER_NAME = 'portal-changes';
/** How long PostgreSQL's listening connection waits before it connects again after losing its server. */
const LISTEN_RETRY_MS = 1000;

/**
 * The one connection of an instance that always listens (pooled ones come and go with the pool), connected
 * again after an error; until it listens again the feed is not live.
 */
function listenOnPostgres(databaseUrl: string, feed: ReturnType<typeof changeFeed>) {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: LISTENER_NAME });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = null;
      feed.setLive(false);
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => feed.deliver(message.payload ?? null));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (client === next) feed.setLive(true);
    } catch {
      lost();
    }
  };
  return {
    start: () => void connect(),
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      feed.live = false;
      await last?.end().catch(() => {});
    },
  };
}

export interface StatementProbe {
  statements: number;
  transactions: number;
}

/** Kysely's log hook, which sees every statement of the connection (a transaction's `begin` too). */
function probeLog(probe: StatementProbe) {
  return (event: { query: { sql: string } }) => {
    probe.statements++;
    if (/^begin\b/i.test(event.query.sql)) probe.transactions++;
  };
}

const MIGRATION_NAMES = 'SELECT name FROM kysely_migration ORDER BY name';

/** Rejects after `ms` with a 'timeout' error unless `work` settles first. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

// numeric and bigint come back as JavaScript numbers on both engines, so queries behave the same.
const NUMERIC = 1700;
const INT8 = 20;
const parseNumber = (v: string) => Number(v);

/** Milliseconds any one statement may run before PostgreSQL cancels it (docs/design.md §8). */
export const STATEMENT_TIMEOUT_MS = 15000;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Copy the database of this migrated data directory before opening (tests: a fresh database in a second). */
  templateDir?: string | undefined;
  onPoolError?: (err: Error) => void;
  /** Seconds a query waited for a pool client (PostgreSQL; /metrics). */
  onAcquire?: (seconds: number) => void;
}

/** Background work waits here, when it takes PGlite's one connection, for the requests in flight (decision 172). */
export const BACKGROUND_WAIT_MS = 250;
/** …and then goes on without waiting for this long. */
export const BACKGROUND_PASS_MS = 10;

class RequestsFirstDialect extends PGliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      if (isBackground()) await yieldToRequests(BACKGROUND_WAIT_MS, BACKGROUND_PASS_MS);
      return acquire();
    };
    return driver;
  }
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    pg.types.setTypeParser(NUMERIC, parseNumber);
    pg.types.setTypeParser(INT8, parseNumber);
    const changes = changeFeed(() => listener.start());
    const listener = listenOnPostgres(options.databaseUrl, changes);
    const pool = new pg.Pool({
      // Every pooled connection listens too, so this instance's own writes reach the feed before they settle.
      onConnect: async (client: pg.ClientBase) => {
        client.on('notification', (message) => changes.deliver(message.payload ?? null));
        await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      },
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30000,
      // No JIT: it compiles for 10 ms and more whenever a short query is estimated expensive (a basket of
      // 1,000 lines, stale statistics right after an import), which costs far more than it saves here.
      options: `-c statement_timeout=${STATEMENT_TIMEOUT_MS} -c jit=off`,
    });
    // A client that loses its server (pg_terminate_backend, a restart, a cut network) emits 'error': an idle
    // one on the pool, but one checked out by a query on itself only, and an 'error' event nobody listens to
    // kills the process. So every client gets its own listener the moment it connects; the query it was
    // running rejects (answered 503 by the error handler) and the pool drops the broken client on release.
    pool.on('error', (err) => options.onPoolError?.(err));
    pool.on('connect', (client) => {
      client.on('error', (err) => options.onPoolError?.(err));
    });
    const onAcquire = options.onAcquire;
    if (onAcquire) {
      // Kysely takes clients with the promise form of connect(); its wait is what /metrics reports.
      const connect = pool.connect.bind(pool);
      const timed = async () => {
        const started = performance.now();
        const client = await connect();
        onAcquire((performance.now() - started) / 1000);
        return client;
      };
      pool.connect = ((callback?: unknown) =>
        typeof callback === 'function' ? connect(callback as never) : timed()) as typeof pool.connect;
    }
    const probe: StatementProbe = { statements: 0, transactions: 0 };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: probeLog(probe) });
    return {
      db,
      kind: 'postgres',
      probe,
      async appliedMigrations(timeoutMs) {
        // query_timeout ends the call on the client side and pool.query releases the client with the error,
        // which removes it from the pool: a probe against a blocked server leaks nothing.
        const config = { text: MIGRATION_NAMES, query_timeout: timeoutMs } as pg.QueryConfig;
        const work = pool.query<{ name: string }>(config);
        const result = await withTimeout(work, timeoutMs);
        return result.rows.map((r) => r.name);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      changes,
      close: async () => {
        await listener.close();
        await db.destroy();
      },
    };
  }
  const dir = path.join(options.dataDir, 'pglite');
  if (options.templateDir && !existsSync(dir)) {
    // The template is a data directory like DATA_DIR: its database is in its own `pglite` folder.
    const template = path.join(options.templateDir, 'pglite');
    if (!existsSync(path.join(template, 'PG_VERSION'))) {
      throw new Error(`No migrated database to copy in ${options.templateDir}`);
    }
    await mkdir(options.dataDir, { recursive: true });
    await cp(template, dir, { recursive: true });
  }
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    parsers: { [NUMERIC]: parseNumber, [INT8]: parseNumber },
    // 64 MB of shared buffers instead of initdb's 128 MB (decision 165): the buffers live in the WASM memory,
    // which never shrinks, and a page they miss is a read from the operating system's file cache.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'],
  });
  // PGlite is one process's own database: it delivers a notification within the statement that causes it.
  // LISTEN runs here, before Kysely has the connection, so it is never part of a caller's transaction.
  const changes = changeFeed();
  await client.listen(CHANGES_CHANNEL, (payload) => changes.deliver(payload));
  changes.live = true;
  const probe: StatementProbe = { statements: 0, transactions: 0 };
  const db = new Kysely<Database>({ dialect: new RequestsFirstDialect(client), log: probeLog(probe) });
  return {
    db,
    kind: 'pglite',
    probe,
    async appliedMigrations(timeoutMs) {
      if (client.closed) throw new Error('closed');
      const result = await withTimeout(client.query<{ name: string }>(MIGRATION_NAMES), timeoutMs);
      return result.rows.map((r) => r.name);
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    changes,
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}
