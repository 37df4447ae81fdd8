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

describe('mailings', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('mailings/get', {})).status).toBe(401);
    expect((await t.client().call('mailings/update', { email: 'a@b.ru' })).status).toBe(401);
  });

  it('needs consent to subscribe; subscribes, changes the address, unsubscribes', async () => {
    const initial = await dealer.ok('mailings/get', {});
    expect(initial).toMatchObject({ id: null, subscribed: false, consentId: null, email: 'dealer@agromash.local' });
    const noConsent = await dealer.call('mailings/update', { email: 'news@agromash.local' });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.error_description).toBe('Для подписки нужно согласие на получение рассылки');
    await dealer.ok('consent/create', { payload: { idAgreement: initial.agreementId!, isAgree: true } });
    const subscribed = await dealer.ok('mailings/update', { email: 'news@agromash.local' });
    expect(subscribed).toMatchObject({ subscribed: true, email: 'news@agromash.local' });
    expect((await dealer.ok('mailings/list', {})).items.map((m) => m.email)).toEqual(['news@agromash.local']);
    expect((await dealer2.ok('mailings/list', {})).count).toBe(0);
    expect((await employee.ok('mailings/list', { filter: { subscribed: true } })).count).toBe(1);
    const off = await dealer.ok('mailings/update', { email: 'news@agromash.local', subscribed: false });
    expect(off.subscribed).toBe(false);
    await dealer.ok('mailings/update', { email: 'news@agromash.local' });
    // Withdrawing the consent ends the subscription.
    await dealer.ok('consent/delete', { id: subscribed.consentId! });
    expect((await dealer.ok('mailings/get', {})).subscribed).toBe(false);
  });

  it('refuses a bad address and unknown fields', async () => {
    const bad = await dealer.call('mailings/update', { email: 'не почта' });
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toContain('Введите корректный адрес электронной почты');
    expect((await dealer.raw('mailings/update', { email: 'a@b.ru', userId: 5 })).status).toBe(400);
  });
});
