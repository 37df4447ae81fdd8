import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';

/**
 * Decision 054: an employee may not delete a dealer's request for a missing part (it was allowed);
 * the dealer withdraws their own, an administrator may delete one and the audit log keeps it.
 */

let t: TestApp;
let dealer: TestClient;
let dealer2: TestClient;
let employee: TestClient;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  [dealer, dealer2, employee, admin] = await Promise.all([
    t.as('dealer'),
    t.as('dealer2'),
    t.as('employee'),
    t.as('admin'),
  ]);
});
afterAll(() => t.close());

async function wish(): Promise<number> {
  const { items } = await dealer.ok('application-empty-product/create', {
    items: [{ article: `DEL-${Date.now()}-${Math.random()}`, count: 1 }],
  });
  return items[0]!.id;
}
const exists = async (id: number) => (await dealer.call('application-empty-product/get', { id })).status === 200;

describe("deleting a dealer's request for a missing part", () => {
  it('is refused to an employee, who marks it processed instead', async () => {
    const id = await wish();
    const r = await employee.call('application-empty-product/delete', { id });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('FORBIDDEN');
    expect(r.body.error_description).toBe(
      'Заявку дилера может удалить только он сам или администратор — отметьте её обработанной',
    );
    expect(await exists(id)).toBe(true);
    expect(
      (await employee.call('application-empty-product/update', { id, fields: { isProcessed: true } })).status,
    ).toBe(200);
  });

  it("is another dealer's 404, and the author's own right", async () => {
    const id = await wish();
    expect((await dealer2.call('application-empty-product/delete', { id })).status).toBe(404);
    expect((await dealer.ok('application-empty-product/delete', { id })).ok).toBe(true);
    expect(await exists(id)).toBe(false);
  });

  it('is allowed to an administrator, and the audit log keeps what was deleted', async () => {
    const id = await wish();
    expect((await admin.ok('application-empty-product/delete', { id })).ok).toBe(true);
    expect(await exists(id)).toBe(false);
    const logged = await t.app.portal.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'wish')
      .where('entity_id', '=', String(id))
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.action).toBe('delete');
  });
});
