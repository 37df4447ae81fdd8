import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { OneC } from './testing.js';

/**
 * «Машина стоит» leaves the portal (decision 209): the order's CommerceML document for 1C carries it as
 * requisites and first in the comment, and the managers' «Новый заказ» e-mail says it in the subject and body.
 * Through real HTTP, the real 1C protocol and the test mailbox.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
let t: TestApp;
let dealer: TestClient;

beforeAll(async () => {
  t = await createTestApp({
    exchange: { ...EXCHANGE, fileLimitBytes: 1 << 20, maxFileBytes: 20 * 1024 * 1024, stepMs: 150 },
  });
  dealer = await t.as('dealer');
}, 120_000);
afterAll(() => t?.close());

async function placeOrder(extra: Record<string, unknown>) {
  const p = await newProduct(t.app.portal.database.db, { price: 100 });
  const basket = await dealer.ok('basket/create', {});
  await dealer.ok('basket/add', { id: basket.id, fields: [{ product: p.id, quantity: 1 }] });
  const f = await dealer.ok('order/get-fields', {});
  const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
  return dealer.ok('order/create', {
    fields: {
      basket: basket.id,
      company: Number(opt('company')[0]!.value),
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      storage: Number(opt('storage')[0]!.value),
      ...extra,
    },
  });
}

/** The order's `<Документ>` in 1C's query answer. */
async function exported(orderId: number) {
  const c = new OneC(t.app, 'sale');
  expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
  await c.init();
  const doc = (await c.call('query')).body;
  const start = doc.indexOf(`<Документ><Ид>${orderId}</Ид>`);
  expect(start, `order ${orderId} exported`).toBeGreaterThanOrEqual(0);
  return doc.slice(start, doc.indexOf('</Документ>', start));
}
const requisite = (name: string, value: string) =>
  `<ЗначениеРеквизита><Наименование>${name}</Наименование><Значение>${value}</Значение></ЗначениеРеквизита>`;

describe('«Машина стоит» beyond the portal (decision 209)', () => {
  it('reaches 1C as requisites and first in the comment; an ordinary order says «Срочно» false', async () => {
    const [tractor] = (await dealer.ok('machine/list', {})).items;
    const machine = [tractor!.name, tractor!.model, tractor!.serial, tractor!.year].filter(Boolean).join(' · ');
    expect(machine).toContain('John Deere 8R 410');
    const urgent = await placeOrder({ machine: tractor!.id, urgent: true, comment: 'Стоит в поле' });
    const plain = await placeOrder({ comment: 'Без спешки' });

    const u = await exported(urgent.id);
    expect(u).toContain(requisite('Срочно', 'true'));
    expect(u).toContain(requisite('Срочно: машина стоит', machine));
    expect(u).toContain(requisite('Машина', machine));
    expect(u).toContain(`<Комментарий>СРОЧНО: машина стоит (${machine}); Стоит в поле`);

    const p = await exported(plain.id);
    expect(p).toContain(requisite('Срочно', 'false'));
    expect(p).not.toContain('машина стоит');
    expect(p).not.toContain('<Наименование>Машина</Наименование>');
    expect(p).toContain('<Комментарий>Без спешки</Комментарий>');
  });

  it('puts it in the subject and the body of the managers’ new-order e-mail, and only for an urgent order', async () => {
    const [tractor] = (await dealer.ok('machine/list', {})).items;
    const machine = [tractor!.name, tractor!.model, tractor!.serial, tractor!.year].filter(Boolean).join(' · ');
    const urgent = await placeOrder({ machine: tractor!.id, urgent: true });
    const plain = await placeOrder({ machine: tractor!.id });
    const mails = await t.outbox();
    const staff = (id: number) => mails.filter((m) => m.subject.includes(`Новый заказ № ${id} `));

    const [u] = staff(urgent.id);
    expect(u?.subject).toMatch(new RegExp(`^СРОЧНО, машина стоит: Новый заказ № ${urgent.id} от `));
    expect(u?.text.split('\n')[0]).toBe(`СРОЧНО: машина стоит — ${machine}.`);
    expect(u?.html).toContain('СРОЧНО: машина стоит');
    const [p] = staff(plain.id);
    expect(p?.subject).toMatch(new RegExp(`^Новый заказ № ${plain.id} от `));
    expect(p?.text).not.toContain('СРОЧНО');
    // The dealer's own confirmation is as it was.
    expect(mails.find((m) => m.subject === `Ваш заказ № ${urgent.id} принят`)?.text).not.toContain('СРОЧНО');
  });
});
