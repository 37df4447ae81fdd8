import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.portal.database.db;

describe('news/list', () => {
  it('rejects anonymous', async () => {
    const r = await t.client().call('news/list', {});
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('UNAUTHORIZED');
  });

  it('gives the newest first, six for the dashboard, with images and their sizes', async () => {
    const c = await t.as('dealer');
    const r = await c.ok('news/list', { page: 1, size: 6 });
    expect(r.count).toBe(20);
    expect(r.items).toHaveLength(6);
    const dates = r.items.map((n) => n.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = r.items[0]!;
    expect(first.title).toBe('Новый склад в Казани открыт для самовывоза');
    expect(first.detailText).toBe('');
    expect(first.shareSrc).toBe('');
    expect(first.image.preview).toMatchObject({ width: 480, height: 270 });
    expect(first.image.preview!.src).toMatch(/^data:image\/svg\+xml/);
  });

  it('pages and searches', async () => {
    const c = await t.as('employee');
    const page2 = await c.ok('news/list', { page: 2, size: 6 });
    expect(page2.items).toHaveLength(6);
    const all = await c.ok('news/list', { size: -1 });
    expect(all.items).toHaveLength(20);
    const found = await c.ok('news/list', { filter: { search: 'фильтр' } });
    expect(found.count).toBeGreaterThanOrEqual(1);
    expect(found.items.every((n) => /фильтр/i.test(n.title + n.previewText))).toBe(true);
    const none = await c.ok('news/list', { filter: { search: '100%_' } });
    expect(none.count).toBe(0);
  });

  it('rejects unknown filter fields and sort keys', async () => {
    const c = await t.as('dealer');
    expect((await c.call('news/list', { filter: { userId: 1 } } as never)).status).toBe(400);
    expect((await c.call('news/list', { sort: { PASSWORD: 'ASC' } } as never)).status).toBe(400);
  });
});

describe('news/get', () => {
  it('rejects anonymous without a token', async () => {
    const r = await t.client().call('news/get', { id: 1 });
    expect(r.status).toBe(401);
  });

  it('marks the item read for the reader only, and gives a share link', async () => {
    const dealer = await t.as('dealer');
    const id = (await dealer.ok('news/list', { size: 1 })).items[0]!.id;
    expect((await dealer.ok('news/list', { size: 1 })).items[0]!.isView).toBe(false);
    const item = await dealer.ok('news/get', { id });
    expect(item.isView).toBe(true);
    expect(item.detailText).toContain('<p>');
    expect(item.image.detail).toMatchObject({ width: 1200, height: 500 });
    expect(item.shareSrc).toMatch(new RegExp(`^/news/${id}/[0-9a-f]{24}/$`));
    expect((await dealer.ok('news/list', { size: 1 })).items[0]!.isView).toBe(true);
    const unread = await dealer.ok('news/list', { size: -1, filter: { isView: false } });
    expect(unread.count).toBe(19);
    const dealer2 = await t.as('dealer2');
    expect((await dealer2.ok('news/list', { size: 1 })).items[0]!.isView).toBe(false);
    // Reading twice keeps one mark.
    await dealer.ok('news/get', { id });
    const marks = await db().selectFrom('news_views').selectAll().where('news_id', '=', id).execute();
    expect(marks).toHaveLength(1);
  });

  it('opens an item by its token without signing in, and not with a wrong one', async () => {
    const dealer = await t.as('dealer');
    const { shareSrc, id } = await dealer.ok('news/get', { id: 3 });
    const token = shareSrc.split('/')[3]!;
    const anon = t.client();
    const r = await anon.call('news/get', { id, access_key: token });
    expect(r.status).toBe(200);
    expect(r.body.result.isView).toBe(false);
    expect(r.body.result.shareSrc).toBe('');
    const wrong = await anon.call('news/get', { id, access_key: 'a'.repeat(24) });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ error: 'NOT_FOUND', error_description: 'Не найдено' });
    // A token of another item opens nothing.
    const other = await anon.call('news/get', { id: id + 1, access_key: token });
    expect(other.status).toBe(404);
    // A token with path characters is refused before any query.
    const bad = await anon.call('news/get', { id, access_key: '../etc' });
    expect(bad.status).toBe(400);
  });

  it('answers a missing id with 404 and a bad id with 400', async () => {
    const c = await t.as('dealer');
    expect((await c.call('news/get', { id: 999999 })).status).toBe(404);
    expect((await c.call('news/get', {} as never)).status).toBe(400);
    const r = await c.call('news/get', { id: 'abc' } as never);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ id: 'Идентификатор должен быть положительным целым числом' });
  });

  it('hides an inactive item even with its token', async () => {
    const c = await t.as('dealer');
    const { shareSrc } = await c.ok('news/get', { id: 5 });
    await db().updateTable('news').set({ active: false }).where('id', '=', 5).execute();
    try {
      expect((await c.call('news/get', { id: 5 })).status).toBe(404);
      expect((await t.client().call('news/get', { id: 5, access_key: shareSrc.split('/')[3] })).status).toBe(404);
      expect((await c.ok('news/list', { size: -1 })).count).toBe(19);
    } finally {
      await db().updateTable('news').set({ active: true }).where('id', '=', 5).execute();
    }
  });
});

