import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';

/**
 * A ledger page deep in a long ledger (decision 204): the page reads only its own entries and the day totals
 * (migration 0222), and must give the same running balances as summing every entry from the start. The
 * documents are written straight into the real database, then re-sent (changed day, sum, kind, contract),
 * marked deleted and removed, so the trigger's every path is behind the figures compared.
 */

let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let companyId: number;

interface Doc {
  id: number;
  kind: string;
  sum: number;
  date: string;
  contract: string;
  deleted: boolean;
}

const LEDGER = new Set(['shipment', 'payment', 'return']);
const cents = (n: number) => Math.round(n * 100);

/** The ledger computed from the start: every entry of the scope in (day, id) order, summed one by one. */
function fromTheStart(docs: Doc[], from: string, to: string, contract?: string) {
  const scope = docs
    .filter((d) => LEDGER.has(d.kind) && !d.deleted && (!contract || d.contract === contract))
    .sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
  let balance = 0;
  for (const d of scope) if (d.date < from) balance += cents(d.kind === 'shipment' ? d.sum : -d.sum);
  const opening = balance;
  const items = scope
    .filter((d) => d.date >= from && d.date <= to)
    .map((d) => ({ id: d.id, balance: (balance += cents(d.kind === 'shipment' ? d.sum : -d.sum)) }));
  return { opening, closing: balance, items };
}

async function documents(): Promise<Doc[]> {
  const rows = await sql<Doc>`SELECT id, kind, sum, to_char(doc_date, 'YYYY-MM-DD') AS date, contract_ext AS contract,
      deleted FROM account_documents WHERE counterparty_id = ${companyId}`.execute(db());
  return rows.rows.map((r) => ({ ...r, sum: Number(r.sum) }));
}

/** Every page of `size` of the scope, compared with the ledger computed from the start. */
async function expectPagesMatch(from: string, to: string, size: number, pages: number[], contract?: string) {
  const expected = fromTheStart(await documents(), from, to, contract);
  for (const page of pages) {
    const got = await dealer.ok('settlement/ledger', { counterparty: companyId, contract, from, to, page, size });
    expect(got.count).toBe(expected.items.length);
    expect(cents(got.opening)).toBe(expected.opening);
    expect(cents(got.closing)).toBe(expected.closing);
    const want = size === -1 ? expected.items : expected.items.slice((page - 1) * size, page * size);
    expect(got.items.map((e) => [e.id, cents(e.balance)])).toEqual(want.map((e) => [e.id, e.balance]));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  dealer = await t.as('dealer');
  companyId = (
    await sql<{ id: number }>`SELECT c.id FROM counterparties c JOIN users u ON u.id = c.user_id
      WHERE u.login = 'dealer' ORDER BY c.id LIMIT 1`.execute(db())
  ).rows[0]!.id;
  // 1,500 documents over 120 days: 0–25 a day, two contracts, every seventh a bill (not an entry), every
  // thirteenth marked deleted; ids out of day order (a document of an older day sent later).
  const kinds = ['shipment', 'payment', 'return', 'shipment', 'shipment', 'payment', 'bill'];
  const values = Array.from({ length: 1500 }, (_, i) => {
    const dayNo = (i * 37) % 120;
    return {
      ext_id: `ledger-page-${i}`,
      kind: kinds[i % kinds.length]!,
      number: `LP-${i}`,
      doc_date: new Date(Date.UTC(2025, 0, 1 + dayNo)).toISOString().slice(0, 10),
      sum: ((i * 7919) % 100_000) / 100 + 1,
      counterparty_id: companyId,
      contract_ext: i % 3 === 0 ? 'contract-b' : 'contract-a',
      deleted: i % 13 === 0,
    };
  });
  for (let at = 0; at < values.length; at += 500) {
    await db()
      .insertInto('account_documents')
      .values(values.slice(at, at + 500))
      .execute();
  }
}, 120_000);
afterAll(() => t?.close());

describe('a ledger page deep in a long ledger (decision 204)', () => {
  it('gives the running balances, count, opening and closing of summing every entry from the start', async () => {
    const whole = fromTheStart(await documents(), '2000-01-01', '2099-12-31');
    expect(whole.items.length).toBeGreaterThan(1000);
    const last = Math.ceil(whole.items.length / 60);
    await expectPagesMatch('2000-01-01', '2099-12-31', 60, [1, 2, 7, last - 1, last, last + 1]);
    // Pages that start in the middle of a day, a period that opens with a balance, one contract.
    await expectPagesMatch('2025-02-10', '2025-04-15', 7, [1, 2, 3, 40, 41, 42, 90]);
    await expectPagesMatch('2025-02-10', '2025-04-15', 13, [1, 5, 33, 60], 'contract-b');
    await expectPagesMatch('2025-02-10', '2025-04-15', -1, [1]);
    // A period without entries.
    await expectPagesMatch('2031-01-01', '2031-12-31', 60, [1]);
  });

  it('stays the same after documents are re-sent, marked deleted and removed', async () => {
    // Re-sent: another day, sum, kind and contract; a deleted one comes back, a live one is marked deleted.
    await sql`UPDATE account_documents SET doc_date = doc_date + 17, sum = sum + 10.05
      WHERE ext_id LIKE 'ledger-page-%' AND id % 5 = 0`.execute(db());
    await sql`UPDATE account_documents SET kind = CASE kind WHEN 'payment' THEN 'shipment' ELSE 'payment' END,
      contract_ext = 'contract-b' WHERE ext_id LIKE 'ledger-page-%' AND id % 11 = 0`.execute(db());
    await sql`UPDATE account_documents SET deleted = NOT deleted WHERE ext_id LIKE 'ledger-page-%' AND id % 17 = 0`.execute(
      db(),
    );
    await sql`UPDATE account_documents SET kind = 'bill' WHERE ext_id LIKE 'ledger-page-%' AND id % 19 = 0`.execute(
      db(),
    );
    await sql`DELETE FROM account_documents WHERE ext_id LIKE 'ledger-page-%' AND id % 23 = 0`.execute(db());
    await expectPagesMatch('2000-01-01', '2099-12-31', 60, [1, 3, 10, 20]);
    await expectPagesMatch('2025-03-01', '2025-05-20', 9, [1, 2, 30, 31, 60], 'contract-a');

    // The day totals are exactly what the entries sum to.
    const drift = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (
        SELECT counterparty_id, contract_ext, doc_date AS day, count(*)::int AS entries,
          sum(CASE WHEN kind = 'shipment' THEN sum ELSE -sum END) AS turnover
        FROM account_documents WHERE counterparty_id IS NOT NULL AND NOT deleted
          AND kind IN ('shipment', 'payment', 'return') GROUP BY 1, 2, 3
      ) e FULL JOIN (SELECT * FROM account_ledger_days WHERE entries <> 0) g USING (counterparty_id, contract_ext, day)
      WHERE e.entries IS DISTINCT FROM g.entries OR e.turnover IS DISTINCT FROM g.turnover`.execute(db());
    expect(Number(drift.rows[0]!.n)).toBe(0);
  });
});
