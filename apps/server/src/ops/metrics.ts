import { timingSafeEqual } from 'node:crypto';
import { methods } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { withTimeout, type DatabaseHandle } from '../db/database.js';
import { queueDepth } from './jobs/queue.js';
import type { JobOutcome } from './jobs/worker.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a /rest/ call (or null), for the request's log line. */
    portalUserId?: number | null;
  }
}

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LONG_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/** /rest/ methods that read an uploaded file into the database (their import durations). */
const IMPORT_METHODS = new Set(['product/get-articles-xls', 'exchange/upload', 'exchange/continue']);
/** Jobs that import a file (decision 135): their attempts are import durations too, labelled by kind. */
const IMPORT_JOBS = new Set(['exchange.import', 'exchange.upload']);
const EXCHANGE_PATHS = new Set(['/exchange/1c', '/bitrix/admin/1c_exchange.php']);
const EXCHANGE_MODES = new Set(['checkauth', 'init', 'file', 'import', 'query', 'success', 'deactivate', 'complete']);
const methodNames = new Set(Object.keys(methods));

export interface PortalMetrics {
  registry: Registry;
  jobFinished(kind: string, outcome: JobOutcome, seconds: number): void;
  poolWait(seconds: number): void;
  /** Counts a finished HTTP request (the onResponse hook). */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
}

/** One registry per server (tests build many in one process); Node's own metrics include event-loop lag. */
export function createMetrics(database: DatabaseHandle): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });

  const requests = new Counter({
    name: 'portal_rest_requests_total',
    help: 'Calls of /rest/ methods, by method and HTTP status',
    labelNames: ['method', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'portal_rest_request_duration_seconds',
    help: 'Time to answer a /rest/ call, by method and HTTP status',
    labelNames: ['method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const exchange = new Histogram({
    name: 'portal_exchange_duration_seconds',
    help: 'Time to answer one call of the 1C exchange protocol, by type and mode',
    labelNames: ['type', 'mode', 'status'] as const,
    buckets: LONG_BUCKETS,
    registers: [registry],
  });
  const imports = new Histogram({
    name: 'portal_import_duration_seconds',
    help: 'Time to read an uploaded file: spreadsheet import and upload calls by /rest/ method and status, import jobs by kind and outcome',
    labelNames: ['method', 'status'] as const,
    buckets: LONG_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_pool_clients',
    help: 'Database pool clients by state (PGlite: one connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = database.poolStats();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'busy' }, s.total - s.idle);
    },
  });
  new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Queries waiting for a free pool client now',
    registers: [registry],
    collect() {
      this.set(database.poolStats().waiting);
    },
  });
  new Counter({
    name: 'portal_db_statements_total',
    help: 'Database round trips since start: every statement (kind=statement, begin/commit included) and explicit transactions (kind=transaction)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ kind: 'statement' }, database.probe.statements);
      this.inc({ kind: 'transaction' }, database.probe.transactions);
    },
  });
  const poolWait = new Histogram({
    name: 'portal_db_pool_wait_seconds',
    help: 'Time a query waited for a pool client (PostgreSQL)',
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 3],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_jobs',
    help: 'Jobs in the queue by kind and status (queued, running, failed = given up)',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const row of await withTimeout(queueDepth(database.db), 1000)) {
          this.set({ kind: row.kind, status: row.status }, row.count);
        }
      } catch {
        // The database is away: /ready says so; the other metrics still answer.
      }
    },
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Job attempts by kind and outcome (done, retry = failed and queued again, failed = given up)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'Time a job attempt took, by kind',
    labelNames: ['kind'] as const,
    buckets: LONG_BUCKETS,
    registers: [registry],
  });

  const observeRequest = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const seconds = reply.elapsedTime / 1000;
    const status = String(reply.statusCode);
    if (path.startsWith('/rest/')) {
      const name = path.slice(6).replace(/\/+$/, '');
      // Unknown names share one label: a scanner must not grow the series without end.
      const method = methodNames.has(name) ? name : 'unknown';
      requests.inc({ method, status });
      durations.observe({ method, status }, seconds);
      if (IMPORT_METHODS.has(method)) imports.observe({ method, status }, seconds);
    } else if (EXCHANGE_PATHS.has(path)) {
      const q = request.query as { type?: string; mode?: string } | undefined;
      const type = q?.type === 'catalog' || q?.type === 'sale' ? q.type : 'other';
      const mode = q?.mode && EXCHANGE_MODES.has(q.mode) ? q.mode : 'other';
      exchange.observe({ type, mode, status }, seconds);
    }
  };

  return {
    registry,
    jobFinished(kind, outcome, seconds) {
      jobRuns.inc({ kind, outcome });
      jobDurations.observe({ kind }, seconds);
      if (IMPORT_JOBS.has(kind) && (outcome === 'done' || outcome === 'failed')) {
        imports.observe({ method: kind, status: outcome }, seconds);
      }
    },
    poolWait: (seconds) => poolWait.observe(seconds),
    observeRequest,
  };
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** GET /metrics: Prometheus text; `Authorization: Bearer METRICS_TOKEN` when the token is set. */
export function registerMetrics(app: FastifyInstance, metrics: PortalMetrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply));
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (token) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!sameSecret(given, token)) {
        return reply.status(401).send({ error: 'UNAUTHORIZED', error_description: 'metrics token required' });
      }
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