describe('banner/list and banner/get', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('banner/list', {})).status).toBe(401);
    expect((await t.client().call('banner/get', { id: 1 })).status).toBe(401);
  });

  it('gives the five banners with image, link, name and text', async () => {
    const c = await t.as('dealer');
    const r = await c.ok('banner/list', { size: 10 });
    expect(r.count).toBe(5);
    expect(r.items[0]).toMatchObject({ name: 'Фильтры John Deere', link: '/news/2/' });
    expect(r.items[0]!.img).toMatchObject({ width: 1200, height: 360 });
    const one = await c.ok('banner/get', { id: r.items[1]!.id });
    expect(one.name).toBe(r.items[1]!.name);
    expect((await c.call('banner/get', { id: 999 })).status).toBe(404);
  });
});

describe('page/get', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('page/get', { url: 'about' })).status).toBe(401);
  });

  it('gives a page by its path, with or without slashes', async () => {
    const c = await t.as('dealer');
    expect(await c.ok('page/get', { url: 'about' })).toMatchObject({ url: 'about', title: 'О компании' });
    expect((await c.ok('page/get', { url: '/delivery/' })).title).toBe('Доставка');
    expect((await c.ok('page/get', { url: 'PAYMENT' })).title).toBe('Оплата');
  });

  it('answers an unknown page with 404', async () => {
    const c = await t.as('dealer');
    const r = await c.call('page/get', { url: 'no-such-page' });
    expect(r.status).toBe(404);
  });

  it.each([
    '../etc/passwd',
    'about/../payment',
    '..',
    'about%2F..%2Fpayment',
    'about%2fx',
    'a\\b',
    'a//b',
    'about?x=1',
    '<script>',
  ])('refuses the path %s with 400', async (url) => {
    const c = await t.as('dealer');
    const r = await c.call('page/get', { url });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(r.body.fields).toEqual({ url: 'Некорректный адрес страницы' });
  });

  it('refuses a missing url', async () => {
    const c = await t.as('dealer');
    expect((await c.call('page/get', {} as never)).status).toBe(400);
  });
});

describe('faq/list', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('faq/list', {})).status).toBe(401);
  });

  it('gives ten questions and searches questions and answers', async () => {
    const c = await t.as('dealer2');
    const all = await c.ok('faq/list', { size: -1 });
    expect(all.count).toBe(10);
    expect(all.items[0]!.questionText).toBe('Как зарегистрироваться в портале?');
    const found = await c.ok('faq/list', { filter: { search: 'пароль' } });
    expect(found.items.map((f) => f.questionText)).toEqual(['Как изменить пароль?']);
    expect((await c.ok('faq/list', { filter: { search: 'самовывоз' } })).count).toBeGreaterThanOrEqual(1);
  });
});

