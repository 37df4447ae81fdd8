import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';

/**
 * Big price lists on the job queue (decision 232): above the threshold the list is a job with progress, its file
 * lands in file storage, its owner downloads it until it expires (nobody else ever), the dealer's webhooks hear
 * `price-list.ready`; below it the answer says «download now».
 */

const THRESHOLD = 100;

let t: TestApp;
let db: Db;
let dealer: TestClient;
let dealer2: TestClient;
let total: number;
let section: { id: number; count: number };

const get = (client: TestClient | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: client?.cookie ? { cookie: client.cookie } : {} });

const stored = async () => {
  const keys: string[] = [];
  for await (const key of t.app.portal.storage.list('price-lists/')) keys.push(key);
  return keys;
};

beforeAll(async () => {
  t = await createTestApp({
    priceLists: { jobAbove: THRESHOLD, fileHours: 2 },
    webhooks: { allowLocal: true, timeoutMs: 200, disableAfter: 10 },
    jobs: { worker: false, concurrency: 1, pollMs: 1000, retryBaseMs: 1000 },
  });
  db = t.app.portal.database.db;
  [dealer, dealer2] = await Promise.all([t.as('dealer'), t.as('dealer2')]);
  total = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM products WHERE active`.execute(db)).rows[0]!.n);
  // The smallest section with products: under the threshold.
  const row = await sql<{ id: number; n: string }>`
    SELECT s.id, count(*) AS n FROM sections s JOIN products p ON p.section_id = s.id AND p.active
    WHERE NOT EXISTS (SELECT 1 FROM sections c WHERE c.parent_id = s.id)
    GROUP BY s.id ORDER BY count(*), s.id LIMIT 1`.execute(db);
  section = { id: row.rows[0]!.id, count: Number(row.rows[0]!.n) };
}, 60_000);
afterAll(() => t.close());

describe('big price lists', () => {
  it('below the threshold answer «download now», with no job', async () => {
    expect(section.count).toBeLessThanOrEqual(THRESHOLD);
    const r = await dealer.ok('price-list-job/create', { format: 'csv', section: section.id });
    expect(r).toEqual({ count: section.count, job: null });
  });

  it('above it become a job: queued by the request, built by the worker with progress, the file the same as the direct download', async () => {
    expect(total).toBeGreaterThan(THRESHOLD);
    const { count, job } = await dealer.ok('price-list-job/create', { format: 'csv' });
    expect(count).toBe(total);
    expect(job).toMatchObject({ state: 'queued', rowsTotal: total, rowsDone: 0, url: null, format: 'csv' });
    // Nothing was built by the request itself.
    expect(await stored()).toHaveLength(0);

    await t.app.portal.worker.drain();
    const done = await dealer.ok('price-list-job/get', { id: job!.id });
    expect(done).toMatchObject({ state: 'done', rowsTotal: total, rowsDone: total, url: `/pricelist/jobs/${job!.id}` });
    expect(done.size).toBeGreaterThan(0);
    expect(new Date(done.dateExpire!).getTime() - Date.now()).toBeGreaterThan(1.9 * 3600_000);
    expect(await stored()).toHaveLength(1);

    const file = await get(dealer, done.url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="price-list-.*\.csv"$/);
    expect(Number(file.headers['content-length'])).toBe(done.size);
    const direct = await get(dealer, '/pricelist/download?format=csv');
    expect(file.rawPayload.equals(direct.rawPayload)).toBe(true);
    const rows = parseCsv(file.rawPayload.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(rows).toHaveLength(total + 1);
  });

  it('build .xlsx of the in-stock filter, and refuse a section the filter names itself', async () => {
    const inStock = Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM products WHERE active AND availability <> 'N'`.execute(db))
        .rows[0]!.n,
    );
    const { job } = await dealer.ok('price-list-job/create', { format: 'xlsx', inStock: true });
    expect(job!.rowsTotal).toBe(inStock);
    await t.app.portal.worker.drain();
    const done = await dealer.ok('price-list-job/get', { id: job!.id });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await get(dealer, done.url!)).rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(inStock + 1);

    const bad = await dealer.call('price-list-job/create', { format: 'csv', filter: { category: section.id } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { filter: 'Раздел задаётся параметром section' } });
    const missing = await dealer.call('price-list-job/create', { format: 'csv', section: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error_description: 'Раздел не найден' });
  });

  it('are their owner’s only: another dealer, a stranger and no session get what a missing one gets', async () => {
    const { job } = await dealer.ok('price-list-job/create', { format: 'csv' });
    await t.app.portal.worker.drain();
    const url = `/pricelist/jobs/${job!.id}`;
    const other = await dealer2.call('price-list-job/get', { id: job!.id });
    const none = await dealer2.call('price-list-job/get', { id: 999999 });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(none.body);
    expect((await get(dealer2, url)).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(dealer, url)).statusCode).toBe(200);
  });

  it('expire: the link answers 404, and the next build removes the file from storage', async () => {
    const { job } = await dealer.ok('price-list-job/create', { format: 'yml' });
    await t.app.portal.worker.drain();
    const url = `/pricelist/jobs/${job!.id}`;
    expect((await get(dealer, url)).statusCode).toBe(200);
    await sql`UPDATE price_list_jobs SET expires_at = now() - interval '1 minute' WHERE id = ${job!.id}`.execute(db);
    expect((await get(dealer, url)).statusCode).toBe(404);
    expect((await dealer.ok('price-list-job/get', { id: job!.id })).url).toBeNull();
    const before = await stored();
    const key = (
      await sql<{ k: string }>`SELECT storage_key AS k FROM price_list_jobs WHERE id = ${job!.id}`.execute(db)
    ).rows[0]!.k;
    expect(before).toContain(key);

    await dealer.ok('price-list-job/create', { format: 'csv' });
    await t.app.portal.worker.drain();
    expect(await stored()).not.toContain(key);
  });

  it('tell the dealer’s webhooks `price-list.ready`, in the transaction that marks the file done', async () => {
    const { webhook } = await dealer.ok('webhook/create', {
      url: 'http://127.0.0.1:9/hook',
      events: ['price-list.ready'],
    });
    const { job } = await dealer.ok('price-list-job/create', { format: 'csv' });
    const deliveries = () => dealer.ok('webhook-delivery/list', { filter: { webhook: webhook.id } });
    expect((await deliveries()).count).toBe(0);
    await t.app.portal.worker.drain();
    const log = await deliveries();
    expect(log.items.map((d) => d.event)).toEqual(['price-list.ready']);
    const payload = (
      await sql<{ p: unknown }>`SELECT payload AS p FROM webhook_deliveries WHERE id = ${log.items[0]!.id}`.execute(db)
    ).rows[0]!.p;
    expect(typeof payload === 'string' ? JSON.parse(payload) : payload).toMatchObject({
      jobId: job!.id,
      format: 'csv',
      products: total,
      link: expect.stringMatching(new RegExp(`/pricelist/jobs/${job!.id}$`)),
    });
    // Nobody else's endpoints hear of it.
    const other = await dealer2.ok('webhook-delivery/list', {});
    expect(other.items.filter((d) => d.event === 'price-list.ready')).toHaveLength(0);
  });

  it('are capped per dealer: of 20 requests at once, the same one is one job, at most two are made, a third is 429; another dealer is not held', async () => {
    const requests = [
      ...Array.from({ length: 8 }, () => ({ format: 'csv' as const })),
      ...Array.from({ length: 6 }, () => ({ format: 'xlsx' as const })),
      ...Array.from({ length: 6 }, () => ({ format: 'yml' as const })),
    ].sort(() => Math.random() - 0.5);
    const [mine, others] = await Promise.all([
      Promise.all(requests.map((r) => dealer.call('price-list-job/create', r))),
      Promise.all([1, 2, 3].map(() => dealer2.call('price-list-job/create', { format: 'csv' }))),
    ]);

    const made = new Map<string, Set<number>>();
    const refused = new Set<string>();
    mine.forEach((r, i) => {
      const format = requests[i]!.format;
      if (r.status === 200) {
        const job = (r.body as { result: { job: { id: number } } }).result.job;
        made.set(format, (made.get(format) ?? new Set()).add(job.id));
      } else {
        expect(r.status).toBe(429);
        expect(r.body).toEqual({
          error: 'RATE_LIMITED',
          error_description:
            'Уже готовятся 2 прайс-листа: дождитесь, пока один из них будет готов (ссылка «Скачать файл» появится здесь), и запросите снова',
        });
        refused.add(format);
      }
    });
    // Exactly the cap, one job per distinct request; every copy of the third request refused, none of the first two.
    expect(made.size).toBe(2);
    for (const ids of made.values()) expect(ids.size).toBe(1);
    expect(refused.size).toBe(1);
    expect(made.has([...refused][0]!)).toBe(false);
    const active = await sql<{ user_id: number; n: string }>`
      SELECT user_id, count(*) AS n FROM price_list_jobs WHERE state IN ('queued', 'running') GROUP BY user_id
      ORDER BY user_id`.execute(db);
    expect(active.rows.map((r) => Number(r.n))).toEqual([2, 1]);
    // The other dealer: three copies of one request, one job, none refused.
    expect(others.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(others.map((r) => (r.body as { result: { job: { id: number } } }).result.job.id)).size).toBe(1);

    // A filter spelled in another order is the same request.
    const a = await dealer2.ok('price-list-job/create', {
      format: 'xlsx',
      filter: { F_PRICE_MIN: 1, F_PRICE_MAX: 100000000 },
    });
    const b = await dealer2.ok('price-list-job/create', {
      format: 'xlsx',
      filter: { F_PRICE_MAX: 100000000, F_PRICE_MIN: 1 },
    });
    expect(b.job!.id).toBe(a.job!.id);

    // When the jobs are done the dealer may ask again.
    await t.app.portal.worker.drain();
    const again = await dealer.call('price-list-job/create', { format: [...refused][0]! as 'csv' });
    expect(again.status).toBe(200);
  });
});
