import { sql } from 'kysely';
import { businessDay, SUPPORT_FORM_CODE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { multipart, PNG } from '../returns/testing.js';

/**
 * The order desk (decisions 100 and 101): administrators list every dealer's orders with the dealer and company,
 * filter them, and change them; each action is one transaction with a history line, the dealer's notice and
 * e-mail, and an audit line. Access by role is the loop of rest/access.test.ts; here: what each method does.
 */
describe('desk-order/*', () => {
  let t: TestApp;
  let db: Db;
  let dealer: TestClient;
  let dealer2: TestClient;
  let admin: TestClient;
  let dealerId: number;
  let fields: { company: number; paySystem: number; shipping: number; storage: number };
  const status: Record<string, number> = {};

  async function newOrder(lines: Array<{ price?: number; quantity: number; stock?: number }> = [{ quantity: 2 }]) {
    const products = [];
    for (const l of lines) products.push(await newProduct(db, { price: l.price ?? 100, stock: l.stock }));
    const b = await dealer.ok('basket/create', {});
    await dealer.ok('basket/add', {
      id: b.id,
      fields: products.map((p, i) => ({ product: p.id, quantity: lines[i]!.quantity })),
    });
    const r = await dealer.ok('order/create', { fields: { basket: b.id, ...fields } });
    return { id: r.id, items: r.order.items!, products };
  }
  const notices = async () => (await dealer.ok('notice/list', { size: -1 })).items;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.portal.database.db;
    dealer = await t.as('dealer');
    dealer2 = await t.as('dealer2');
    admin = await t.as('admin');
    // Each change told at once here; the change sets of decision 195 are tidings.test.ts's.
    await sql`UPDATE site_settings SET value = value || '{"orderTidingsMinutes": 0}'::jsonb WHERE key = 'main'`.execute(
      db,
    );
    dealerId = (await dealer.ok('profile', {})).id;
    for (const s of (await admin.ok('order-status/list', {})).items) status[s.code] = s.id;
    const f = await dealer.ok('order/get-fields', {});
    const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
    fields = {
      company: Number(opt('company')[0]!.value),
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      storage: Number(opt('storage')[0]!.value),
    };
  });
  afterAll(() => t.close());

  it('lists every dealer’s orders with dealer and company, filtered and paged', async () => {
    const order = await newOrder([{ price: 123.45, quantity: 3 }]);
    const article = order.items[0]!.article;
    const all = await admin.ok('desk-order/list', { size: 5 });
    expect(all.items).toHaveLength(5);
    expect(all.count).toBeGreaterThan(5);
    const dealers = new Set((await admin.ok('desk-order/list', { size: -1 })).items.map((o) => o.dealer.login));
    expect(dealers).toEqual(new Set(['dealer', 'dealer2']));

    const [row] = (await admin.ok('desk-order/list', { filter: { search: String(order.id) } })).items;
    expect(row).toMatchObject({ id: order.id, dealer: { id: dealerId, login: 'dealer' }, pendingCorrections: 0 });
    expect(row!.counterparty?.name).toBeTruthy();
    expect(row!.dealer.email).toContain('@');

    const byArticle = await admin.ok('desk-order/list', { filter: { search: article.toLowerCase() } });
    expect(byArticle.items.map((o) => o.id)).toEqual([order.id]);
    const byDealer = await admin.ok('desk-order/list', { size: -1, filter: { dealer: 'dealer2' } });
    expect(byDealer.count).toBeGreaterThan(0);
    expect(byDealer.items.every((o) => o.dealer.login === 'dealer2')).toBe(true);
    expect(
      (await admin.ok('desk-order/list', { filter: { dealerId } })).items.every((o) => o.dealer.id === dealerId),
    ).toBe(true);
    const company = row!.counterparty!;
    const byCompany = await admin.ok('desk-order/list', { size: -1, filter: { company: company.name.slice(0, 6) } });
    expect(byCompany.items.map((o) => o.id)).toContain(order.id);
    expect(
      (await admin.ok('desk-order/list', { size: -1, filter: { companyId: company.id } })).items.every(
        (o) => o.counterparty?.id === company.id,
      ),
    ).toBe(true);
    const bySum = await admin.ok('desk-order/list', { size: -1, filter: { sumFrom: 370.35, sumTo: 370.35 } });
    expect(bySum.items.map((o) => o.id)).toContain(order.id);
    expect(bySum.items.every((o) => o.price === 370.35)).toBe(true);
    const today = businessDay();
    expect(
      (await admin.ok('desk-order/list', { size: -1, filter: { dateFrom: today, status: status.N! } })).items.map(
        (o) => o.id,
      ),
    ).toContain(order.id);
    expect((await admin.ok('desk-order/list', { filter: { dateTo: '2000-01-01' } })).count).toBe(0);
    expect(
      (await admin.ok('desk-order/list', { size: -1, filter: { isWarning: true } })).items.every((o) => o.isWarning),
    ).toBe(true);
    const sorted = (await admin.ok('desk-order/list', { size: 10, sort: { PRICE: 'DESC' } })).items.map((o) => o.price);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));

    const bad = await admin.call('desk-order/list', { filter: { sumFrom: -1 } });
    expect(bad.status).toBe(400);
    expect((await admin.call('desk-order/list', { filter: { userId: 1 } } as never)).status).toBe(400);
  });

  it('changes the status: history line, notice, e-mail, audit line; the same state again is refused', async () => {
    const order = await newOrder();
    const mails = (await t.outbox()).length;
    const noticesBefore = (await notices()).length;
    const r = await admin.ok('desk-order/change', { id: order.id, status: status.A!, note: 'Соберём завтра' });
    expect(r.status.code).toBe('A');
    expect(r.history!.at(-1)).toMatchObject({
      source: 'desk',
      lines: ['Статус: «Новый» → «Принят»'],
      note: 'Соберём завтра',
    });

    const seen = await dealer.ok('order/get', { id: order.id });
    expect(seen.history!.at(-1)!.lines).toEqual(['Статус: «Новый» → «Принят»']);
    const fresh = await notices();
    expect(fresh.length).toBe(noticesBefore + 1);
    expect(fresh[0]!.title).toBe(`Заказ № ${order.id}: статус «Принят»`);
    const mail = (await t.outbox()).slice(mails).find((m) => m.subject === `Заказ № ${order.id}: статус «Принят»`);
    expect(mail?.text).toContain('Сообщение: Соберём завтра');

    const [audit] = (await admin.ok('audit/list', { filter: { entity: 'desk-order', entityId: String(order.id) } }))
      .items;
    expect(audit).toMatchObject({
      action: 'status',
      user: { login: 'admin' },
      before: { status: 'Новый' },
      after: { status: 'Принят', note: 'Соберём завтра' },
    });

    const same = await admin.call('desk-order/change', { id: order.id, status: status.A! });
    expect(same.status).toBe(409);
    expect(same.body.error_description).toBe('Нет изменений: заказ уже в этом состоянии');
    expect((await admin.call('desk-order/change', { id: order.id, status: 99999 })).status).toBe(400);
    expect((await admin.call('desk-order/change', { id: 999999, status: status.A! })).status).toBe(404);
  });

  it('sets and clears the flags; refuses what the order’s state does not allow', async () => {
    const order = await newOrder();
    let r = await admin.ok('desk-order/change', { id: order.id, isPayment: true, isWarning: true });
    expect(r).toMatchObject({ isPayment: true, isWarning: true });
    expect(r.history!.at(-1)!.lines).toEqual(['Заказ отмечен как оплаченный', 'Отмечено: «Есть проблемы»']);
    r = await admin.ok('desk-order/change', { id: order.id, isWarning: false });
    expect(r.isWarning).toBe(false);
    // Paid: the lines stay (decision 060), and the answer says why.
    const lines = await admin.call('desk-order/change', {
      id: order.id,
      lines: [{ id: order.items[0]!.id, quantity: 1 }],
    });
    expect(lines.status).toBe(409);
    // In staff words (decision 194): the dealer's «Свяжитесь с менеджером» is not said to the manager.
    const staffWords = 'Заказ оплачен — состав не меняется, пока стоит отметка «Оплачен»';
    expect(lines.body.error_description).toBe(staffWords);
    expect((await admin.ok('desk-order/get', { id: order.id })).correctionRefusal).toBe(staffWords);
    r = await admin.ok('desk-order/change', { id: order.id, isCanceled: true });
    expect(r).toMatchObject({ isCanceled: true, status: { code: 'C' } });
    const paid = await admin.call('desk-order/change', { id: order.id, isPayment: true, note: 'x' });
    expect(paid.status).toBe(409);
    r = await admin.ok('desk-order/change', {
      id: order.id,
      isCanceled: false,
      status: status.A!,
      confirm: true,
      reason: 'Дилер подтвердил заказ',
    });
    expect(r).toMatchObject({ isCanceled: false, status: { code: 'A' } });

    await admin.ok('desk-order/change', { id: order.id, status: status.S! });
    const cancel = await admin.call('desk-order/change', { id: order.id, isCanceled: true });
    expect(cancel.status).toBe(409);
    expect(cancel.body.error_description).toBe('Отгруженный или выполненный заказ отменить нельзя — оформите возврат');
    await admin.ok('desk-order/change', { id: order.id, status: status.F! });
    const done = await admin.call('desk-order/change', { id: order.id, status: status.A! });
    expect(done.status).toBe(400);
    expect(done.body.error_description).toBe(
      'Чтобы вывести заказ из статуса «Выполнен», подтвердите изменение и укажите причину — её увидит дилер',
    );
    // A refused change wrote nothing: the last history line is the completion.
    expect((await dealer.ok('order/get', { id: order.id })).history!.at(-1)!.lines).toEqual([
      'Статус: «Отгружен» → «Выполнен»',
    ]);
  });

  it('edits lines with the dealer’s stock and price rules, in one transaction', async () => {
    const order = await newOrder([
      { price: 10, quantity: 2, stock: 3 },
      { price: 20, quantity: 1, stock: 100 },
    ]);
    const [a, b] = order.items;
    const extra = await newProduct(db, { price: 7, stock: 50 });
    const tooMany = await admin.call('desk-order/change', {
      id: order.id,
      lines: [
        { id: b!.id, quantity: 3 },
        { id: a!.id, quantity: 50 },
      ],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error_description).toMatch(/^Недостаточно товара «.+» на складах: доступно \d+$/);
    expect((await dealer.ok('order/get', { id: order.id })).price).toBe(40);

    const r = await admin.ok('desk-order/change', {
      id: order.id,
      lines: [
        { id: a!.id, quantity: 0 },
        { productId: extra.id, quantity: 4 },
      ],
    });
    expect(r.price).toBe(48);
    expect(r.items!.map((i) => [i.productId, i.quantity])).toEqual([
      [b!.productId, 1],
      [extra.id, 4],
    ]);
    const empty = await admin.call('desk-order/change', {
      id: order.id,
      lines: r.items!.map((i) => ({ id: i.id, quantity: 0 })),
    });
    expect(empty.body.error_description).toBe('В заказе не останется ни одной позиции — отмените заказ вместо этого');
    expect((await admin.call('desk-order/change', { id: order.id, lines: [{ id: 1, quantity: -1 }] })).status).toBe(
      400,
    );
  });

  it('issues the generated bill, or attaches an uploaded one the dealer then opens', async () => {
    const order = await newOrder();
    let r = await admin.ok('desk-order/bill', { id: order.id });
    expect(r.billIssuedAt).not.toBeNull();
    expect(r.history!.at(-1)!.lines).toEqual(['Счёт выставлен']);
    expect((await notices())[0]!.title).toBe(`Заказ № ${order.id}: счёт выставлен`);

    const up = await admin.raw(
      'files/save',
      undefined,
      multipart([{ name: 'счёт.png', type: 'image/png', data: PNG }]),
    );
    expect(up.status).toBe(200);
    const fileId = (up.body.result as { items: Array<{ id: number }> }).items[0]!.id;
    const mails = (await t.outbox()).length;
    r = await admin.ok('desk-order/bill', { id: order.id, fileId });
    expect(r.billFileName).toBe('счёт.png');
    expect(r.history!.at(-1)!.lines).toEqual(['Счёт выставлен: файл «счёт.png»']);
    expect((await notices())[0]!.title).toBe(`Заказ № ${order.id}: счёт выставлен`);
    const mail = (await t.outbox()).slice(mails).find((m) => m.subject === `Заказ № ${order.id}: счёт выставлен`);
    expect(mail?.text).toContain('Счёт выставлен: файл «счёт.png»');
    const seen = await dealer.ok('order/get', { id: order.id });
    expect(seen.bill!.src).toMatch(/^\/files\/\d+\/download$/);
    const open = (client: TestClient) =>
      t.app.inject({ method: 'GET', url: seen.bill!.src, headers: { cookie: client.cookie } });
    const file = await open(dealer);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // The administrator opens the attached bill too (it is the dealer's copy); another dealer does not.
    const byAdmin = await open(admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(PNG)).toBe(true);
    expect((await open(dealer2)).statusCode).toBe(404);
    // The attached file wins: the bill's file and the bill page point at it, nothing is generated instead.
    expect(await dealer.ok('bill/file', { id: order.id })).toMatchObject({ path: seen.bill!.src, name: 'счёт.png' });
    expect((await dealer.ok('bill/get', { id: order.id })).file).toEqual({ path: seen.bill!.src, name: 'счёт.png' });
    expect((await admin.ok('bill/file', { id: order.id })).path).toBe(seen.bill!.src);

    // «Сформировать заново» over an attached file must say so; then the generated bill replaces the file.
    const silent = await admin.call('desk-order/bill', { id: order.id });
    expect(silent.status).toBe(409);
    expect(silent.body.error_description).toBe(
      'К заказу приложен файл счёта «счёт.png». Чтобы заменить его сформированным счётом, подтвердите замену',
    );
    expect((await dealer.ok('order/get', { id: order.id })).bill!.src).toBe(seen.bill!.src);
    r = await admin.ok('desk-order/bill', { id: order.id, replaceFile: true });
    expect(r.billFileName).toBe('');
    expect(r.history!.at(-1)!.lines).toEqual(['Счёт выставлен заново: сформирован вместо файла «счёт.png»']);
    expect((await dealer.ok('order/get', { id: order.id })).bill!.src).toBe(`/bill/${order.id}/print/`);
    expect((await dealer.ok('bill/get', { id: order.id })).file).toBeNull();
    expect((await dealer.ok('bill/file', { id: order.id })).name).toBe(`bill-${order.id}.xlsx`);
    const audit = (await admin.ok('audit/list', { filter: { entity: 'desk-order', entityId: String(order.id) } }))
      .items;
    expect(audit.slice(0, 3)).toMatchObject([
      { action: 'bill', before: { bill: 'счёт.png' }, after: { bill: 'generated' } },
      { action: 'bill', before: { bill: null }, after: { bill: 'счёт.png' } },
      { action: 'bill', before: { bill: null }, after: { bill: 'generated' } },
    ]);

    const text = await admin.raw(
      'files/save',
      undefined,
      multipart([{ name: 'a.txt', type: 'text/plain', data: Buffer.from('hello') }]),
    );
    const textId = (text.body.result as { items: Array<{ id: number }> }).items[0]!.id;
    const refused = await admin.call('desk-order/bill', { id: order.id, fileId: textId });
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe('Счёт — это PDF, изображение или таблица Excel');
    // Someone else's file is a missing one.
    const theirs = await dealer2.raw(
      'files/save',
      undefined,
      multipart([{ name: 'x.png', type: 'image/png', data: PNG }]),
    );
    const theirId = (theirs.body.result as { items: Array<{ id: number }> }).items[0]!.id;
    expect((await admin.call('desk-order/bill', { id: order.id, fileId: theirId })).status).toBe(404);
  });

  it('attaches, replaces and removes the commercial offer the dealer then opens (decision 146)', async () => {
    const order = await newOrder();
    const upload = async (client: TestClient, name: string, type: string, data: Buffer) => {
      const up = await client.raw('files/save', undefined, multipart([{ name, type, data }]));
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      return (up.body.result as { items: Array<{ id: number }> }).items[0]!.id;
    };
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    expect((await dealer.ok('order/get', { id: order.id })).commerceOffer).toBeUndefined();

    const pdfId = await upload(admin, 'КП-2026.pdf', 'application/pdf', PDF);
    const mails = (await t.outbox()).length;
    let r = await admin.ok('desk-order/offer', { id: order.id, fileId: pdfId, description: 'Скидка 5 % до 1 декабря' });
    expect(r.offerFileName).toBe('КП-2026.pdf');
    expect(r.commerceOffer).toMatchObject({ description: 'Скидка 5 % до 1 декабря' });
    expect(r.history!.at(-1)!.lines).toEqual(['Приложено коммерческое предложение: файл «КП-2026.pdf»']);
    expect((await notices())[0]!.title).toBe(`Заказ № ${order.id}: коммерческое предложение`);
    const mail = (await t.outbox())
      .slice(mails)
      .find((m) => m.subject === `Заказ № ${order.id}: коммерческое предложение`);
    expect(mail?.text).toContain('Приложено коммерческое предложение: файл «КП-2026.pdf»');

    // The dealer's order carries it as docs/spec/03-entities.md says, and wherever the order is listed.
    const seen = await dealer.ok('order/get', { id: order.id });
    expect(seen.commerceOffer).toEqual({
      id: expect.any(Number),
      src: expect.stringMatching(/^\/files\/\d+\/download$/),
      description: 'Скидка 5 % до 1 декабря',
    });
    const listed = (await dealer.ok('order/list', { filter: { number: order.id } })).items[0]!;
    expect(listed.commerceOffer).toEqual(seen.commerceOffer);
    const open = (client: TestClient) =>
      t.app.inject({ method: 'GET', url: seen.commerceOffer!.src, headers: { cookie: client.cookie } });
    const file = await open(dealer);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await open(admin)).statusCode).toBe(200);
    expect((await open(dealer2)).statusCode).toBe(404);
    expect((await dealer2.call('order/get', { id: order.id })).status).toBe(404);

    // Replaced by another file without a description: the description is the file's name.
    const pngId = await upload(admin, 'кп.png', 'image/png', PNG);
    r = await admin.ok('desk-order/offer', { id: order.id, fileId: pngId });
    expect(r.history!.at(-1)!.lines).toEqual(['Коммерческое предложение заменено: файл «кп.png» вместо «КП-2026.pdf»']);
    const replaced = (await dealer.ok('order/get', { id: order.id })).commerceOffer!;
    expect(replaced.description).toBe('кп.png');
    expect(replaced.src).not.toBe(seen.commerceOffer!.src);
    // The replaced copy is no longer the order's offer: the dealer still owns it, dealer2 still does not see it.
    expect((await open(dealer2)).statusCode).toBe(404);

    // Removed: gone from the order, recorded; removing again changes nothing.
    r = await admin.ok('desk-order/offer', { id: order.id, fileId: null });
    expect(r.offerFileName).toBe('');
    expect(r.commerceOffer).toBeUndefined();
    expect(r.history!.at(-1)!.lines).toEqual(['Коммерческое предложение «кп.png» удалено']);
    expect((await dealer.ok('order/get', { id: order.id })).commerceOffer).toBeUndefined();
    const again = await admin.call('desk-order/offer', { id: order.id, fileId: null });
    expect(again.status).toBe(409);
    expect(again.body.error_description).toBe('Нет изменений: заказ уже в этом состоянии');

    const audit = (await admin.ok('audit/list', { filter: { entity: 'desk-order', entityId: String(order.id) } }))
      .items;
    expect(audit.slice(0, 3)).toMatchObject([
      { action: 'offer', before: { offer: 'кп.png' }, after: { offer: null } },
      { action: 'offer', before: { offer: 'КП-2026.pdf' }, after: { offer: 'кп.png' } },
      { action: 'offer', before: { offer: null }, after: { offer: 'КП-2026.pdf: Скидка 5 % до 1 декабря' } },
    ]);

    // Bad input: a text file, someone else's file, a missing file id, a missing order, a long description.
    const textId = await upload(admin, 'a.txt', 'text/plain', Buffer.from('hello'));
    const text = await admin.call('desk-order/offer', { id: order.id, fileId: textId });
    expect(text.status).toBe(400);
    expect(text.body.error_description).toBe(
      'Коммерческое предложение — это PDF, документ Word, таблица Excel или изображение',
    );
    const theirId = await upload(dealer2, 'x.png', 'image/png', PNG);
    expect((await admin.call('desk-order/offer', { id: order.id, fileId: theirId })).status).toBe(404);
    const noFile = await admin.call('desk-order/offer', { id: order.id } as never);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toBe('VALIDATION');
    expect(noFile.body.error_description).toMatch(/[а-яё]/i);
    expect((await admin.call('desk-order/offer', { id: 999_999_999, fileId: pngId })).status).toBe(404);
    const long = await admin.call('desk-order/offer', { id: order.id, fileId: pngId, description: 'x'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.error_description).toMatch(/[а-яё]/i);
    // Only staff attach it (decision 193: employees too).
    for (const who of [dealer, dealer2]) {
      expect((await who.call('desk-order/offer', { id: order.id, fileId: null })).status).toBe(403);
    }
  });

  it('accepts or refuses a dealer’s correction; the dealer is told either way', async () => {
    const order = await newOrder([{ price: 10, quantity: 5, stock: 100 }]);
    const line = order.items[0]!;
    const c = await dealer.ok('corrective-order/create', { id: order.id, products: [{ id: line.id, count: 2 }] });
    expect(c.status).toBe('PENDING');
    const waiting = await admin.ok('desk-order/list', { size: -1, filter: { hasPending: true } });
    expect(waiting.items.find((o) => o.id === order.id)?.pendingCorrections).toBe(1);
    expect((await admin.ok('desk/summary', {})).pendingCorrections).toBeGreaterThan(0);

    const count = (await notices()).length;
    let r = await admin.ok('desk-order/correction', { id: c.id, decision: 'refuse', reason: 'Уже собран' });
    expect(r.price).toBe(50);
    expect(r.corrections!.find((x) => x.id === c.id)).toMatchObject({ status: 'REFUSED', reason: 'Уже собран' });
    expect((await notices())[0]!.description).toContain(`Корректировка № ${c.id} отклонена: Уже собран`);
    expect((await notices()).length).toBe(count + 1);
    const again = await admin.call('desk-order/correction', { id: c.id, decision: 'accept' });
    expect(again.status).toBe(409);
    expect(again.body.error_description).toBe('Корректировка уже рассмотрена');

    const c2 = await dealer.ok('corrective-order/create', { id: order.id, products: [{ id: line.id, count: 3 }] });
    r = await admin.ok('desk-order/correction', { id: c2.id, decision: 'accept' });
    expect(r.price).toBe(30);
    expect(r.history!.at(-1)!.lines).toEqual([
      `${line.article} ${line.name}: 5 → 3`,
      `Корректировка № ${c2.id} принята`,
    ]);
    expect((await dealer.ok('order/get', { id: order.id })).corrections!.find((x) => x.id === c2.id)?.status).toBe(
      'ACCEPTED',
    );
    expect((await admin.call('desk-order/correction', { id: 999999, decision: 'accept' })).status).toBe(404);
  });

  it('summarises what waits for staff', async () => {
    const before = await admin.ok('desk/summary', {});
    const order = await newOrder();
    await admin.ok('desk-order/change', { id: order.id, isWarning: true });
    const after = await admin.ok('desk/summary', {});
    expect(after.problemOrders).toBe(before.problemOrders + 1);
    expect(after.newOrders).toBe(before.newOrders + 1);
    for (const k of ['registrations', 'appeals', 'returns', 'requests'] as const)
      expect(after[k]).toBeGreaterThanOrEqual(0);
    await db.updateTable('users').set({ approved: false }).where('login', '=', 'dealer2').execute();
    expect((await admin.ok('desk/summary', {})).registrations).toBe(after.registrations + 1);
    await db.updateTable('users').set({ approved: true }).where('login', '=', 'dealer2').execute();
  });

  it('each waiting count is the count of the list its tile opens', async () => {
    const stamp = Date.now();
    const onSite = await newProduct(db, { article: `ONSITE-${stamp}` });
    // A request for a part already on the site answers itself; one for a missing part waits for staff.
    await dealer.ok('application-empty-product/create', {
      items: [
        { article: onSite.article, count: 1 },
        { article: `MISSING-${stamp}`, count: 1 },
      ],
    });
    // An answer to a form other than support does not belong to the support list the tile opens.
    const other = await db.selectFrom('forms').select('id').where('code', '!=', SUPPORT_FORM_CODE).executeTakeFirst();
    if (other)
      await db.insertInto('answers').values({ form_id: other.id, user_id: dealerId, user_fields: '[]' }).execute();
    const summary = await admin.ok('desk/summary', {});
    const listCount = async (name: Parameters<TestClient['ok']>[0], input: object) =>
      ((await admin.ok(name, { size: 1, ...input } as never)) as { count: number }).count;
    expect(summary.requests).toBe(await listCount('application-empty-product/list', { filter: { status: 'ERROR' } }));
    expect(summary.appeals).toBe(
      await listCount('answer/list', { filter: { code: SUPPORT_FORM_CODE, status: 'NEW' } }),
    );
    expect(summary.returns).toBe(await listCount('application-good-return/list', { filter: { status: 'NEW' } }));
    expect(summary.registrations).toBe(await listCount('user/list', { filter: { status: 'pending' } }));
    expect(summary.requests).toBeGreaterThan(0);
  });

  it('staff menus name the dealers’ lists; administrators get the desk and the audit log', async () => {
    const labels = async (c: TestClient) => (await c.ok('menu/list', { type: 'left' })).items.map((i) => i.label);
    const employee = await t.as('employee');
    expect(await labels(employee)).toEqual(expect.arrayContaining(['Обращения дилеров', 'Возвраты дилеров']));
    expect(await labels(admin)).toEqual(
      expect.arrayContaining([
        'Обращения дилеров',
        'Заявки дилеров',
        'Возвраты дилеров',
        'Заказы дилеров',
        'Журнал изменений',
      ]),
    );
    const mine = await labels(dealer);
    expect(mine).not.toContain('Обращения дилеров');
    expect(mine).not.toContain('Заказы дилеров');
  });

  it('is for staff only: a dealer cannot reach another’s order or the desk', async () => {
    const order = await newOrder();
    for (const who of [dealer, dealer2]) {
      expect((await who.call('desk-order/get', { id: order.id })).status).toBe(403);
      expect((await who.call('desk-order/change', { id: order.id, isPayment: true })).status).toBe(403);
    }
    expect((await dealer2.call('order/get', { id: order.id })).status).toBe(404);
  });

  it('employees run the desk; they neither clear «Оплачен» nor replace an attached bill (decision 193)', async () => {
    const employee = await t.as('employee');
    const order = await newOrder();
    const [row] = (await employee.ok('desk-order/list', { filter: { search: String(order.id) } })).items;
    expect(row).toMatchObject({ id: order.id, dealer: { login: 'dealer' } });
    expect((await employee.ok('desk-order/get', { id: order.id })).items).toHaveLength(1);
    expect((await employee.ok('desk/summary', {})).newOrders).toBeGreaterThan(0);
    const menu = (await employee.ok('menu/list', { type: 'left' })).items.map((i) => i.label);
    expect(menu).toContain('Заказы дилеров');
    expect(menu).not.toContain('Журнал изменений');

    let r = await employee.ok('desk-order/change', { id: order.id, status: status.A!, note: 'Взял в работу' });
    expect(r.status.code).toBe('A');
    expect(r.history!.at(-1)).toMatchObject({ source: 'desk', note: 'Взял в работу' });
    r = await employee.ok('desk-order/change', { id: order.id, isPayment: true });
    expect(r.isPayment).toBe(true);
    const unpay = await employee.call('desk-order/change', { id: order.id, isPayment: false });
    expect(unpay.status).toBe(403);
    expect(unpay.body.error_description).toBe('Снять отметку «Оплачен» может только администратор');
    expect((await dealer.ok('order/get', { id: order.id })).isPayment).toBe(true);
    expect((await admin.ok('desk-order/change', { id: order.id, isPayment: false })).isPayment).toBe(false);

    // The generated bill, issued and issued again: allowed. A file staff attached: only an administrator replaces it.
    expect((await employee.ok('desk-order/bill', { id: order.id })).billIssuedAt).not.toBeNull();
    expect((await employee.ok('desk-order/bill', { id: order.id })).billIssuedAt).not.toBeNull();
    const up = await admin.raw(
      'files/save',
      undefined,
      multipart([{ name: 'счёт.png', type: 'image/png', data: PNG }]),
    );
    const fileId = (up.body.result as { items: Array<{ id: number }> }).items[0]!.id;
    await admin.ok('desk-order/bill', { id: order.id, fileId });
    const replace = await employee.call('desk-order/bill', { id: order.id, replaceFile: true });
    expect(replace.status).toBe(403);
    expect(replace.body.error_description).toBe('Заменить выставленный счёт может только администратор');
    expect((await employee.ok('desk-order/get', { id: order.id })).billFileName).toBe('счёт.png');

    // The dealers' cards, to read; not another staff member's.
    expect(await employee.ok('user/get', { id: dealerId })).toMatchObject({ login: 'dealer' });
    const adminId = (await admin.ok('profile', {})).id;
    expect((await employee.call('user/get', { id: adminId })).status).toBe(404);
    expect((await employee.call('user/update', { id: dealerId, fields: { name: 'x' } } as never)).status).toBe(403);
  });

  it('status moves follow the table; leaving a terminal status takes a confirmation and a reason', async () => {
    const employee = await t.as('employee');
    const order = await newOrder();
    let r = await employee.ok('desk-order/change', { id: order.id, isCanceled: true, reason: 'Нет на складе' });
    expect(r).toMatchObject({ isCanceled: true, status: { code: 'C' } });
    expect(r.history!.at(-1)!.note).toBe('Нет на складе');

    const jump = await employee.call('desk-order/change', { id: order.id, isCanceled: false, status: status.S! });
    expect(jump.status).toBe(409);
    expect(jump.body.error_description).toBe('Заказ нельзя перевести из статуса «Отменен» в статус «Отгружен»');
    const message =
      'Чтобы вывести заказ из статуса «Отменен», подтвердите изменение и укажите причину — её увидит дилер';
    for (const extra of [{}, { confirm: true }, { confirm: true, reason: '   ' }, { reason: 'Передумали' }]) {
      const refused = await employee.call('desk-order/change', {
        id: order.id,
        isCanceled: false,
        status: status.A!,
        ...extra,
      });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(refused.body).toEqual({ error: 'VALIDATION', error_description: message });
    }
    expect((await dealer.ok('order/get', { id: order.id })).status.code).toBe('C');

    const mails = (await t.outbox()).length;
    r = await employee.ok('desk-order/change', {
      id: order.id,
      isCanceled: false,
      status: status.A!,
      confirm: true,
      reason: 'Товар пришёл, дилер подтвердил',
    });
    expect(r).toMatchObject({ isCanceled: false, status: { code: 'A' } });
    const seen = await dealer.ok('order/get', { id: order.id });
    expect(seen.history!.at(-1)).toMatchObject({
      lines: ['Статус: «Отменен» → «Принят»', 'Отмена заказа снята'],
      note: 'Товар пришёл, дилер подтвердил',
    });
    const mail = (await t.outbox()).slice(mails).find((m) => m.subject === `Заказ № ${order.id}: статус «Принят»`);
    expect(mail?.text).toContain('Товар пришёл, дилер подтвердил');

    // «Отгружен» → «Выполнен» is the normal course; back from «Выполнен» takes a reason again.
    await employee.ok('desk-order/change', { id: order.id, status: status.S! });
    await employee.ok('desk-order/change', { id: order.id, status: status.F! });
    expect((await employee.call('desk-order/change', { id: order.id, status: status.S! })).status).toBe(400);
    r = await employee.ok('desk-order/change', {
      id: order.id,
      status: status.S!,
      confirm: true,
      reason: 'Отметили по ошибке',
      note: 'Доставка завтра',
    });
    expect(r.status.code).toBe('S');
    expect(r.history!.at(-1)!.note).toBe('Отметили по ошибке\n\nДоставка завтра');
  });
});
