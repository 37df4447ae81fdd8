import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BannerFields, NewsFields, StorageFields } from '@portal/contract';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { multipart } from '../returns/testing.js';

/**
 * The back office's content editing (decision 120) through real HTTP on the real database: who may
 * write, what is refused, what the server's sanitiser leaves of hostile HTML, and what dealers then read.
 */

let t: TestApp;
let admin: TestClient;
let dealer: TestClient;
const db = () => t.app.portal.database.db;
type Fields = Record<string, string>;
const fieldsOf = (r: { body: unknown }) => ((r.body as { fields?: Fields }).fields ?? {}) as Fields;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  dealer = await t.as('dealer');
});
afterAll(() => t?.close());

const HOSTILE =
  '<p onclick="alert(1)">Текст <strong>жирный</strong><script>alert(2)</script></p>' +
  '<a href="javascript:alert(3)">ссылка</a><a href="https://example.com" target="_blank">внешняя</a>' +
  '<img src="x" onerror="alert(4)"><img src="data:image/svg+xml;base64,PHN2Zz4=">' +
  '<iframe src="https://evil.example"></iframe><style>body{}</style><svg><animate onbegin="alert(5)"/></svg>';

const news = (over: Partial<NewsFields> = {}): NewsFields => ({
  title: 'Новая поставка',
  date: new Date().toISOString().slice(0, 10),
  previewText: '<p>Коротко</p>',
  detailText: '<p>Подробно</p>',
  previewImage: null,
  detailImage: null,
  active: true,
  ...over,
});

async function upload(client: TestClient, name: string, type: string, data: Buffer) {
  return client.raw('content-image/upload', undefined, multipart([{ name, type, data }]));
}

describe('pictures', () => {
  it('stores a JPEG/PNG/WebP with its size and serves it publicly; anything else is refused', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#064C27' } })
      .png()
      .toBuffer();
    const r = await upload(admin, 'фото.png', 'image/png', png);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const image = r.body.result as { src: string; width: number; height: number };
    expect(image).toMatchObject({ width: 40, height: 30 });
    expect(image.src).toMatch(/^\/upload\/content\/[a-f0-9]{32}\.png$/);
    const got = await t.app.inject({ method: 'GET', url: image.src });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: '/upload/content/..%2F..%2Fetc.png' })).statusCode).toBe(404);

    const script = await upload(admin, 'photo.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    expect(script.status).toBe(400);
    expect(script.body.error_description).toBe('Картинка должна быть в формате JPEG, PNG или WebP');
    expect((await upload(dealer, 'a.png', 'image/png', png)).status).toBe(403);
  });
});

describe('news', () => {
  it('an administrator publishes an item with a picture; a dealer reads it; unpublished it disappears', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f1a81b' } })
      .png()
      .toBuffer();
    const image = (await upload(admin, 'n.png', 'image/png', png)).body.result as NewsFields['detailImage'];
    const created = await admin.ok('news/create', {
      fields: news({ title: 'Открыт склад в Казани', detailImage: image, previewImage: image, detailText: HOSTILE }),
    });
    const list = await dealer.ok('news/list', { page: 1, size: 6 });
    expect(list.items[0]?.title).toBe('Открыт склад в Казани');
    const read = await dealer.ok('news/get', { id: created.id });
    expect(read.image.detail).toEqual(image);
    // Sanitised when saved: nothing that runs is stored.
    const stored = (
      await db().selectFrom('news').select('detail_text').where('id', '=', created.id).executeTakeFirstOrThrow()
    ).detail_text;
    expect(stored).toContain('<strong>жирный</strong>');
    expect(stored).toContain('rel="noopener noreferrer"');
    expect(stored).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|<style|<svg|onbegin|data:image\/svg/i);

    await admin.ok('news/update', { id: created.id, fields: news({ title: 'Открыт склад в Казани', active: false }) });
    expect((await dealer.call('news/get', { id: created.id })).status).toBe(404);
    expect((await admin.ok('news/admin-list', { filter: { search: 'Казани' } })).items[0]).toMatchObject({
      id: created.id,
      active: false,
    });
    const audit = await sql<{ action: string }>`
      SELECT action FROM audit_log WHERE entity = 'news' AND entity_id = ${String(created.id)} ORDER BY id`.execute(
      db(),
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update']);
    await admin.ok('news/delete', { id: created.id });
    expect((await admin.call('news/delete', { id: created.id })).status).toBe(404);
  });

  it('refuses an empty title, a bad date and a script picture with Russian messages; dealers may not write', async () => {
    const r = await admin.call('news/create', {
      fields: news({
        title: '  ',
        date: '2026-13-45',
        previewImage: { src: 'javascript:alert(1)', width: 1, height: 1 },
      }),
    });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toMatchObject({
      'fields.title': 'Не может быть пустым',
      'fields.date': 'Введите дату в формате ГГГГ-ММ-ДД',
      'fields.previewImage.src': 'Картинка: путь на этом сайте, адрес https://… или загруженный файл',
    });
    for (const who of [dealer, await t.as('employee')]) {
      expect((await who.call('news/create', { fields: news() })).status).toBe(403);
      expect((await who.call('news/admin-list', {})).status).toBe(403);
    }
  });
});

