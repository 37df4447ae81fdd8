import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../../mail/mailer.js';
import { createTestApp, type TestApp } from '../../testing/index.js';
import { encodeXml, fixture, OneC, PNG } from '../exchange/testing.js';
import { sendDuePriceLists } from './mail.js';

/**
 * The changes-only price-list e-mail (decision 219) after a real 1C exchange (CommerceML through
 * /exchange/1c, as `exchange/exchange.test.ts` sends it), not after direct writes: the exchange's own writes
 * (prices and stock cells, deactivation by ПометкаУдаления, a new product) must show in the mail exactly.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
let t: TestApp;

// A Wednesday, Thursday and Friday, 09:00 in Moscow.
const WED = new Date('2026-11-25T06:00:00Z');
const THU = new Date('2026-11-26T06:00:00Z');
const FRI = new Date('2026-11-27T06:00:00Z');

const tick = (now: Date) =>
  sendDuePriceLists(
    {
      db: t.app.portal.database.db,
      config: t.config,
      storage: t.app.portal.storage,
      mailer: createOutbox(t.app.portal.database.db),
    },
    now,
  );

async function priceMails() {
  await t.app.portal.worker.drain();
  const dir = path.join(t.config.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const all = await Promise.all(names.map(async (n) => simpleParser(await readFile(path.join(dir, n)))));
  return all.filter((m) => /^(Прайс-лист|Изменения прайс-листа)$/.test(m.subject ?? ''));
}

async function exchange(files: Array<[string, Buffer]>) {
  const c = new OneC(t.app, 'catalog');
  expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
  await c.init();
  for (const [name, data] of files) {
    expect((await c.file(name, data)).lines[0]).toBe('success');
    if (name.endsWith('.xml')) {
      const done = await c.import(name);
      expect(done.lines[0], done.body).toBe('success');
    }
  }
}

const price = (type: string, value: number) =>
  `<Цена><ИдТипаЦены>${type}</ИдТипаЦены><ЦенаЗаЕдиницу>${value}</ЦенаЗаЕдиницу><Валюта>руб</Валюта></Цена>`;

/** The second exchange's catalogue: one product added, one marked deleted; nothing else named. */
const changedCatalogue = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.04" ДатаФормирования="2026-11-25T18:00:00">
  <Каталог СодержитТолькоИзменения="true">
    <Ид>a1e3b5c0-0000-4000-8000-000000000001</Ид>
    <ИдКлассификатора>a1e3b5c0-0000-4000-8000-000000000001</ИдКлассификатора>
    <Наименование>Основной каталог товаров</Наименование>
    <Товары>
      <Товар>
        <Ид>t-2001</Ид>
        <Артикул>NEW-2001</Артикул>
        <Наименование>Ремень вариатора новый</Наименование>
        <БазоваяЕдиница Код="796">шт</БазоваяЕдиница>
        <Группы><Ид>g-0005-hydraulics</Ид></Группы>
      </Товар>
      <Товар>
        <Ид>t-1003</Ид>
        <Артикул>HD 77/1</Артикул>
        <Наименование>Фильтр гидравлический напорный</Наименование>
        <ПометкаУдаления>true</ПометкаУдаления>
        <Группы><Ид>g-0005-hydraulics</Ид></Группы>
      </Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;

/** The second exchange's offers: t-1001's prices up by 100 (stock as it was), t-1002's stock 0 → 6 (prices as they were), the new one's offer. */
const changedOffers = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.04" ДатаФормирования="2026-11-25T18:00:05">
  <ПакетПредложений СодержитТолькоИзменения="true">
    <Ид>a1e3b5c0-0000-4000-8000-000000000001#</Ид>
    <ИдКаталога>a1e3b5c0-0000-4000-8000-000000000001</ИдКаталога>
    <Предложения>
      <Предложение>
        <Ид>t-1001</Ид>
        <Цены>${price('pt-retail', 1350)}${price('pt-dealer', 1125.5)}${price('pt-dealer-cash', 1090)}</Цены>
        <Количество>17</Количество>
        <Склад ИдСклада="st-msk" КоличествоНаСкладе="12"/>
        <Склад ИдСклада="st-krd" КоличествоНаСкладе="5"/>
      </Предложение>
      <Предложение>
        <Ид>t-1002</Ид>
        <Цены>${price('pt-retail', 480)}${price('pt-dealer', 410)}</Цены>
        <Количество>6</Количество>
        <Склад ИдСклада="st-msk" КоличествоНаСкладе="6"/>
      </Предложение>
      <Предложение>
        <Ид>t-2001</Ид>
        <Цены>${price('pt-retail', 700)}${price('pt-dealer', 650)}</Цены>
        <Количество>2</Количество>
        <Склад ИдСклада="st-krd" КоличествоНаСкладе="2"/>
      </Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

