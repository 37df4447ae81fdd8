import type { ExchangeSession } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { multipart } from '../returns/testing.js';

/**
 * A manual 1C upload is a dry run first (decision 197): its report says what it will do and nothing of the
 * catalogue changes until the administrator confirms; the confirmed run then does what the report said.
 * Sections left without visible products are hidden from dealers, not from staff. The history lists every
 * kind of document and those it could not place. Real HTTP, the real database (PGlite or TEST_DATABASE_URL).
 */

let t: TestApp;
const db = () => t.app.portal.database.db;
let admin: TestClient;
let dealer: TestClient;

beforeAll(async () => {
  t = await createTestApp({
    exchange: {
      login: 'exchange',
      password: 'Exchange#2026',
      fileLimitBytes: 4096,
      maxFileBytes: 20 * 1024 * 1024,
      stepMs: 150,
    },
    jobs: { worker: true, concurrency: 2, pollMs: 50, retryBaseMs: 500 },
  });
  admin = await t.as('admin');
  dealer = await t.as('dealer');
});
afterAll(() => t?.close());

const FULL_IMPORT = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.04">
  <Классификатор>
    <Группы>
      <Группа><Ид>dry-g1</Ид><Наименование>Гидравлика из 1С</Наименование>
        <Группы><Группа><Ид>dry-g2</Ид><Наименование>Насосы НШ</Наименование></Группа></Группы>
      </Группа>
    </Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false">
    <Товары>
      <Товар><Ид>dry-1</Ид><Артикул>DRY-0001</Артикул><Наименование>Насос НШ-10</Наименование>
        <Группы><Ид>dry-g2</Ид></Группы></Товар>
      <Товар><Ид>dry-2</Ид><Артикул>DRY-0002</Артикул><Наименование>Насос НШ-32</Наименование>
        <Группы><Ид>dry-g2</Ид></Группы></Товар>
      <Товар><Ид>dry-3</Ид><Артикул>DRY-0003</Артикул><Наименование>Шланг РВД</Наименование>
        <Группы><Ид>dry-g1</Ид></Группы></Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;

const OFFERS = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.04">
  <ПакетПредложений СодержитТолькоИзменения="true">
    <ТипыЦен>
      <ТипЦены><Ид>dry-pt-dealer</Ид><Наименование>  дилер </Наименование><Валюта>RUB</Валюта></ТипЦены>
      <ТипЦены><Ид>dry-pt-opt</Ид><Наименование>Оптовая 1С</Наименование><Валюта>RUB</Валюта></ТипЦены>
    </ТипыЦен>
    <Склады><Склад><Ид>dry-st</Ид><Наименование>Склад Уфа из 1С</Наименование></Склад></Склады>
    <Предложения>
      <Предложение><Ид>dry-1</Ид>
        <Цены><Цена><ИдТипаЦены>dry-pt-dealer</ИдТипаЦены><ЦенаЗаЕдиницу>1000</ЦенаЗаЕдиницу></Цена></Цены>
        <Склад ИдСклада="dry-st" КоличествоНаСкладе="4"/></Предложение>
      <Предложение><Ид>dry-2</Ид>
        <Цены><Цена><ИдТипаЦены>dry-pt-opt</ИдТипаЦены><ЦенаЗаЕдиницу>2000</ЦенаЗаЕдиницу></Цена></Цены>
        <Склад ИдСклада="dry-st" КоличествоНаСкладе="1"/></Предложение>
      <Предложение><Ид>dry-unknown</Ид>
        <Цены><Цена><ИдТипаЦены>dry-pt-dealer</ИдТипаЦены><ЦенаЗаЕдиницу>5</ЦенаЗаЕдиницу></Цена></Цены></Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

/** What the dry run must not touch: the catalogue's rows and its version (every write bumps it). */
async function catalogueState() {
  const one = async (q: string) => Number((await sql<{ n: string }>`${sql.raw(q)}`.execute(db())).rows[0]!.n);
  return {
    version: await one('SELECT version AS n FROM catalog_version'),
    active: await one('SELECT count(*) AS n FROM products WHERE active'),
    products: await one('SELECT count(*) AS n FROM products'),
    sections: await one('SELECT count(*) AS n FROM sections'),
    priceTypes: await one('SELECT count(*) AS n FROM price_types'),
    stores: await one('SELECT count(*) AS n FROM stores'),
    prices: await one('SELECT count(*) AS n FROM product_prices'),
    stock: await one('SELECT count(*) AS n FROM product_stock'),
  };
}

