import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';

let t: TestApp;
let dealer: TestClient;
let dealer2: TestClient;
let employee: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  [dealer, dealer2, employee] = await Promise.all([t.as('dealer'), t.as('dealer2'), t.as('employee')]);
});
afterAll(() => t.close());

describe('notice/list and notice/get', () => {
  it('rejects anonymous; counts unread; opening marks read; another user’s is 404', async () => {
    expect((await t.client().call('notice/list', {})).status).toBe(401);
    const before = await dealer.ok('notice/list', {});
    expect(before.unread).toBe(1);
    const unread = before.items.find((n) => !n.wasRead)!;
    const hidden = await dealer2.call('notice/get', { id: unread.id });
    expect(hidden.status).toBe(404);
    expect((await dealer.ok('notice/get', { id: unread.id })).wasRead).toBe(true);
    const after = await dealer.ok('notice/list', { filter: { wasRead: false } });
    expect(after.unread).toBe(0);
    expect(after.count).toBe(0);
  });
});

describe('message/list and message/create', () => {
  it('a dealer writes to the supplier; staff answer the dealer; nobody reads another dealer’s conversation', async () => {
    expect((await t.client().call('message/create', { message: 'x' })).status).toBe(401);
    const m = await dealer.ok('message/create', { message: '<script>alert(1)</script> Здравствуйте' });
    expect(m.message).toBe('<script>alert(1)</script> Здравствуйте');
    expect((await t.outbox()).at(-1)?.to).toContain('employee@dealer-portal.local');
    expect((await dealer2.ok('message/list', {})).items.some((x) => x.id === m.id)).toBe(false);
    expect((await dealer2.call('message/create', { message: 'x', dealer: m.dealer.id })).status).toBe(403);
    const reply = await employee.ok('message/create', { message: 'Добрый день!', dealer: m.dealer.id });
    expect(reply.author?.isStaff).toBe(true);
    const mine = await dealer.ok('message/list', {});
    expect(mine.items.map((x) => x.message)).toEqual(['Добрый день!', '<script>alert(1)</script> Здравствуйте']);
    expect((await dealer.ok('notice/list', {})).items[0]?.title).toBe('Новое сообщение от поставщика');
    expect((await employee.ok('message/list', { filter: { dealer: m.dealer.id } })).count).toBe(2);
    expect((await dealer.call('message/create', { message: '   ' })).status).toBe(400);
  });
});