describe('departments and contacts', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('departments/list', {})).status).toBe(401);
    expect((await t.client().call('contacts/list', {})).status).toBe(401);
  });

  it('gives three departments as a tree and eight people with photos', async () => {
    const c = await t.as('employee');
    const deps = await c.ok('departments/list', { size: -1 });
    expect(deps.count).toBe(3);
    const sales = deps.items.find((d) => d.name === 'Отдел продаж')!;
    expect(sales.parentSectionId).toBe(0);
    const service = deps.items.find((d) => d.name === 'Сервис и гарантия')!;
    expect(service.parentSectionId).toBe(sales.id);
    const people = await c.ok('contacts/list', { size: -1 });
    expect(people.count).toBe(8);
    expect(people.items[0]).toMatchObject({ name: 'Соколова Анна Викторовна', sectionId: sales.id });
    expect(people.items[0]!.img).toMatchObject({ width: 160, height: 160 });
    const ofSales = await c.ok('contacts/list', { filter: { sectionId: sales.id } });
    expect(ofSales.count).toBe(3);
    expect((await c.ok('departments/get', { id: sales.id })).name).toBe('Отдел продаж');
    expect((await c.ok('contacts/get', { id: people.items[0]!.id })).email).toBe('sokolova@techzapchast.local');
    expect((await c.call('contacts/get', { id: 9999 })).status).toBe(404);
    expect((await c.call('departments/get', { id: 9999 })).status).toBe(404);
  });
});

describe('storage/list and storage/get', () => {
  it('names the same warehouses as the stock, and the ones the demo news speaks of', async () => {
    const c = await t.as('dealer');
    const storages = (await c.ok('storage/list', { size: -1 })).items.map((s) => s.name);
    const product = (await c.ok('product/list', { size: 1, sort: { NAME: 'ASC' } })).items[0]!;
    const stock = await c.ok('product/price-quantity-stores', { id: product.id });
    const real = stock.stores.filter((s) => !s.isVirtual).map((s) => s.name);
    expect(real.length).toBeGreaterThan(0);
    expect(storages).toEqual(expect.arrayContaining(real));
    const news = (await c.ok('news/list', { size: -1 })).items;
    const pickupNews = await c.ok('news/get', { id: news.find((n) => n.title.includes('Казан'))!.id });
    expect(pickupNews.detailText).toContain('«Склад Казань»');
    expect(storages).toContain('Склад Казань');
  });

  it('rejects anonymous', async () => {
    expect((await t.client().call('storage/list', {})).status).toBe(401);
    expect((await t.client().call('storage/get', { id: 1 })).status).toBe(401);
  });

  it('gives three warehouses with coordinates, photos and schemes', async () => {
    const c = await t.as('dealer');
    const r = await c.ok('storage/list', { size: -1 });
    expect(r.count).toBe(3);
    const first = r.items[0]!;
    expect(first).toMatchObject({ name: 'Склад Москва', coordinate: { lat: 55.7012, lon: 37.7245 } });
    expect(first.phone).toHaveLength(2);
    expect(first.images.gallery).toHaveLength(3);
    expect(first.images.scheme).toMatchObject({ width: 800, height: 500 });
    const one = await c.ok('storage/get', { id: first.id });
    expect(one).toEqual(first);
    expect((await c.call('storage/get', { id: 9999 })).status).toBe(404);
    expect((await c.call('storage/get', { id: first.id, extra: 1 } as never)).status).toBe(400);
  });
});

describe('stored HTML', () => {
  it('travels as stored: the web app sanitises it when it renders (decision 031)', async () => {
    const payload = '<p>Текст</p><img src=x onerror=alert(1)><script>alert(1)</script>';
    await db().updateTable('faq').set({ answer: payload }).where('id', '=', 1).execute();
    const c = await t.as('dealer');
    const item = (await c.ok('faq/list', { size: 1 })).items[0]!;
    expect(item.answerText).toBe(payload);
  });
});