describe('banners', () => {
  const banner = (over: Partial<BannerFields> = {}): BannerFields => ({
    name: 'Скидки',
    text: '',
    link: '/catalog/',
    img: null,
    sort: 1,
    active: true,
    activeFrom: null,
    activeTo: null,
    ...over,
  });
  it('shows a banner to dealers only within its active period', async () => {
    const now = await admin.ok('banner/create', { fields: banner({ name: 'Сейчас' }) });
    const later = await admin.ok('banner/create', { fields: banner({ name: 'Потом', activeFrom: '2999-01-01' }) });
    const past = await admin.ok('banner/create', {
      fields: banner({ name: 'Было', activeFrom: '2000-01-01', activeTo: '2000-12-31' }),
    });
    const names = (await dealer.ok('banner/list', { size: -1 })).items.map((b) => b.name);
    expect(names).toContain('Сейчас');
    expect(names).not.toContain('Потом');
    expect(names).not.toContain('Было');
    expect((await dealer.call('banner/get', { id: later.id })).status).toBe(404);
    expect((await dealer.call('banner/get', { id: past.id })).status).toBe(404);
    expect((await dealer.call('banner/get', { id: now.id })).status).toBe(200);
  });
  it('refuses a period that ends before it starts and a javascript: link', async () => {
    const r = await admin.call('banner/create', {
      fields: banner({ activeFrom: '2026-05-01', activeTo: '2026-04-01', link: 'javascript:alert(1)' }),
    });
    expect(fieldsOf(r)).toMatchObject({
      'fields.activeTo': 'Дата окончания раньше даты начала',
      'fields.link': 'Ссылка должна начинаться с «/» или «https://»',
    });
  });
});

describe('FAQ and pages', () => {
  it('writes sanitised answers and pages; a page address is unique and checked', async () => {
    const faq = await admin.ok('faq/create', {
      fields: { question: 'Как оплатить?', answer: HOSTILE, sort: 1, active: true },
    });
    expect(faq.answer).not.toMatch(/<script|onclick|javascript:/);
    expect((await dealer.ok('faq/list', { filter: { search: 'Как оплатить' } })).count).toBe(1);

    const page = await admin.ok('page/create', {
      fields: { url: '/dostavka-po-rossii/', title: 'Доставка по России', content: HOSTILE, active: true },
    });
    expect(page.url).toBe('dostavka-po-rossii');
    const read = await dealer.ok('page/get', { url: 'dostavka-po-rossii' });
    expect(read.content).not.toMatch(/<script|onerror|<iframe/);
    const twice = await admin.call('page/create', {
      fields: { url: 'dostavka-po-rossii', title: 'Ещё раз', content: '', active: true },
    });
    expect(fieldsOf(twice)['fields.url']).toBe('Страница с таким адресом уже есть');
    const bad = await admin.call('page/create', { fields: { url: '../etc', title: 'x', content: '', active: true } });
    expect(fieldsOf(bad)['fields.url']).toBe('Некорректный адрес страницы');
    await admin.ok('page/delete', { id: page.id });
    expect((await dealer.call('page/get', { url: 'dostavka-po-rossii' })).status).toBe(404);
  });
});

