/**
 * The 1C side of the exchange benches (bench/exchange.ts, bench/day.ts): CommerceML 2.04 files of a generated
 * catalogue (3 price types, 5 warehouses) and a client that runs the protocol over HTTP as 1C does — checkauth,
 * init, the files in pieces of file_limit, import until `success`.
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { once } from 'node:events';

export const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };

const BRANDS = [
  'Donaldson',
  'Mann-Filter',
  'Fleetguard',
  'Bosch',
  'SKF',
  'Gates',
  'John Deere',
  'CLAAS',
  'МТЗ',
  'Kubota',
];
const MODELS = ['Acros 585', 'Torum 785', 'Lexion 760', 'Беларус 82.1', 'Кировец К-744', 'John Deere 8R 410'];
const KINDS = ['Фильтр масляный', 'Фильтр топливный', 'Подшипник', 'Сальник', 'Ремень', 'Датчик', 'Прокладка'];
const STORES = ['Москва', 'Краснодар', 'Новосибирск', 'Казань', 'Ростов-на-Дону'];
const TYPES = [
  ['bench-retail', 'Розничная'],
  ['bench-dealer', 'Дилерская'],
  ['bench-dealer-cash', 'Дилерская наличные'],
] as const;

export async function writeXml(file: string, parts: () => Generator<string>): Promise<number> {
  const out = createWriteStream(file);
  for (const chunk of parts()) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return statSync(file).size;
}

export function* importXml(products: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.04" ДатаФормирования="2026-11-23T10:00:00">\n<Классификатор><Ид>bench</Ид><Наименование>Классификатор</Наименование><Группы>\n`;
  for (let g = 0; g < 10; g += 1) {
    yield `<Группа><Ид>bench-g${g}</Ид><Наименование>Группа ${g + 1}</Наименование><Группы>`;
    for (let s = 0; s < 10; s += 1) {
      yield `<Группа><Ид>bench-g${g}-${s}</Ид><Наименование>${KINDS[s % KINDS.length]} ${g + 1}.${s + 1}</Наименование></Группа>`;
    }
    yield `</Группы></Группа>\n`;
  }
  yield `</Группы><Свойства><Свойство><Ид>bench-brand</Ид><Наименование>Производитель</Наименование><ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>`;
  for (const [i, b] of BRANDS.entries()) {
    yield `<Справочник><ИдЗначения>bench-brand-${i}</ИдЗначения><Значение>${b}</Значение></Справочник>`;
  }
  yield `</ВариантыЗначений></Свойство><Свойство><Ид>bench-model</Ид><Наименование>Модель техники</Наименование></Свойство></Свойства></Классификатор>\n`;
  yield `<Каталог СодержитТолькоИзменения="false"><Ид>bench</Ид><ИдКлассификатора>bench</ИдКлассификатора><Наименование>Каталог</Наименование><Товары>\n`;
  let batch = '';
  for (let i = 1; i <= products; i += 1) {
    const kind = KINDS[i % KINDS.length]!;
    batch +=
      `<Товар><Ид>bench-${i}</Ид><Артикул>BX-${String(i).padStart(7, '0')}</Артикул>` +
      `<Наименование>${kind} BX-${i}</Наименование><БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница>` +
      `<Группы><Ид>bench-g${i % 10}-${Math.floor(i / 10) % 10}</Ид></Группы>` +
      `<Описание>${kind} для техники ${MODELS[i % MODELS.length]}. Поставляется в заводской упаковке.</Описание>` +
      `<ЗначенияСвойств><ЗначенияСвойства><Ид>bench-brand</Ид><Значение>bench-brand-${i % BRANDS.length}</Значение></ЗначенияСвойства>` +
      `<ЗначенияСвойства><Ид>bench-model</Ид><Значение>${MODELS[i % MODELS.length]}</Значение></ЗначенияСвойства></ЗначенияСвойств>` +
      `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Вес</Наименование><Значение>${((i % 500) / 100 + 0.1).toFixed(2)}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>` +
      `</Товар>\n`;
    if (i % 1000 === 0) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</Товары></Каталог></КоммерческаяИнформация>\n`;
}

export function* offersXml(count: number, changes: boolean, shift: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.04" ДатаФормирования="2026-11-23T10:05:00">\n`;
  yield `<ПакетПредложений СодержитТолькоИзменения="${changes}"><Ид>bench#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>bench</ИдКаталога><ТипыЦен>`;
  for (const [id, name] of TYPES)
    yield `<ТипЦены><Ид>${id}</Ид><Наименование>${name}</Наименование><Валюта>RUB</Валюта></ТипЦены>`;
  yield `</ТипыЦен><Склады>`;
  for (const [i, s] of STORES.entries())
    yield `<Склад><Ид>bench-store-${i}</Ид><Наименование>Склад ${s}</Наименование></Склад>`;
  yield `</Склады><Предложения>\n`;
  let batch = '';
  for (let i = 1; i <= count; i += 1) {
    const retail = 150 + ((i * 7919 + shift) % 48000);
    const stock = STORES.map((_s, k) => ((i * (k + 3) + shift) % 7 >= 3 ? 1 + ((i * (k + 13) + shift) % 120) : 0));
    batch +=
      `<Предложение><Ид>bench-${i}</Ид><Наименование>BX-${i}</Наименование><Цены>` +
      TYPES.map(
        ([id], k) =>
          `<Цена><ИдТипаЦены>${id}</ИдТипаЦены><ЦенаЗаЕдиницу>${(retail * (1 - k * 0.08)).toFixed(2)}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена>`,
      ).join('') +
      `</Цены><Количество>${stock.reduce((a, b) => a + b, 0)}</Количество>` +
      stock.map((q, k) => `<Склад ИдСклада="bench-store-${k}" КоличествоНаСкладе="${q}"/>`).join('') +
      `</Предложение>\n`;
    if (i % 1000 === 0) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</Предложения></ПакетПредложений></КоммерческаяИнформация>\n`;
}

export class OneC {
  cookie = '';
  constructor(readonly base: string) {}
  fileLimit = 0;
  calls = 0;
  async call(type: string, mode: string, options: { filename?: string; body?: Buffer } = {}) {
    this.calls += 1;
    const q = new URLSearchParams({ type, mode, ...(options.filename ? { filename: options.filename } : {}) });
    const r = await fetch(`${this.base}/exchange/1c?${q}`, {
      method: options.body ? 'POST' : 'GET',
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(mode === 'checkauth'
          ? { authorization: `Basic ${Buffer.from(`${EXCHANGE.login}:${EXCHANGE.password}`).toString('base64')}` }
          : {}),
        ...(options.body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(options.body ? { body: new Uint8Array(options.body) } : {}),
    });
    return (await r.text()).split('\n').filter(Boolean);
  }
  async start(type: string) {
    const auth = await this.call(type, 'checkauth');
    if (auth[0] !== 'success') throw new Error(`checkauth: ${auth.join(' ')}`);
    this.cookie = `${auth[1]}=${auth[2]}`;
    const init = await this.call(type, 'init');
    this.fileLimit = Number(init.find((l) => l.startsWith('file_limit='))!.slice(11));
  }
  async send(file: string, name: string) {
    const stream = createReadStream(file, { highWaterMark: this.fileLimit });
    for await (const piece of stream as AsyncIterable<Buffer>) {
      const a = await this.call('catalog', 'file', { filename: name, body: piece });
      if (a[0] !== 'success') throw new Error(`file ${name}: ${a.join(' ')}`);
    }
  }
  async import(name: string) {
    for (;;) {
      const a = await this.call('catalog', 'import', { filename: name });
      if (a[0] === 'success') return;
      if (a[0] !== 'progress') throw new Error(`import ${name}: ${a.join(' ')}`);
    }
  }
}
