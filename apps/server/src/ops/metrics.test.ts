import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from './jobs/index.js';
import { createWorker } from './jobs/worker.js';
import { basic, createTestApp, type TestApp } from '../testing/index.js';

/** GET /metrics in the Prometheus text format, protected by METRICS_TOKEN when it is set. */
describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const metrics = async () => {
    const r = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return r.body;
  };
  /** The value of one sample line, e.g. `portal_rest_requests_total{method="x",status="200"}`. */
  const sample = (text: string, line: string) => {
    const found = text.split('\n').find((l) => l.startsWith(`${line} `));
    return found ? Number(found.slice(line.length + 1)) : undefined;
  };

  it('counts /rest/ calls and their durations per method and status; unknown names share one label', async () => {
    const client = t.client();
    await client.call('site/get-main-settings');
    await client.call('site/get-main-settings');
    await client.raw('no-such/thing');
    await client.raw('another/made-up-name');
    const text = await metrics();
    // The first call of a new browser is SESSION_FAILED (400), the repeat 200.
    expect(sample(text, 'portal_rest_requests_total{method="site/get-main-settings",status="200"}')).toBe(2);
    expect(sample(text, 'portal_rest_requests_total{method="unknown",status="404"}')).toBe(2);
    expect(text).not.toContain('made-up-name');
    expect(
      sample(text, 'portal_rest_request_duration_seconds_count{method="site/get-main-settings",status="200"}'),
    ).toBe(2);
    expect(text).toMatch(/portal_rest_request_duration_seconds_bucket\{le="0\.005",method="site\/get-main-settings"/);
  });

  it('reports the pool, event-loop lag, the job queue and job outcomes', async () => {
    await enqueue(t.app.portal.database.db, 'mail', { to: 'x@example.com', subject: 's', text: 't' });
    await enqueue(t.app.portal.database.db, 'no-handler-here', {});
    let text = await metrics();
    expect(text).toMatch(/^portal_db_pool_clients\{state="total"\} \d+$/m);
    expect(text).toMatch(/^portal_db_pool_waiting \d+$/m);
    expect(text).toMatch(/^portal_nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^portal_nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    expect(sample(text, 'portal_jobs{kind="mail",status="queued"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_jobs{kind="no-handler-here",status="queued"}')).toBe(1);

    await t.app.portal.worker.drain();
    text = await metrics();
    expect(sample(text, 'portal_jobs{kind="mail",status="queued"}')).toBeUndefined();
    expect(sample(text, 'portal_job_runs_total{kind="mail",outcome="done"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^portal_job_duration_seconds_count\{kind="mail"\} \d+$/m);
  });

  it('counts job failures: retried attempts, jobs given up, and those waiting as failed in the queue depth', async () => {
    const db = t.app.portal.database.db;
    const silent = t.app.log;
    await enqueue(db, 'always-fails', {}, { maxAttempts: 2 });
    const w = createWorker({
      db,
      log: silent,
      handlers: {
        'always-fails': async () => {
          throw new Error('the mail server is down');
        },
      },
      retryBaseMs: 10,
      pollMs: 10,
      onFinished: t.app.portal.metrics.jobFinished,
    });
    w.start();
    for (let i = 0; i < 200; i += 1) {
      const job = await db.selectFrom('jobs').select('status').where('kind', '=', 'always-fails').executeTakeFirst();
      if (job?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await w.stop();
    const text = await metrics();
    expect(sample(text, 'portal_job_runs_total{kind="always-fails",outcome="retry"}')).toBe(1);
    expect(sample(text, 'portal_job_runs_total{kind="always-fails",outcome="failed"}')).toBe(1);
    expect(sample(text, 'portal_jobs{kind="always-fails",status="failed"}')).toBe(1);
    expect(sample(text, 'portal_job_duration_seconds_count{kind="always-fails"}')).toBe(2);
  });

  it('times the 1C exchange by type and mode', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/exchange/1c?type=catalog&mode=checkauth',
      headers: { authorization: basic('nobody', 'wrong') },
    });
    const text = await metrics();
    expect(text).toMatch(/^portal_exchange_duration_seconds_count\{type="catalog",mode="checkauth",status="\d+"\} 1$/m);
    expect(text).toContain('# TYPE portal_import_duration_seconds histogram');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: 'scrape-secret' });
  });
  afterAll(() => t.close());

  it('answers 401 without the bearer token or with a wrong one, the metrics with it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secreT' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('portal_');
    const right = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('portal_rest_requests_total');
  });
});
