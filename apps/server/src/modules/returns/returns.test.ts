import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { multipart, newOrder, PNG } from './testing.js';

let t: TestApp;
const db = () => t.app.portal.database.db;
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

async function photo(client: TestClient): Promise<number> {
  const r = await client.raw('files/save', undefined, multipart([{ name: 'брак.png', type: 'image/png', data: PNG }]));
  return (r.body.result as { items: Array<{ id: number }> }).items[0]!.id;
}

async function fileReturn(client: TestClient, quantity = 1) {
  const order = await newOrder(db(), 'dealer', [{ quantity: 5, delivered: 3 }]);
  const product = order.products[0]!.id;
  const r = await client.ok('application-good-return/create', {
    fields: { order: order.id, product, quantity, reason: 'Брак' },
  });
  return { order, product, ret: r };
}

describe('application-good-return/create', () => {
  it('rejects anonymous and the employee (docs/spec/06-roles.md: dealers and admins file returns)', async () => {
    const order = await newOrder(db(), 'dealer');
    const fields = { order: order.id, product: order.products[0]!.id, quantity: 1, reason: 'Брак' };
    expect((await t.client().call('application-good-return/create', { fields })).status).toBe(401);
    expect((await employee.call('application-good-return/create', { fields })).status).toBe(403);
  });

  it('takes the docs/spec/07-calls.md shape {id, fields}: id is the order (decision 068)', async () => {
    const order = await newOrder(db(), 'dealer', [{ quantity: 4, delivered: 2 }]);
    const product = order.products[0]!.id;
    const ret = await dealer.ok('application-good-return/create', {
      id: order.id,
      fields: { product, quantity: 1, reason: 'Брак' },
    });
    expect(ret.order.title).toMatch(new RegExp(`^Заказ № ${order.id} от `));
    // The same order in both places is fine; two different orders, or none, are a 400 naming fields.order.
    expect(
      (
        await dealer.call('application-good-return/create', {
          id: order.id,
          fields: { order: order.id, product, quantity: 1, reason: 'Брак' },
        })
      ).status,
    ).toBe(200);
    for (const input of [
      { id: order.id + 1000, fields: { order: order.id, product, quantity: 1, reason: 'Брак' } },
      { fields: { product, quantity: 1, reason: 'Брак' } },
    ]) {
      const r = await dealer.call('application-good-return/create', input as never);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('VALIDATION');
      expect(Object.keys(r.body.fields ?? {})).toEqual(['fields.order']);
      expect(r.body.fields?.['fields.order']).toMatch(/[А-Яа-я]/);
    }
  });

  it('files a return with a photo for a delivered product, as text', async () => {
    const order = await newOrder(db(), 'dealer', [{ quantity: 4, delivered: 2 }]);
    const photoId = await photo(dealer);
    const ret = await dealer.ok('application-good-return/create', {
      fields: {
        order: order.id,
        product: order.products[0]!.id,
        quantity: 2,
        reason: '<script>alert(1)</script> трещина',
        packageNumber: '<b>УП-1</b>',
        productDeliveryDate: '2026-11-01',
        photos: [photoId],
      },
    });
    expect(ret.status.code).toBe('NEW');
    expect(ret.status.name).toBe('Новая');
    expect(ret.reason).toBe('<script>alert(1)</script> трещина');
    expect(ret.packageNumber).toBe('<b>УП-1</b>');
    expect(ret.productDeliveryDate).toBe('2026-11-01');
    expect(ret.photos.map((p) => p.id)).toEqual([photoId]);
    expect(ret.order.title).toMatch(new RegExp(`^Заказ № ${order.id} от `));
    // Staff may now open the photo: it is attached to a return they handle.
    expect((await employee.call('files/get', { id: photoId })).status).toBe(200);
    expect((await dealer2.call('files/get', { id: photoId })).status).toBe(404);
  });

  it('refuses a product not in the order, more than delivered, and another dealer’s order', async () => {
    const order = await newOrder(db(), 'dealer', [{ quantity: 5, delivered: 2 }]);
    const other = await newOrder(db(), 'dealer', [{ quantity: 1 }]);
    const product = order.products[0]!.id;
    const notInOrder = await dealer.call('application-good-return/create', {
      fields: { order: order.id, product: other.products[0]!.id, quantity: 1, reason: 'Брак' },
    });
    expect(notInOrder.status).toBe(400);
    expect(notInOrder.body.error_description).toBe('Этого товара нет в заказе');
    const tooMany = await dealer.call('application-good-return/create', {
      fields: { order: order.id, product, quantity: 3, reason: 'Брак' },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error_description).toBe('Нельзя вернуть больше, чем доставлено: доступно 2');
    await dealer.ok('application-good-return/create', {
      fields: { order: order.id, product, quantity: 2, reason: 'Брак' },
    });
    const again = await dealer.call('application-good-return/create', {
      fields: { order: order.id, product, quantity: 1, reason: 'Брак' },
    });
    expect(again.body.error_description).toBe('Нельзя вернуть больше, чем доставлено: доступно 0');
    const foreign = await dealer2.call('application-good-return/create', {
      fields: { order: order.id, product, quantity: 1, reason: 'Брак' },
    });
    expect(foreign.status).toBe(404);
    // Nothing was half-written.
    const rows = await db().selectFrom('good_returns').select('id').where('order_id', '=', order.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses someone else’s photo, unknown fields, an empty reason, a bad date', async () => {
    const order = await newOrder(db(), 'dealer');
    const product = order.products[0]!.id;
    const foreignPhoto = await photo(dealer2);
    const r = await dealer.call('application-good-return/create', {
      fields: { order: order.id, product, quantity: 1, reason: 'Брак', photos: [foreignPhoto] },
    });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('Прикрепить можно только свои загруженные файлы');
    const extra = await dealer.raw('application-good-return/create', {
      fields: { order: order.id, product, quantity: 1, reason: 'Брак', status: 'APPROVED' },
    });
    expect(extra.status).toBe(400);
    const empty = await dealer.call('application-good-return/create', {
      fields: { order: order.id, product, quantity: 1, reason: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty(['fields.reason']);
    const date = await dealer.call('application-good-return/create', {
      fields: { order: order.id, product, quantity: 1, reason: 'Брак', productDeliveryDate: '01.11.2026' },
    });
    expect(date.status).toBe(400);
  });
});

describe('which goods may be returned (decision 061)', () => {
  const file = (client: TestClient, order: number, product: number) =>
    client.call('application-good-return/create', { fields: { order, product, quantity: 1, reason: 'Брак' } });

  it('returns shipped and completed orders within the period; refuses new, cancelled and expired ones', async () => {
    const shipped = await newOrder(db(), 'dealer', [{ quantity: 2 }], { status: 'S', shippedDaysAgo: 2 });
    expect((await file(dealer, shipped.id, shipped.products[0]!.id)).status).toBe(200);

    const fresh = await newOrder(db(), 'dealer', [{ quantity: 2 }], { status: 'N', shippedDaysAgo: null });
    const refused = await file(dealer, fresh.id, fresh.products[0]!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error_description).toBe(
      'Заказ в статусе «Новый»: вернуть товар можно после отгрузки. До неё измените заказ корректировкой',
    );

    const old = await newOrder(db(), 'dealer', [{ quantity: 2 }], { status: 'F', shippedDaysAgo: 15 });
    const expired = await file(dealer, old.id, old.products[0]!.id);
    expect(expired.status).toBe(409);
    expect(expired.body.error_description).toMatch(/^Срок возврата истёк \d\d\.\d\d\.\d{4}: .* в течение 14 дн\./);

    const canceled = await newOrder(db(), 'dealer', [{ quantity: 2 }], { status: 'F', shippedDaysAgo: 1 });
    await db().updateTable('orders').set({ is_canceled: true }).where('id', '=', canceled.id).execute();
    expect((await file(dealer, canceled.id, canceled.products[0]!.id)).body.error_description).toBe(
      'Заказ отменён — возвращать нечего',
    );

    // The dialog's list offers only what may be returned; a refused order says why on every line.
    const fields = await dealer.ok('application-good-return/get-fields', { order: fresh.id });
    const offered = fields.orders.map((o) => o.id);
    expect(offered).toContain(shipped.id);
    expect(offered).not.toContain(fresh.id);
    expect(offered).not.toContain(old.id);
    expect(offered).not.toContain(canceled.id);
    expect(fields.refusal).toMatch(/^Заказ в статусе «Новый»/);
    expect(fields.products[0]).toMatchObject({ available: 0, refusal: fields.refusal });
  });

  it('the period comes from the site settings', async () => {
    const order = await newOrder(db(), 'dealer', [{ quantity: 2 }], { status: 'F', shippedDaysAgo: 20 });
    expect((await file(dealer, order.id, order.products[0]!.id)).status).toBe(409);
    await db()
      .insertInto('site_settings')
      .values({ key: 'main', value: JSON.stringify({ returnDays: 30 }) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: sql`site_settings.value || '{"returnDays": 30}'::jsonb` }),
      )
      .execute();
    try {
      expect((await t.client().ok('site/get-main-settings', {})).returnDays).toBe(30);
      expect((await file(dealer, order.id, order.products[0]!.id)).status).toBe(200);
      const fields = await dealer.ok('application-good-return/get-fields', { order: order.id });
      expect(new Date(fields.returnUntil!).getTime()).toBeGreaterThan(Date.now() + 9 * 86_400_000);
    } finally {
      await sql`UPDATE site_settings SET value = value - 'returnDays' WHERE key = 'main'`.execute(db());
    }
  });

  it('a line all claimed says so; nothing chosen says «Выберите товар»', async () => {
    const order = await newOrder(db(), 'dealer', [{ quantity: 1 }, { quantity: 3 }]);
    expect((await file(dealer, order.id, order.products[0]!.id)).status).toBe(200);
    const fields = await dealer.ok('application-good-return/get-fields', { order: order.id });
    expect(fields.refusal).toBeNull();
    expect(fields.products.map((p) => [p.available, p.refusal])).toEqual([
      [0, 'Всё количество уже в других заявках на возврат'],
      [3, null],
    ]);
    const empty = await dealer.call('application-good-return/create', {
      fields: { order: order.id, product: 0, quantity: 1, reason: 'Брак' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.['fields.product']).toBe('Выберите товар');
  });

  it('the order detail says whether and until when its goods may be returned', async () => {
    const shipped = await newOrder(db(), 'dealer', [{ quantity: 2 }], { status: 'S', shippedDaysAgo: 1 });
    const fresh = await newOrder(db(), 'dealer', [{ quantity: 2 }], { status: 'N', shippedDaysAgo: null });
    const a = await dealer.ok('order/get', { id: shipped.id });
    expect(a).toMatchObject({ canReturn: true, returnRefusal: '' });
    expect(new Date(a.returnUntil!).getTime()).toBeGreaterThan(Date.now() + 12 * 86_400_000);
    const b = await dealer.ok('order/get', { id: fresh.id });
    expect(b).toMatchObject({ canReturn: false, returnUntil: null });
    expect(b.returnRefusal).toMatch(/^Заказ в статусе «Новый»/);
  });
});

describe('application-good-return/list, get, get-fields', () => {
  it('a dealer sees only their own; staff see all', async () => {
    const { ret } = await fileReturn(dealer);
    const mine = await dealer.ok('application-good-return/list', { size: -1 });
    expect(mine.items.some((r) => r.id === ret.id)).toBe(true);
    expect(mine.items.every((r) => r.user.email === 'dealer@agromash.local')).toBe(true);
    const theirs = await dealer2.ok('application-good-return/list', { size: -1 });
    expect(theirs.items.some((r) => r.id === ret.id)).toBe(false);
    const hidden = await dealer2.call('application-good-return/get', { id: ret.id });
    const missing = await dealer2.call('application-good-return/get', { id: 999999 });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect((await employee.ok('application-good-return/get', { id: ret.id })).id).toBe(ret.id);
    expect((await admin.ok('application-good-return/list', { filter: { status: 'NEW' } })).count).toBeGreaterThan(0);
    expect((await t.client().call('application-good-return/list', {})).status).toBe(401);
  });

  it('get-fields lists the statuses, the orders with something to return and an order’s lines', async () => {
    const order = await newOrder(db(), 'dealer', [
      { quantity: 5, delivered: 3 },
      { quantity: 2, delivered: 0 },
    ]);
    const f = await dealer.ok('application-good-return/get-fields', { order: order.id });
    expect(f.statuses.map((s) => s.name)).toEqual([
      'Новая',
      'На рассмотрении',
      'Одобрена',
      'Отклонена',
      'Товар получен',
      'Закрыта',
    ]);
    expect(f.orders.some((o) => o.id === order.id)).toBe(true);
    expect(f.products.map((p) => p.available)).toEqual([3, 0]);
    expect((await dealer2.call('application-good-return/get-fields', { order: order.id })).status).toBe(404);
    const other = await dealer2.ok('application-good-return/get-fields', {});
    expect(other.orders.some((o) => o.id === order.id)).toBe(false);
  });
});

describe('application-good-return/update and delete', () => {
  it('the dealer edits and deletes while new; not after staff took it; never another’s', async () => {
    const { ret } = await fileReturn(dealer);
    const updated = await dealer.ok('application-good-return/update', { id: ret.id, fields: { quantity: 3 } });
    expect(updated.quantity).toBe(3);
    const over = await dealer.call('application-good-return/update', { id: ret.id, fields: { quantity: 4 } });
    expect(over.status).toBe(400);
    expect((await dealer2.call('application-good-return/update', { id: ret.id, fields: { reason: 'x' } })).status).toBe(
      404,
    );
    expect(
      (await employee.call('application-good-return/update', { id: ret.id, fields: { reason: 'x' } })).status,
    ).toBe(403);
    await employee.ok('application-good-return-comment/create', { fields: { goodReturn: ret.id, status: 'REVIEW' } });
    const locked = await dealer.call('application-good-return/update', { id: ret.id, fields: { reason: 'другое' } });
    expect(locked.status).toBe(409);
    expect((await dealer.call('application-good-return/delete', { id: ret.id })).status).toBe(409);
    expect((await dealer2.call('application-good-return/delete', { id: ret.id })).status).toBe(404);
    expect((await employee.call('application-good-return/delete', { id: ret.id })).status).toBe(403);
    expect((await admin.ok('application-good-return/delete', { id: ret.id })).ok).toBe(true);
    const fresh = await fileReturn(dealer);
    expect((await dealer.ok('application-good-return/delete', { id: fresh.ret.id })).ok).toBe(true);
  });
});

describe('application-good-return-comment', () => {
  it('an employee comments and changes the status; the dealer sees both and gets an e-mail and a notice', async () => {
    const { ret } = await fileReturn(dealer);
    const staffPhoto = await photo(employee);
    const comment = await employee.ok('application-good-return-comment/create', {
      fields: {
        goodReturn: ret.id,
        text: 'Одобрено, <i>везите</i> на склад',
        status: 'APPROVED',
        photos: [staffPhoto],
      },
    });
    expect(comment.status?.code).toBe('APPROVED');
    expect(comment.goodReturn).toEqual({ id: ret.id, authorEmail: 'dealer@agromash.local' });
    expect((await dealer.ok('application-good-return/get', { id: ret.id })).status.name).toBe('Одобрена');
    const list = await dealer.ok('application-good-return-comment/list', { filter: { goodreturn: ret.id } });
    expect(list.items.map((c) => c.text)).toEqual(['Одобрено, <i>везите</i> на склад']);
    expect((await dealer.ok('application-good-return-comment/get', { id: comment.id })).id).toBe(comment.id);
    // The dealer may open the employee's photo on their own return; the other dealer may not.
    expect((await dealer.call('files/get', { id: staffPhoto })).status).toBe(200);
    expect((await dealer2.call('files/get', { id: staffPhoto })).status).toBe(404);
    const mail = (await t.outbox()).filter((m) => m.to.includes('dealer@agromash.local')).at(-1);
    expect(mail?.subject).toBe(`Возврат № ${ret.id}: статус «Одобрена»`);
    expect(mail?.text).toContain('Одобрено, <i>везите</i> на склад');
    const notices = await dealer.ok('notice/list', {});
    expect(notices.items[0]?.title).toBe(`Возврат № ${ret.id}: статус «Одобрена»`);
    expect(notices.items[0]?.link).toBe(`/returns/${ret.id}/`);
  });

  it('the author edits a comment by create with id; others cannot', async () => {
    const { ret } = await fileReturn(dealer);
    const c = await employee.ok('application-good-return-comment/create', {
      fields: { goodReturn: ret.id, text: 'Первый' },
    });
    const edited = await employee.ok('application-good-return-comment/create', {
      id: c.id,
      fields: { goodReturn: ret.id, text: 'Исправлено' },
    });
    expect(edited.id).toBe(c.id);
    expect(edited.text).toBe('Исправлено');
    const other = await db()
      .insertInto('good_return_comments')
      .values({ good_return_id: ret.id, user_id: null, text: 'system' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (
        await employee.call('application-good-return-comment/create', {
          id: other.id,
          fields: { goodReturn: ret.id, text: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('rejects dealers writing, hides comments of another dealer’s return, refuses bad input', async () => {
    const { ret } = await fileReturn(dealer);
    const c = await employee.ok('application-good-return-comment/create', {
      fields: { goodReturn: ret.id, text: 'Ок' },
    });
    expect(
      (await dealer.call('application-good-return-comment/create', { fields: { goodReturn: ret.id, text: 'Мой' } }))
        .status,
    ).toBe(403);
    expect(
      (await dealer2.call('application-good-return-comment/create', { fields: { goodReturn: ret.id, text: 'x' } }))
        .status,
    ).toBe(403);
    expect((await t.client().call('application-good-return-comment/list', {})).status).toBe(401);
    expect((await dealer2.ok('application-good-return-comment/list', { filter: { goodreturn: ret.id } })).count).toBe(
      0,
    );
    expect((await dealer2.call('application-good-return-comment/get', { id: c.id })).status).toBe(404);
    const empty = await employee.call('application-good-return-comment/create', {
      fields: { goodReturn: ret.id, text: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error_description).toContain('Напишите комментарий или выберите статус');
    const badStatus = await employee.call('application-good-return-comment/create', {
      fields: { goodReturn: ret.id, status: 'LOST' },
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error_description).toBe('Неизвестный статус возврата');
    expect(
      (await employee.call('application-good-return-comment/create', { fields: { goodReturn: 999999, text: 'x' } }))
        .status,
    ).toBe(404);
    expect((await dealer.call('application-good-return-comment/delete', { id: c.id })).status).toBe(403);
    expect((await employee.ok('application-good-return-comment/delete', { id: c.id })).ok).toBe(true);
    expect((await dealer.ok('application-good-return-comment/get-fields', {})).statuses).toHaveLength(6);
  });
});