describe('warehouses', () => {
  const storage = (over: Partial<StorageFields> = {}): StorageFields => ({
    name: 'Склад Казань',
    address: 'г. Казань, ул. Складская, 1',
    lat: 55.79,
    lon: 49.12,
    working: 'Пн–Пт 9:00–18:00',
    description: '<p>Въезд с <b>торца</b></p><script>x</script>',
    phones: ['+7 (843) 000-00-00'],
    emails: ['kazan@techzapchast.local'],
    preview: null,
    gallery: [],
    scheme: null,
    sort: 900,
    active: true,
    ...over,
  });
  it('an edited warehouse is what dealers see on /storage/ and as a pickup point', async () => {
    const created = await admin.ok('storage/create', { fields: storage() });
    expect(created.description).toBe('<p>Въезд с <b>торца</b></p>');
    const edited = await admin.ok('storage/update', {
      id: created.id,
      fields: storage({ working: 'Круглосуточно', phones: ['+7 (843) 111-11-11', '+7 (843) 222-22-22'] }),
    });
    expect(edited.phones).toHaveLength(2);
    const seen = await dealer.ok('storage/get', { id: created.id });
    expect(seen).toMatchObject({ working: 'Круглосуточно', coordinate: { lat: 55.79, lon: 49.12 } });
    expect(seen.phone).toEqual(['+7 (843) 111-11-11', '+7 (843) 222-22-22']);
    await admin.ok('storage/update', { id: created.id, fields: storage({ active: false }) });
    expect((await dealer.call('storage/get', { id: created.id })).status).toBe(404);
  });
  it('refuses one coordinate without the other, a latitude out of range and a bad e-mail', async () => {
    const r = await admin.call('storage/create', {
      fields: storage({ lat: 95, lon: null, emails: ['не почта'] }),
    });
    expect(fieldsOf(r)).toMatchObject({
      'fields.lat': 'Широта — число от −90 до 90',
      'fields.emails.0': 'Введите корректный адрес электронной почты',
    });
    const pair = await admin.call('storage/create', { fields: storage({ lat: 55, lon: null }) });
    expect(fieldsOf(pair)['fields.lon']).toBe('Укажите обе координаты или ни одной');
  });
});

describe('contacts and departments', () => {
  it('keeps a department with contacts, refuses a loop, and moves contacts between departments', async () => {
    const top = await admin.ok('departments/create', {
      fields: { name: 'Продажи', parentId: 0, description: '', sort: 1 },
    });
    const sub = await admin.ok('departments/create', {
      fields: { name: 'Юг', parentId: top.id, description: '', sort: 1 },
    });
    const loop = await admin.call('departments/update', {
      id: top.id,
      fields: { name: 'Продажи', parentId: sub.id, description: '', sort: 1 },
    });
    expect(fieldsOf(loop)['fields.parentId']).toBe('Отдел не может быть вложен сам в себя');
    const contact = await admin.ok('contacts/create', {
      fields: {
        name: 'Иванов Иван',
        jobTitle: 'Менеджер',
        phone: '+7 900 000-00-00',
        email: 'i@x.ru',
        departmentId: sub.id,
        img: null,
        sort: 1,
      },
    });
    const busy = await admin.call('departments/delete', { id: sub.id });
    expect(busy.status).toBe(409);
    expect(busy.body.error_description).toBe('В отделе есть контакты — перенесите или удалите их сначала');
    expect((await dealer.ok('contacts/list', { filter: { sectionId: sub.id } })).items.map((c) => c.name)).toEqual([
      'Иванов Иван',
    ]);
    await admin.ok('contacts/update', {
      id: contact.id,
      fields: {
        name: 'Иванов Иван',
        jobTitle: 'Менеджер',
        phone: '',
        email: '',
        departmentId: top.id,
        img: null,
        sort: 1,
      },
    });
    await admin.ok('departments/delete', { id: sub.id });
    const missing = await admin.call('contacts/create', {
      fields: { name: 'Пётр', jobTitle: '', phone: '', email: '', departmentId: sub.id, img: null, sort: 1 },
    });
    expect(fieldsOf(missing)['fields.departmentId']).toBe('Такого отдела нет');
  });
});

