import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createOutbox } from '../../mail/mailer.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { sendDuePriceLists, unpackSnapshot } from './mail.js';

/**
 * The scheduled price-list e-mail (decision 219): own settings, one mail per period however many ticks run at
 * once, the file attached (or a link above decision 232's threshold), changes-only with exactly the new,
 * removed and changed products, and no mail when nothing changed. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let db: Db;
let dealer: TestClient;
let dealer2: TestClient;
let dealerId: number;
let total: number;
/** A product kept off the first mail, to come back as new. */
let comeback: { id: number; article: string };

// A Wednesday, 09:00 in Moscow; the next day, Thursday.
const WED = new Date('2026-11-25T06:00:00Z');
const THU = new Date('2026-11-26T06:00:00Z');
const FRI = new Date('2026-11-27T06:00:00Z');

const tick = (now: Date) =>
  sendDuePriceLists({ db, config: t.config, storage: t.app.portal.storage, mailer: createOutbox(db) }, now);

/** The messages written so far, with their attachments. */
async function mails() {
  await t.app.portal.worker.drain();
  const dir = path.join(t.config.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(names.map(async (n) => simpleParser(await readFile(path.join(dir, n)))));
}
const priceMails = async () =>
  (await mails()).filter((m) => /^(Прайс-лист|Изменения прайс-листа)$/.test(m.subject ?? ''));

const snapshotOf = async (userId: number) =>
  unpackSnapshot(
    (await db.selectFrom('price_list_mail').select('snapshot').where('user_id', '=', userId).executeTakeFirstOrThrow())
      .snapshot,
  )!;

beforeAll(async () => {
  t = await createTestApp({ jobs: { worker: false, concurrency: 1, pollMs: 1000, retryBaseMs: 1000 } });
  db = t.app.portal.database.db;
  [dealer, dealer2] = await Promise.all([t.as('dealer'), t.as('dealer2')]);
  dealerId = (await db.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirstOrThrow()).id;
  comeback = await db
    .selectFrom('products')
    .select(['id', 'article'])
    .where('active', '=', true)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await sql`UPDATE products SET active = false WHERE id = ${comeback.id}`.execute(db);
  total = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM products WHERE active`.execute(db)).rows[0]!.n);
}, 60_000);
afterAll(() => t.close());

describe('the price-list e-mail settings', () => {
  it('are off until chosen, round-trip, and are each user’s own', async () => {
    expect(await dealer.ok('price-list-mail/get', {})).toMatchObject({ schedule: 'off', lastSentAt: null });
    const saved = await dealer.ok('price-list-mail/update', {
      schedule: 'weekly',
      weekday: 3,
      content: 'changes',
      format: 'csv',
    });
    expect(saved).toMatchObject({ schedule: 'weekly', weekday: 3, content: 'changes', format: 'csv' });
    expect(await dealer.ok('price-list-mail/get', {})).toMatchObject(saved);
    expect(await dealer2.ok('price-list-mail/get', {})).toMatchObject({ schedule: 'off' });
  });

  it('refuse bad input with a Russian message and change nothing', async () => {
    for (const [bad, message] of [
      [{ schedule: 'hourly', content: 'full', format: 'csv' }, 'Выберите расписание'],
      [{ schedule: 'weekly', weekday: 8, content: 'full', format: 'csv' }, 'День недели: целое число от 1'],
      [{ schedule: 'daily', content: 'some', format: 'csv' }, 'Выберите содержимое'],
      [{ schedule: 'daily', content: 'full', format: 'yml' }, 'Формат письма: .xlsx или .csv'],
    ] as const) {
      const r = await dealer.raw('price-list-mail/update', bad);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    expect(await dealer.ok('price-list-mail/get', {})).toMatchObject({ schedule: 'weekly', weekday: 3 });
  });
});

describe('the scheduled e-mail', () => {
  it('a due dealer gets one mail with the file, though three ticks run at once; not before the morning, not twice', async () => {
    await dealer.ok('price-list-mail/update', { schedule: 'daily', content: 'full', format: 'xlsx' });
    const early = await tick(new Date('2026-11-25T01:00:00Z')); // 04:00 in Moscow
    expect(early.sent).toBe(0);

    const runs = await Promise.all([tick(WED), tick(WED), tick(WED)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(await tick(WED)).toEqual({ sent: 0, unchanged: 0 });
    const sent = await priceMails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toMatchObject({ text: expect.stringContaining('@') });
    expect(sent[0]!.attachments).toHaveLength(1);
    const att = sent[0]!.attachments[0]!;
    expect(att.filename).toBe('price-list-2026-11-25.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(att.content as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(total + 1);
    expect((await dealer.ok('price-list-mail/get', {})).lastSentAt).not.toBeNull();
    expect((await snapshotOf(dealerId)).size).toBe(total);
  });

  it('changes-only lists exactly the new, removed and changed products; nothing changed, nothing sent', async () => {
    await dealer.ok('price-list-mail/update', { schedule: 'daily', content: 'changes', format: 'csv' });
    const before = await snapshotOf(dealerId);
    const ids = [...before.keys()];
    const withStock = [...before.values()].find((k) => k[2] > 0 && k[0] !== ids[0] && k[0] !== ids[1])!;
    const [priced, removed] = [ids[0]!, ids[1]!];
    const added = comeback;
    await sql`UPDATE product_prices SET value = value + 1 WHERE product_id = ${priced}`.execute(db);
    await sql`UPDATE products SET active = false WHERE id = ${removed}`.execute(db);
    await sql`UPDATE products SET stock_by_store = '' WHERE id = ${withStock[0]}`.execute(db);
    await sql`UPDATE products SET active = true WHERE id = ${added.id}`.execute(db);

    expect((await tick(THU)).sent).toBe(1);
    const mail = (await priceMails()).at(-1)!;
    expect(mail.subject).toBe('Изменения прайс-листа');
    const att = mail.attachments[0]!;
    expect(att.filename).toBe('price-list-changes-2026-11-26.csv');
    const rows = parseCsv(att.content.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const byKind = rows
      .slice(1)
      .map((r) => `${r[0]}:${r[1]}`)
      .sort();
    const expected = [
      `Цена:${before.get(priced)![3]}`,
      `Снят:${before.get(removed)![3]}`,
      `Наличие:${withStock[3]}`,
      `Новый:${added.article}`,
    ].sort();
    expect(byKind).toEqual(expected);

    // The next day nothing changed: the period is taken, no mail goes.
    const count = (await priceMails()).length;
    expect(await tick(FRI)).toEqual({ sent: 0, unchanged: 1 });
    expect(await priceMails()).toHaveLength(count);
  });

  it('weekly goes on its weekday only; off sends nothing', async () => {
    await dealer.ok('price-list-mail/update', { schedule: 'weekly', weekday: 1, content: 'full', format: 'csv' });
    await dealer2.ok('price-list-mail/update', { schedule: 'off', content: 'full', format: 'csv' });
    const count = (await priceMails()).length;
    expect((await tick(new Date('2026-11-28T06:00:00Z'))).sent).toBe(0); // Saturday
    expect((await tick(new Date('2026-11-30T06:00:00Z'))).sent).toBe(1); // Monday
    const all = await priceMails();
    expect(all).toHaveLength(count + 1);
    expect(all.at(-1)!.attachments[0]!.filename).toBe('price-list-2026-11-30.csv');
  });

  it('above decision 232’s threshold the mail carries a link to the stored file, which only its owner opens', async () => {
    const threshold = t.config.priceLists.jobAbove;
    t.config.priceLists.jobAbove = 10;
    try {
      await dealer.ok('price-list-mail/update', { schedule: 'daily', content: 'full', format: 'csv' });
      expect((await tick(new Date('2026-12-01T06:00:00Z'))).sent).toBe(1);
    } finally {
      t.config.priceLists.jobAbove = threshold;
    }
    const mail = (await priceMails()).at(-1)!;
    expect(mail.attachments).toHaveLength(0);
    const url = /\/pricelist\/jobs\/\d+/.exec(mail.text ?? '')![0];
    const own = await t.app.inject({ method: 'GET', url, headers: { cookie: dealer.cookie } });
    expect(own.statusCode).toBe(200);
    const rows = parseCsv(own.rawPayload.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(rows).toHaveLength((await snapshotOf(dealerId)).size + 1);
    const other = await t.app.inject({ method: 'GET', url, headers: { cookie: dealer2.cookie } });
    expect(other.statusCode).toBe(404);
  });
});