beforeAll(async () => {
  t = await createTestApp({
    exchange: { ...EXCHANGE, fileLimitBytes: 1024 * 1024, maxFileBytes: 20 * 1024 * 1024, stepMs: 2000 },
    // The exchange imports as jobs (decision 135): a worker in the process, as `npm start` runs one.
    jobs: { worker: true, concurrency: 2, pollMs: 50, retryBaseMs: 500 },
  });
  await exchange([
    ['import.xml', fixture('import-2.04.xml', 'utf-8')],
    ['import_files/aa/t-1001_1.png', PNG],
    ['offers.xml', fixture('offers-2.04.xml', 'utf-8')],
  ]);
  // The back office's mapping, as exchange.test.ts sets it: dealers at «Дилер» get 1C's dealer price by transfer.
  const admin = await t.as('admin');
  const listed = await admin.ok('exchange/price-mapping/list', {});
  await admin.ok('exchange/price-mapping/update', {
    id: listed.items.find((m) => m.externalId === 'pt-dealer')!.id,
    priceTypeId: listed.priceTypes.find((x) => x.name === 'Дилер')!.id,
    paySystemId: listed.paySystems.find((x) => x.name === 'Безналичный расчёт')!.id,
  });
  await exchange([['offers.xml', fixture('offers-2.04.xml', 'utf-8')]]);
}, 120_000);
afterAll(() => t?.close());

describe('the changes-only e-mail after a 1C exchange', () => {
  it('lists exactly the price, the stock, the new and the removed product the exchange brought; the next tick sends nothing', async () => {
    const dealer = await t.as('dealer');
    await dealer.ok('price-list-mail/update', { schedule: 'daily', content: 'changes', format: 'csv' });
    // The first mail: the whole list, the snapshot later changes are told against.
    expect((await tick(WED)).sent).toBe(1);
    const first = (await priceMails()).at(-1)!;
    expect(first.subject).toBe('Прайс-лист');
    const listed = parseCsv(first.attachments[0]!.content.toString('utf8').replace(/^\uFEFF/, ''), {
      delimiter: ';',
    }) as string[][];
    const articles = listed.map((r) => r[0]);
    expect(articles).toEqual(expect.arrayContaining(['XP-550.428', 'РСМ-10.01.50.999', 'HD 77/1']));
    expect(articles).not.toContain('NEW-2001');
    // The dealer's price of XP-550.428 comes from 1C's «Дилерская» through the mapping.
    expect(listed.find((r) => r[0] === 'XP-550.428')![5]).toBe('1025,5');

    await exchange([
      ['import.xml', encodeXml(changedCatalogue, 'utf-8')],
      ['offers.xml', encodeXml(changedOffers, 'utf-8')],
    ]);

    expect((await tick(THU)).sent).toBe(1);
    const mail = (await priceMails()).at(-1)!;
    expect(mail.subject).toBe('Изменения прайс-листа');
    const rows = parseCsv(mail.attachments[0]!.content.toString('utf8').replace(/^\uFEFF/, ''), {
      delimiter: ';',
    }) as string[][];
    expect(
      rows
        .slice(1)
        .map((r) => `${r[0]}:${r[1]}`)
        .sort(),
    ).toEqual(['Наличие:РСМ-10.01.50.999', 'Новый:NEW-2001', 'Снят:HD 77/1', 'Цена:XP-550.428'].sort());

    const count = (await priceMails()).length;
    expect(await tick(FRI)).toEqual({ sent: 0, unchanged: 1 });
    expect(await priceMails()).toHaveLength(count);
  }, 120_000);
});