describe('support forms', () => {
  it('a new form with a rule is filled in by a dealer and checked by the same definition', async () => {
    const form = await admin.ok('form/create', {
      fields: {
        code: 'PARTS_REQUEST',
        title: 'Запрос запчасти',
        titleEn: '',
        description: '',
        sort: 10,
        fields: [
          {
            code: 'VIN',
            type: 'TEXT',
            label: 'VIN',
            mask: '',
            readonly: false,
            options: [],
            rules: [{ regex: '^[A-HJ-NPR-Z0-9]{17}$', message: 'VIN — 17 символов' }],
            conditions: [],
            value: null,
            agreementId: null,
          },
          {
            code: 'KIND',
            type: 'SELECT',
            label: 'Тип',
            mask: '',
            readonly: false,
            options: [
              { title: 'Двигатель', value: 'engine' },
              { title: 'Ходовая', value: 'chassis' },
            ],
            rules: [],
            conditions: [],
            value: null,
            agreementId: null,
          },
        ],
      },
    });
    expect(form.fields.map((f) => [f.code, f.required])).toEqual([
      ['VIN', true],
      ['KIND', false],
    ]);
    const wrong = await dealer.call('answer/create', {
      payload: { code: 'PARTS_REQUEST', fields: [{ code: 'VIN', value: 'короткий' }] },
    });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong).VIN).toBe('VIN — 17 символов');
    await dealer.ok('answer/create', {
      payload: {
        code: 'PARTS_REQUEST',
        fields: [
          { code: 'VIN', value: 'XTA21099043456789' },
          { code: 'KIND', value: 'engine' },
        ],
      },
    });
    const gone = await admin.call('form/delete', { id: form.id });
    expect(gone.status).toBe(409);
    expect(gone.body.error_description).toMatch(/обращения/);
  });
  it('refuses a broken pattern, a select without options and a repeated code', async () => {
    const field = {
      code: 'A',
      type: 'TEXT' as const,
      label: 'A',
      mask: '',
      readonly: false,
      options: [],
      rules: [{ regex: '([a-z', message: 'x' }],
      conditions: [],
      value: null,
      agreementId: null,
    };
    const r = await admin.call('form/create', {
      fields: {
        code: 'BAD',
        title: 'Плохая',
        titleEn: '',
        description: '',
        sort: 1,
        fields: [field, { ...field, rules: [], type: 'SELECT' }],
      },
    });
    expect(fieldsOf(r)).toMatchObject({
      'fields.fields.0.rules.0.regex': 'Некорректное регулярное выражение',
      'fields.fields.1.options': 'Добавьте хотя бы один вариант',
      'fields.fields.1.code': 'Поле с таким кодом в форме уже есть',
    });
  });
});