async function upload(files: Array<{ name: string; text: string }>): Promise<ExchangeSession> {
  const up = await admin.raw(
    'exchange/upload',
    undefined,
    multipart(files.map((f) => ({ name: f.name, type: 'text/xml', data: Buffer.from(f.text) }))),
  );
  expect(up.status).toBe(200);
  return up.body.result as ExchangeSession;
}

async function follow(id: number) {
  for (let i = 0; i < 400; i += 1) {
    const step = await admin.ok('exchange/continue', { id });
    if (step.state !== 'progress') return step;
  }
  throw new Error('the upload never ended');
}

describe('a manual upload: the dry run, then the confirmed run', () => {
  it('reports what it will do, changes nothing, and the confirmed run does what it said', async () => {
    const before = await catalogueState();
    const dealerSections = (await dealer.ok('section/list', { size: -1 })).items.length;
    const session = await upload([
      { name: 'offers.xml', text: OFFERS },
      { name: 'import.xml', text: FULL_IMPORT },
    ]);
    expect(session.review).toBe('pending');
    const reviewed = await follow(session.id);
    expect(reviewed.state, reviewed.message).toBe('review');

    // Nothing of the catalogue moved.
    expect(await catalogueState()).toEqual(before);
    expect((await dealer.ok('section/list', { size: -1 })).items.length).toBe(dealerSections);

    const runs = reviewed.session.runs;
    expect(runs.map((r) => r.name)).toEqual(['import.xml', 'offers.xml']);
    const catalogue = runs[0]!.report!;
    expect(catalogue.full).toBe(true);
    expect(catalogue.products).toMatchObject({ total: 3, added: 3, changed: 0, hidden: before.active });
    expect(catalogue.sections).toMatchObject({ total: 2, added: 2, addedNames: ['Гидравлика из 1С', 'Насосы НШ'] });
    // The full catalogue hides every demo product: their sections are emptied (and hidden from dealers).
    expect(catalogue.sections.emptied).toBeGreaterThan(0);
    const offers = runs[1]!.report!;
    expect(offers.offers).toMatchObject({ total: 3, unknownProducts: 1 });
    // Price and stock cells (decision 227): the two products are new with this upload, so every cell is.
    expect(offers.offers.prices).toBeGreaterThanOrEqual(2);
    expect(offers.offers.stocks).toBe(2);
    expect(offers.priceTypes).toEqual([
      { externalId: 'dry-pt-dealer', name: 'дилер', match: 'name', portalName: 'Дилер' },
      { externalId: 'dry-pt-opt', name: 'Оптовая 1С', match: 'new', portalName: 'Оптовая 1С' },
    ]);
    expect(offers.stores).toEqual([
      { externalId: 'dry-st', name: 'Склад Уфа из 1С', match: 'new', portalName: 'Склад Уфа из 1С' },
    ]);
    // «Дилер» gets prices from this file; dealers on any other price type would see none from it.
    expect(offers.withoutPrice.map((w) => w.priceTypeName)).not.toContain('Дилер');
    expect(offers.withoutPrice.every((w) => w.dealers > 0)).toBe(true);

    // Two confirmations at once: one applies, both answer the confirmed session.
    const [a, b] = await Promise.all([
      admin.call('exchange/confirm', { id: session.id }),
      admin.call('exchange/confirm', { id: session.id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const done = await follow(session.id);
    expect(done.state, done.message).toBe('success');
    expect(done.session.review).toBe('confirmed');
    expect(done.session.runs.map((r) => [r.name, r.status])).toEqual([
      ['import.xml', 'done'],
      ['offers.xml', 'done'],
    ]);

    // The real run did what the report said.
    const after = await catalogueState();
    const stats = done.session.runs[0]!.stats;
    expect(stats.created).toBe(catalogue.products.added);
    expect(stats.products - stats.created).toBe(catalogue.products.changed);
    expect(stats.hidden).toBe(catalogue.products.hidden);
    expect(after.products - before.products).toBe(catalogue.products.added);
    expect(after.active).toBe(before.active + catalogue.products.added - catalogue.products.hidden);
    expect(after.sections - before.sections).toBe(catalogue.sections.added);
    expect(after.priceTypes - before.priceTypes).toBe(offers.priceTypes.filter((p) => p.match === 'new').length);
    expect(after.stores - before.stores).toBe(offers.stores.filter((p) => p.match === 'new').length);
    expect(done.session.runs[1]!.stats.skipped).toBe(offers.offers.unknownProducts);
    expect(done.session.runs[1]!.stats.prices).toBe(offers.offers.prices);
    expect(done.session.runs[1]!.stats.stocks).toBe(offers.offers.stocks);
    expect(after.prices - before.prices).toBe(offers.offers.prices);
    expect(after.stock - before.stock).toBe(offers.offers.stocks);
    // The report stays in the history.
    const listed = (await admin.ok('exchange/list', {})).items.find((s) => s.id === session.id)!;
    expect(listed.runs[0]!.report).toEqual(catalogue);

    // A second, identical upload: every product is unchanged, nothing hidden, nothing emptied.
    const again = await upload([{ name: 'import.xml', text: FULL_IMPORT }]);
    const second = await follow(again.id);
    expect(second.state).toBe('review');
    expect(second.session.runs[0]!.report!.products).toMatchObject({
      total: 3,
      added: 0,
      changed: 0,
      unchanged: 3,
      hidden: 0,
    });
    expect(second.session.runs[0]!.report!.sections).toMatchObject({ added: 0, emptied: 0 });
    // Discarded: nothing written, and it cannot be confirmed after.
    const version = (await catalogueState()).version;
    const dropped = await admin.ok('exchange/discard', { id: again.id });
    expect(dropped.review).toBe('discarded');
    expect((await admin.call('exchange/confirm', { id: again.id })).status).toBe(409);
    expect((await catalogueState()).version).toBe(version);
    expect(
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM exchange_stage s JOIN exchange_runs r ON r.id = s.run_id
            WHERE r.session_id = ${again.id}`.execute(db())
        ).rows[0]!.n,
      ),
    ).toBe(0);
    // Two uploads, each a dry run and (the first) its apply, through the job queue: long on a busy machine.
  }, 180_000);

  it('predicts the price and stock cells an offers file changes, and the real run changes exactly those', async () => {
    // Against the catalogue the first upload left: one price the same, one new cell, one changed; one stock
    // figure changed, one warehouse gone, one new; a product with no stock element keeps its stock.
    const changed = OFFERS.replace(
      `<Цены><Цена><ИдТипаЦены>dry-pt-dealer</ИдТипаЦены><ЦенаЗаЕдиницу>1000</ЦенаЗаЕдиницу></Цена></Цены>
        <Склад ИдСклада="dry-st" КоличествоНаСкладе="4"/>`,
      `<Цены><Цена><ИдТипаЦены>dry-pt-dealer</ИдТипаЦены><ЦенаЗаЕдиницу>1000</ЦенаЗаЕдиницу></Цена>
          <Цена><ИдТипаЦены>dry-pt-opt</ИдТипаЦены><ЦенаЗаЕдиницу>900</ЦенаЗаЕдиницу></Цена></Цены>
        <Склад ИдСклада="dry-st" КоличествоНаСкладе="6"/>`,
    )
      .replace(
        `<Цены><Цена><ИдТипаЦены>dry-pt-opt</ИдТипаЦены><ЦенаЗаЕдиницу>2000</ЦенаЗаЕдиницу></Цена></Цены>
        <Склад ИдСклада="dry-st" КоличествоНаСкладе="1"/>`,
        `<Цены><Цена><ИдТипаЦены>dry-pt-opt</ИдТипаЦены><ЦенаЗаЕдиницу>2100</ЦенаЗаЕдиницу></Цена></Цены>`,
      )
      .replace(
        '<Склады><Склад><Ид>dry-st</Ид>',
        '<Склады><Склад><Ид>dry-st2</Ид><Наименование>Склад Пермь</Наименование></Склад><Склад><Ид>dry-st</Ид>',
      );
    expect(changed).not.toBe(OFFERS);
    const withNewStore = changed.replace(
      '<Склад ИдСклада="dry-st" КоличествоНаСкладе="6"/>',
      '<Склад ИдСклада="dry-st2" КоличествоНаСкладе="3"/>',
    );
    const before = await catalogueState();
    const session = await upload([{ name: 'offers.xml', text: withNewStore }]);
    const reviewed = await follow(session.id);
    expect(reviewed.state, reviewed.message).toBe('review');
    expect(await catalogueState()).toEqual(before);
    const report = reviewed.session.runs[0]!.report!;
    // dry-1: the dealer price is the same, the wholesale cells are new; dry-2: its wholesale cells change.
    // Stock: dry-1 leaves «Склад Уфа» (a row deleted) for the new «Склад Пермь» (a row written); dry-2 keeps its.
    expect(report.offers.prices).toBeGreaterThanOrEqual(2);
    expect(report.offers.stocks).toBe(2);
    await admin.ok('exchange/confirm', { id: session.id });
    const done = await follow(session.id);
    expect(done.state, done.message).toBe('success');
    expect(done.session.runs[0]!.stats.prices).toBe(report.offers.prices);
    expect(done.session.runs[0]!.stats.stocks).toBe(report.offers.stocks);

    // The same file again: nothing to change, and the report says so.
    const again = await upload([{ name: 'offers.xml', text: withNewStore }]);
    const second = await follow(again.id);
    expect(second.session.runs[0]!.report!.offers).toMatchObject({ prices: 0, stocks: 0 });
    await admin.ok('exchange/discard', { id: again.id });
  }, 180_000);

  it('hides sections without visible products from dealers; staff still see them', async () => {
    // After the full catalogue above only the two 1C sections have products.
    const dealerList = (await dealer.ok('section/list', { size: -1 })).items;
    const staffList = (await admin.ok('section/list', { size: -1 })).items;
    expect(dealerList.map((s) => s.name).sort()).toEqual(['Гидравлика из 1С', 'Насосы НШ']);
    expect(staffList.length).toBeGreaterThan(dealerList.length);
    const empty = staffList.find((s) => s.elementCnt === 0)!;
    expect((await dealer.call('section/get', { id: empty.id })).status).toBe(404);
    expect((await admin.call('section/get', { id: empty.id })).status).toBe(200);
    const shown = dealerList.find((s) => s.name === 'Гидравлика из 1С')!;
    const card = await dealer.ok('section/get', { id: shown.id });
    expect(card.children.map((c) => c.name)).toEqual(['Насосы НШ']);
  });

  it('refuses a confirmation before the report is ready, and is for administrators only', async () => {
    for (const name of ['exchange/confirm', 'exchange/discard'] as const) {
      expect((await t.client().call(name, { id: 1 })).status).toBe(401);
    }
    expect((await dealer.call('exchange/confirm', { id: 1 })).status).toBe(403);
    expect((await (await t.as('employee')).call('exchange/discard', { id: 1 })).status).toBe(403);
    expect((await admin.call('exchange/confirm', { id: 999999 })).status).toBe(404);
  });
});

describe('the exchange history counts every kind of document and lists those it could not place', () => {
  it('a file of documents: counted by kind, the unplaced listed with their number and reason', async () => {
    const doc = (id: string, number: string, operation: string, inn: string) => `
      <Документ><Ид>${id}</Ид><Номер>${number}</Номер><Дата>2026-11-20</Дата><ХозОперация>${operation}</ХозОперация>
        <Роль>Продавец</Роль><Валюта>RUB</Валюта><Сумма>100</Сумма>
        <Контрагенты><Контрагент><Ид>nobody-${id}</Ид><Наименование>ООО Неизвестный</Наименование>
          <Роль>Покупатель</Роль><ИНН>${inn}</ИНН></Контрагент></Контрагенты></Документ>`;
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.10">
  ${doc('un-1', 'РТ-1', 'Отпуск товара', '7700000001')}
  ${doc('un-2', 'ПП-2', 'Оплата от покупателя', '7700000002')}
  ${doc('un-3', 'X-3', 'Перемещение товаров', '7700000003')}
</КоммерческаяИнформация>`;
    const session = await upload([{ name: 'documents.xml', text }]);
    expect((await follow(session.id)).state).toBe('review');
    await admin.ok('exchange/confirm', { id: session.id });
    const done = await follow(session.id);
    expect(done.state, done.message).toBe('success');
    expect(done.session.totals.unknown).toBe(3);
    expect(done.session.unmatched.map((u) => [u.externalId, u.number])).toEqual([
      ['un-1', 'РТ-1'],
      ['un-2', 'ПП-2'],
      ['un-3', 'X-3'],
    ]);
    expect(done.session.unmatched[0]!.reason).toMatch(/Контрагент не найден на портале: ООО Неизвестный/);
    expect(done.session.unmatched[2]!.reason).toMatch(/Вид документа не поддерживается: Перемещение товаров/);
  }, 120_000);
});