describe('English texts of a form (decision 148)', () => {
  const field = {
    code: 'COLOR',
    type: 'SELECT' as const,
    label: 'Цвет кузова',
    labelEn: 'Body colour',
    mask: '',
    readonly: false,
    options: [
      { title: 'Белый', value: 'white', titleEn: 'White' },
      { title: 'Чёрный', value: 'black', titleEn: '' },
    ],
    rules: [{ regex: '^white$', message: 'Пока только белый', messageEn: 'Only white for now' }],
    conditions: [],
    value: null,
    agreementId: null,
  };
  const fields = {
    code: 'COLOR_REQUEST',
    title: 'Запрос цвета',
    titleEn: 'Colour request',
    description: 'Укажите цвет',
    descriptionEn: 'Name the colour',
    sort: 20,
    fields: [
      field,
      {
        ...field,
        code: 'NOTE',
        type: 'TEXT' as const,
        label: 'Примечание',
        labelEn: 'Note',
        readonly: true,
        value: 'Ответим в течение дня',
        valueEn: 'We answer within a day',
        options: [],
        rules: [],
      },
    ],
  };

  it('are saved beside the Russian ones, audited, and shown on an English page only', async () => {
    const form = await admin.ok('form/create', { fields });
    expect(form.translationEn).toEqual({
      description: 'Name the colour',
      fields: {
        COLOR: { label: 'Body colour', options: { white: 'White' }, messages: ['Only white for now'] },
        NOTE: { label: 'Note', value: 'We answer within a day' },
      },
    });
    // The stored definition stays Russian and carries no English keys.
    expect(form.fields[0]).toMatchObject({
      label: 'Цвет кузова',
      options: [
        { title: 'Белый', value: 'white' },
        { title: 'Чёрный', value: 'black' },
      ],
    });
    expect(form.fields[0]!.options[0]).not.toHaveProperty('titleEn');
    expect(form.fields[0]!.rules[0]).not.toHaveProperty('messageEn');

    const english = await t.as('dealer');
    english.language = 'en';
    const en = await english.ok('form/get', { code: 'COLOR_REQUEST' });
    expect(en.title).toBe('Colour request');
    expect(en.description).toBe('Name the colour');
    expect(en.fields.map((f) => f.label)).toEqual(['Body colour', 'Note']);
    expect(en.fields[0]!.options.map((o) => o.title)).toEqual(['White', 'Чёрный']);
    expect(en.fields[1]!.value).toBe('We answer within a day');
    const wrong = await english.call('answer/create', {
      payload: { code: 'COLOR_REQUEST', fields: [{ code: 'COLOR', value: 'black' }] },
    });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong).COLOR).toBe('Only white for now');
    const answer = await english.ok('answer/create', {
      payload: { code: 'COLOR_REQUEST', fields: [{ code: 'COLOR', value: 'white' }] },
    });
    expect(answer.userFields.find((f) => f.sid === 'COLOR')).toMatchObject({ title: 'Body colour', value: 'White' });

    const ru = await dealer.ok('form/get', { code: 'COLOR_REQUEST' });
    expect(ru.description).toBe('Укажите цвет');
    expect(ru.fields.map((f) => f.label)).toEqual(['Цвет кузова', 'Примечание']);

    // An update: an empty text clears its English, a text left out keeps the stored one.
    const { labelEn: _l, ...withoutLabel } = field;
    const updated = await admin.ok('form/update', {
      id: form.id,
      fields: {
        ...fields,
        descriptionEn: '',
        fields: [
          {
            ...withoutLabel,
            options: [field.options[0]!, { ...field.options[1]!, titleEn: 'Black' }],
            rules: [{ ...field.rules[0]!, messageEn: '' }],
          },
        ],
      },
    });
    expect(updated.translationEn).toEqual({
      fields: { COLOR: { label: 'Body colour', options: { white: 'White', black: 'Black' } } },
    });
    expect((await english.ok('form/get', { code: 'COLOR_REQUEST' })).description).toBe('Укажите цвет');

    const audit = await sql<{
      action: string;
      before: { translationEn?: unknown } | null;
      after: { translationEn?: unknown } | null;
    }>`
      SELECT action, before, after FROM audit_log WHERE entity = 'form' AND entity_id = ${String(form.id)} ORDER BY id`.execute(
      db(),
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(audit.rows[1]!.before?.translationEn).toEqual(form.translationEn);
    expect(audit.rows[1]!.after?.translationEn).toEqual(updated.translationEn);
  });

  it('refuses a control character or an overlong English text with a Russian 400', async () => {
    const r = await admin.call('form/create', {
      fields: {
        ...fields,
        code: 'COLOR_BAD',
        descriptionEn: 'Bad\u0000text',
        fields: [{ ...field, labelEn: 'x'.repeat(301), options: [{ ...field.options[0]!, titleEn: 'Wh\u0007ite' }] }],
      },
    });
    expect(r.status).toBe(400);
    const errors = fieldsOf(r);
    expect(errors['fields.fields.0.labelEn']).toBe('Слишком длинное значение');
    const control = await admin.call('form/create', {
      fields: {
        ...fields,
        code: 'COLOR_BAD',
        fields: [{ ...field, options: [{ ...field.options[0]!, titleEn: 'Wh\u0007ite' }] }],
      },
    });
    expect(control.status).toBe(400);
    expect(fieldsOf(control)['fields.fields.0.options.0.titleEn']).toMatch(/^Содержит недопустимый управляющий символ/);
    const english = await admin.call('form/create', {
      fields: { ...fields, code: 'COLOR_BAD', descriptionEn: 'a'.repeat(2001) },
    });
    expect(fieldsOf(english)['fields.descriptionEn']).toBe('Слишком длинное значение');
    expect(
      await db().selectFrom('forms').select('id').where('code', '=', 'COLOR_BAD').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('administrators’ lists', () => {
  it('show the unpublished rows too, search them and page them', async () => {
    for (const [name, search] of [
      ['news/admin-list', 'Казани'],
      ['banner/admin-list', ''],
      ['faq/admin-list', 'пароль'],
      ['page/admin-list', 'about'],
      ['storage/admin-list', 'Москва'],
      ['departments/admin-list', ''],
      ['contacts/admin-list', ''],
      ['form/admin-list', 'USER_SUPPORT'],
    ] as const) {
      const all = await admin.ok(name, { page: 1, size: 2 });
      expect(all.count, name).toBeGreaterThan(0);
      expect(all.items.length, name).toBeLessThanOrEqual(2);
      if (search) {
        const found = await admin.ok(name, { filter: { search } });
        expect(found.count, `${name} ${search}`).toBeGreaterThan(0);
        expect(found.count, `${name} ${search}`).toBeLessThanOrEqual(all.count);
      }
      expect((await admin.ok(name, { filter: { search: 'нет-такого-ничего' } })).count, name).toBe(0);
    }
  });
});

describe('the demo content', () => {
  it('is saved back unchanged by its editors (every seeded item passes its own checks)', async () => {
    const all = { page: 1, size: -1 } as const;
    for (const n of (await admin.ok('news/admin-list', all)).items) {
      const { id, src: _src, ...fields } = n;
      expect((await admin.call('news/update', { id, fields })).status, n.title).toBe(200);
    }
    for (const b of (await admin.ok('banner/admin-list', all)).items) {
      const { id, ...fields } = b;
      expect((await admin.call('banner/update', { id, fields })).status, b.name).toBe(200);
    }
    for (const s of (await admin.ok('storage/admin-list', all)).items) {
      const { id, ...fields } = s;
      const r = await admin.call('storage/update', { id, fields });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    for (const c of (await admin.ok('contacts/admin-list', all)).items) {
      const { id, ...fields } = c;
      expect((await admin.call('contacts/update', { id, fields })).status, c.name).toBe(200);
    }
    for (const f of (await admin.ok('form/admin-list', all)).items) {
      const r = await admin.call('form/update', {
        id: f.id,
        fields: {
          code: f.code,
          title: f.title,
          titleEn: f.titleEn,
          description: f.description,
          sort: f.sort,
          fields: f.fields.map((x) => ({
            code: x.type === 'AGREEMENT' ? 'AGREEMENT' : x.code,
            type: x.type,
            label: x.label,
            mask: x.mask ?? '',
            readonly: x.readonly,
            options: x.options,
            rules: x.rules,
            conditions: x.conditions,
            value: x.value,
            agreementId: x.agreementId,
          })),
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const after = (await admin.ok('form/admin-list', { filter: { search: f.code } })).items.find(
        (x) => x.id === f.id,
      );
      expect(after?.fields.map((x) => [x.code, x.type, x.required])).toEqual(
        f.fields.map((x) => [x.code, x.type, x.required]),
      );
      // Saved by a caller that sends no English texts, the form keeps the ones it had (decision 148).
      expect(after?.translationEn).toEqual(f.translationEn);
    }
  });
});
