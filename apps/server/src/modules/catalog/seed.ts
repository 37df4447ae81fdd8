import { normalizeArticle } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SeedOptions } from '../../seed/options.js';
import { refreshCatalogWords } from './bulk-writes.js';
import './tables.js';

/**
 * The demo catalogue of a spare-parts supplier: two levels of sections, a handful of hand-written parts
 * the tests and the demo rely on, and a deterministic generator for the rest (`--products N`, up to a
 * million): the rows are built inside the database with generate_series, so N only costs database time.
 */

interface Group {
  code: string;
  name: string;
  /** Picture pair `/catalog/<code>-1.svg`, `-2.svg`. */
  /** `colors`: the hex codes the section's parts come in (the COLOR property, the filter's swatches). */
  sections: Array<{ code: string; name: string; kind: string; unit?: string; colors?: string[] }>;
}

export const CATALOG_GROUPS: Group[] = [
  {
    code: 'engine',
    name: 'Двигатель',
    sections: [
      { code: 'oil-filters', name: 'Фильтры масляные', kind: 'Фильтр масляный' },
      { code: 'fuel-filters', name: 'Фильтры топливные', kind: 'Фильтр топливный' },
      { code: 'air-filters', name: 'Фильтры воздушные', kind: 'Фильтр воздушный' },
      { code: 'gaskets', name: 'Прокладки и уплотнения', kind: 'Прокладка ГБЦ' },
      { code: 'pistons', name: 'Поршневая группа', kind: 'Кольца поршневые' },
      { code: 'water-pumps', name: 'Насосы водяные', kind: 'Насос водяной' },
    ],
  },
  {
    code: 'transmission',
    name: 'Трансмиссия',
    sections: [
      { code: 'bearings', name: 'Подшипники', kind: 'Подшипник шариковый' },
      { code: 'seals', name: 'Сальники', kind: 'Сальник' },
      { code: 'clutches', name: 'Муфты и сцепление', kind: 'Диск сцепления' },
      { code: 'gears', name: 'Шестерни', kind: 'Шестерня ведомая' },
      { code: 'driveshafts', name: 'Карданные валы', kind: 'Вал карданный' },
    ],
  },
  {
    code: 'hydraulics',
    name: 'Гидравлика',
    sections: [
      { code: 'hydraulic-filters', name: 'Фильтры гидравлические', kind: 'Фильтр гидравлический' },
      { code: 'hoses', name: 'Рукава высокого давления', kind: 'Рукав высокого давления' },
      { code: 'cylinders', name: 'Гидроцилиндры', kind: 'Гидроцилиндр' },
      { code: 'hydraulic-pumps', name: 'Насосы гидравлические', kind: 'Насос шестерённый' },
    ],
  },
  {
    code: 'chassis',
    name: 'Ходовая часть',
    sections: [
      { code: 'tyres', name: 'Шины', kind: 'Шина' },
      { code: 'hubs', name: 'Ступицы', kind: 'Ступица колеса' },
      { code: 'brake-pads', name: 'Тормозные колодки', kind: 'Колодка тормозная' },
      { code: 'steering', name: 'Рулевое управление', kind: 'Наконечник рулевой тяги' },
    ],
  },
  {
    code: 'electrics',
    name: 'Электрооборудование',
    sections: [
      { code: 'batteries', name: 'Аккумуляторы', kind: 'Аккумулятор' },
      { code: 'alternators', name: 'Генераторы', kind: 'Генератор' },
      { code: 'starters', name: 'Стартеры', kind: 'Стартер' },
      {
        code: 'lights',
        name: 'Фары и освещение',
        kind: 'Фара рабочая',
        colors: ['#212121', '#F9A825', '#EF6C00', '#9E9E9E'],
      },
      { code: 'sensors', name: 'Датчики', kind: 'Датчик' },
    ],
  },
  {
    code: 'header',
    name: 'Жатка и молотилка',
    sections: [
      { code: 'knife-sections', name: 'Ножи и сегменты', kind: 'Сегмент ножа' },
      { code: 'header-fingers', name: 'Пальцы жатки', kind: 'Палец жатки' },
      { code: 'chains', name: 'Цепи приводные', kind: 'Цепь приводная' },
      { code: 'variator-belts', name: 'Ремни вариаторные', kind: 'Ремень вариаторный' },
    ],
  },
  {
    code: 'fluids',
    name: 'Масла и технические жидкости',
    sections: [
      { code: 'engine-oils', name: 'Масла моторные', kind: 'Масло моторное', unit: 'л' },
      { code: 'gear-oils', name: 'Масла трансмиссионные', kind: 'Масло трансмиссионное', unit: 'л' },
      {
        code: 'coolants',
        name: 'Антифризы',
        kind: 'Антифриз',
        unit: 'л',
        // G11 green and blue, G12 red and yellow, G13 violet: the colour is how a mechanic tells them apart.
        colors: ['#2E7D32', '#C62828', '#1565C0', '#F9A825', '#6A1B9A'],
      },
    ],
  },
];

/** Brands: the first five make machines (original parts), the rest make replacements. */
export const BRANDS = [
  'John Deere',
  'CLAAS',
  'Ростсельмаш',
  'Kubota',
  'МТЗ',
  'Donaldson',
  'Mann-Filter',
  'Fleetguard',
  'Bosch',
  'SKF',
  'Gates',
] as const;
const OEM_BRANDS = 5;

const MODELS = [
  'Acros 585',
  'Torum 785',
  'Vector 410',
  'Lexion 760',
  'Tucano 450',
  'Jaguar 950',
  'Беларус 82.1',
  'Беларус 1221',
  'Беларус 3522',
  'John Deere 8R 410',
  'John Deere S780',
  'Kubota M7060',
  'Кировец К-744',
  'Ростсельмаш 2375',
];

const VARIANTS = [
  '',
  ' усиленный',
  ' в сборе',
  ' (комплект)',
  ' ремонтный',
  ' оригинальный',
  ' высокого ресурса',
  ' улучшенный',
];

const STORES = [
  // The same warehouses as the «Склады» page (content seed, linked by code) and the demo news.
  { code: 'MSK', name: 'Склад Москва', is_virtual: false, sort: 10 },
  { code: 'NSK', name: 'Склад Новосибирск', is_virtual: false, sort: 20 },
  { code: 'KZN', name: 'Склад Казань', is_virtual: false, sort: 30 },
  { code: 'ORDER', name: 'Под заказ', is_virtual: true, sort: 90 },
];

interface FixedProduct {
  section: string;
  name: string;
  brand: string;
  article: string;
  model: string;
  text: string;
}

/** Parts every demo and test can rely on: numbers with dashes, dots, leading zeros, letters, Cyrillic. */
export const FIXED_PRODUCTS: FixedProduct[] = [
  {
    section: 'oil-filters',
    name: 'Фильтр масляный двигателя',
    brand: 'John Deere',
    article: 'RE504836',
    model: 'John Deere 8R 410',
    text: 'Оригинальный масляный фильтр двигателя PowerTech 9,0 л.',
  },
  {
    section: 'oil-filters',
    name: 'Фильтр масляный',
    brand: 'Donaldson',
    article: 'P550428',
    model: 'John Deere 8R 410',
    text: 'Аналог оригинального фильтра John Deere RE504836.',
  },
  {
    section: 'oil-filters',
    name: 'Фильтр масляный',
    brand: 'Fleetguard',
    article: 'LF3349',
    model: 'John Deere 8R 410',
    text: 'Фильтр масляный навинчиваемый, полнопоточный.',
  },
  {
    section: 'oil-filters',
    name: 'Фильтр масляный',
    brand: 'Mann-Filter',
    article: 'W 950/26',
    model: 'John Deere 8R 410',
    text: 'Масляный фильтр с перепускным клапаном.',
  },
  {
    section: 'oil-filters',
    name: 'Фильтр масляный двигателя',
    brand: 'CLAAS',
    article: '6005-028-743',
    model: 'Lexion 760',
    text: 'Оригинальный фильтр для двигателей Mercedes-Benz OM 502 LA.',
  },
  {
    section: 'sensors',
    name: 'Датчик давления масла',
    brand: 'Bosch',
    article: '0.011.0220.0',
    model: 'Tucano 450',
    text: 'Датчик давления масла с резьбой M14×1,5.',
  },
  {
    section: 'variator-belts',
    name: 'Ремень вариаторный молотильного барабана',
    brand: 'Gates',
    article: 'CU-890176-NR1',
    model: 'Acros 585',
    text: 'Ремень клиновой вариаторный, профиль HJ.',
  },
  {
    section: 'seals',
    name: 'Сальник коленчатого вала',
    brand: 'МТЗ',
    article: '00123-45',
    model: 'Беларус 82.1',
    text: 'Сальник заднего конца коленчатого вала Д-240.',
  },
  {
    section: 'header-fingers',
    name: 'Палец жатки двойной',
    brand: 'Ростсельмаш',
    article: 'РСМ-10.01.50.115',
    model: 'Acros 585',
    text: 'Палец режущего аппарата, кованый.',
  },
  {
    section: 'bearings',
    name: 'Подшипник шариковый радиальный',
    brand: 'SKF',
    article: '6205-2RS',
    model: 'Беларус 1221',
    text: 'Подшипник 25×52×15 мм с двусторонним уплотнением.',
  },
  {
    section: 'air-filters',
    name: 'Фильтр воздушный основной',
    brand: 'Donaldson',
    article: 'P777868',
    model: 'Torum 785',
    text: 'Элемент воздушного фильтра Radialseal.',
  },
  {
    section: 'water-pumps',
    name: 'Насос водяной',
    brand: 'Kubota',
    article: '1G311-73032',
    model: 'Kubota M7060',
    text: 'Помпа системы охлаждения двигателя V3800.',
  },
  {
    section: 'hydraulic-filters',
    name: 'Фильтр гидравлический',
    brand: 'Mann-Filter',
    article: 'HD 13/4',
    model: 'Кировец К-744',
    text: 'Фильтр гидросистемы, тонкость фильтрации 10 мкм.',
  },
  {
    section: 'engine-oils',
    name: 'Масло моторное 15W-40, канистра 20 л',
    brand: 'John Deere',
    article: 'VC15W40-20',
    model: 'John Deere S780',
    text: 'Всесезонное моторное масло Plus-50 II для дизельных двигателей.',
  },
];

const ANALOGUE_PAIRS: Array<[string, string]> = [
  ['RE504836', 'P550428'],
  ['RE504836', 'LF3349'],
  ['RE504836', 'W 950/26'],
];
/** Cross-references to numbers that are not in the catalogue (searchable, shown without a link). */
const EXTERNAL_ANALOGUES: Array<[string, string, string]> = [
  ['6005-028-743', 'HU 718/5 X', 'Mann-Filter'],
  ['P777868', 'AR95999', 'John Deere'],
  ['0.011.0220.0', '04213-0032', 'Deutz'],
];

const groupOf = new Map<string, string>();
for (const g of CATALOG_GROUPS) for (const s of g.sections) groupOf.set(s.code, g.code);

const photosOf = (group: string) =>
  JSON.stringify([
    { id: 1, src: `/catalog/${group}-1.svg`, width: 320, height: 240 },
    { id: 2, src: `/catalog/${group}-2.svg`, width: 320, height: 240 },
  ]);

export const DEFAULT_DEMO_PRODUCTS = 2000;

export async function seedCatalog(db: Db, options: SeedOptions = {}): Promise<void> {
  const total = Math.max(options.products ?? DEFAULT_DEMO_PRODUCTS, FIXED_PRODUCTS.length);
  await db.transaction().execute(async (trx) => {
    // A million rows take longer than the pool's per-statement limit; this transaction may.
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);

    const priceTypes = await trx
      .insertInto('price_types')
      .values([
        { code: 'RETAIL', name: 'Розница', is_default: true, sort: 10 },
        { code: 'DEALER', name: 'Дилер', sort: 20 },
      ])
      .returning(['id', 'code'])
      .execute();
    const paySystems = await trx
      .insertInto('pay_systems')
      .values([
        { code: 'BANK', name: 'Безналичный расчёт', description: 'Оплата по счёту на расчётный счёт', sort: 10 },
        { code: 'CASH', name: 'Наличные', description: 'Оплата наличными при получении на складе', sort: 20 },
      ])
      .returning(['id', 'code'])
      .execute();
    const stores = await trx.insertInto('stores').values(STORES).returning(['id', 'sort', 'is_virtual']).execute();
    // Stock is a function of the product id, so the products can carry their sums from the start (one
    // pass over a million rows instead of an update of each).
    const amount = (idExpr: ReturnType<typeof sql.raw>, s: { id: number; sort: number; is_virtual: boolean }) =>
      s.is_virtual
        ? sql`CASE WHEN ${idExpr} % 3 = 0 THEN 1000 ELSE 0 END`
        : sql`CASE WHEN (${idExpr} * ${sql.lit(s.sort + 3)}) % 7 >= 3 THEN 1 + (${idExpr} * ${sql.lit(s.id + 13)}) % 120 ELSE 0 END`;
    const stockSum = (idExpr: ReturnType<typeof sql.raw>, virtual: boolean) =>
      sql.join(
        stores.filter((s) => s.is_virtual === virtual).map((s) => amount(idExpr, s)),
        sql` + `,
      );
    // The product's `store:amount,…` (migration 0014) by the same formula, as the stock trigger writes it.
    const stockByStore = (idExpr: ReturnType<typeof sql.raw>) =>
      sql`concat_ws(',', ${sql.join(
        [...stores]
          .sort((a, b) => a.id - b.id)
          .map(
            (s) =>
              sql`CASE WHEN ${amount(idExpr, s)} > 0 THEN ${sql.lit(`${s.id}:`)} || (${amount(idExpr, s)})::numeric(12,3) END`,
          ),
      )})`;

    // Sections: top level, then the second level under each.
    const sectionIds = new Map<string, number>();
    let sort = 0;
    for (const g of CATALOG_GROUPS) {
      sort += 10;
      const top = await trx
        .insertInto('sections')
        .values({
          parent_id: null,
          code: g.code,
          name: g.name,
          level: 1,
          sort,
          photo: `/catalog/${g.code}-1.svg`,
          description: `Запасные части раздела «${g.name}» для тракторов, комбайнов и спецтехники.`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sectionIds.set(g.code, top.id);
      let sub = 0;
      for (const s of g.sections) {
        sub += 10;
        const row = await trx
          .insertInto('sections')
          .values({
            parent_id: top.id,
            code: s.code,
            name: s.name,
            level: 2,
            sort: sub,
            photo: `/catalog/${g.code}-1.svg`,
            description: `${s.name}: оригинальные запчасти и проверенные аналоги с подбором по номеру.`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        sectionIds.set(s.code, row.id);
      }
    }

    // Hand-written parts first: ids 1…F, so tests and the demo can name them.
    const fixedIds = new Map<string, number>();
    for (const [i, p] of FIXED_PRODUCTS.entries()) {
      const oem = BRANDS.indexOf(p.brand as (typeof BRANDS)[number]);
      const section = CATALOG_GROUPS.flatMap((g) => g.sections).find((s) => s.code === p.section);
      const row = await trx
        .insertInto('products')
        .values({
          section_id: sectionIds.get(p.section) ?? null,
          name: p.name,
          article: p.article,
          article_key: normalizeArticle(p.article),
          brand: p.brand,
          preview_text: `${p.name} ${p.brand}, артикул ${p.article}. Применяется: ${p.model}.`,
          detail_text: `<p>${p.text}</p><p>Применяемость: <b>${p.model}</b>. Гарантия 12 месяцев.</p>`,
          unit: section?.unit ?? 'шт',
          weight_kg: 0.85,
          volume_m3: 0.0021,
          photos: photosOf(groupOf.get(p.section) ?? 'engine'),
          properties: JSON.stringify({
            BRAND: p.brand,
            MODEL: p.model,
            KIND: oem >= 0 && oem < OEM_BRANDS ? 'Оригинал' : 'Аналог',
            ...(section?.colors?.length ? { COLOR: section.colors[i % section.colors.length] } : {}),
          }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      fixedIds.set(p.article, row.id);
    }
    const maxRow = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const base = Number(maxRow.id ?? 0);
    const generated = total - FIXED_PRODUCTS.length;

    const leaves = CATALOG_GROUPS.flatMap((g) =>
      g.sections.map((s) => ({
        id: sectionIds.get(s.code)!,
        kind: s.kind,
        unit: s.unit ?? 'шт',
        colors: s.colors ?? [],
        group: g.code,
      })),
    );
    const nsec = leaves.length;
    const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
    const sec = json(leaves.map((l) => l.id));
    const kinds = json(leaves.map((l) => l.kind));
    const units = json(leaves.map((l) => l.unit));
    const colors = json(leaves.map((l) => l.colors));
    const photos = json(leaves.map((l) => JSON.parse(photosOf(l.group)) as unknown));
    const brands = json(BRANDS);
    const models = json(MODELS);
    const variants = json(VARIANTS);

    // Generated parts in chunks (one statement per chunk keeps memory flat on PGlite). Part numbers follow
    // each brand's real style, built from i so every key is unique.
    const CHUNK = 50_000;
    for (let from = 1; from <= generated; from += CHUNK) {
      const to = Math.min(generated, from + CHUNK - 1);
      await sql`
        INSERT INTO products (id, section_id, name, article, article_key, brand, preview_text, detail_text, unit,
                              weight_kg, volume_m3, photos, properties, sort, stock_real, stock_virtual,
                              stock_by_store)
        SELECT ${base} + g.i, (${sec}->>(g.i % ${nsec}))::int, g.name, g.article,
               -- The normalised key, by the same rules as normalizeArticle (upper case, separators out,
               -- Cyrillic look-alikes to Latin); the seed test checks the two agree.
               translate(upper(regexp_replace(g.article, '[[:space:]./‐-―−-]', '', 'g')), 'АВЕКМНОРСТУХ', 'ABEKMHOPCTYX'),
               g.brand,
               g.name || ' ' || g.brand || ', артикул ' || g.article || '. Применяется: ' || g.model || '.',
               '<p>' || g.kind || ' производства ' || g.brand || ' для техники ' || g.model ||
                 '.</p><p>Поставляется в заводской упаковке. Гарантия 12 месяцев.</p>',
               ${units}->>(g.i % ${nsec}),
               CASE WHEN g.i % 11 = 0 THEN NULL ELSE round(((g.i * 37) % 5000) / 100.0 + 0.1, 3) END,
               CASE WHEN g.i % 13 = 0 THEN NULL ELSE round(((g.i * 17) % 900) / 100000.0 + 0.0005, 5) END,
               ${photos}->(g.i % ${nsec}),
               jsonb_build_object('BRAND', g.brand, 'MODEL', g.model,
                                  'KIND', CASE WHEN g.b < ${OEM_BRANDS} THEN 'Оригинал' ELSE 'Аналог' END)
                 || CASE WHEN jsonb_array_length(${colors}->(g.i % ${nsec})) = 0 THEN '{}'::jsonb
                    ELSE jsonb_build_object('COLOR', ${colors}->(g.i % ${nsec})
                           ->>((g.i / ${nsec}) % jsonb_array_length(${colors}->(g.i % ${nsec})))) END,
               500, ${stockSum(sql.raw(`(${base} + g.i)`), false)}, ${stockSum(sql.raw(`(${base} + g.i)`), true)},
               ${stockByStore(sql.raw(`(${base} + g.i)`))}
        FROM (
          SELECT x.i, x.b, x.kind, x.brand, x.model,
                 x.kind || (${variants}->>((x.i / ${nsec * BRANDS.length}) % ${VARIANTS.length})) || ', ' || x.model AS name,
                 CASE x.b
                   WHEN 0 THEN 'RE' || (2000000 + x.i)
                   WHEN 1 THEN substr(lpad(x.i::text, 10, '0'), 1, 4) || '-' || substr(lpad(x.i::text, 10, '0'), 5, 3)
                               || '-' || substr(lpad(x.i::text, 10, '0'), 8, 3)
                   WHEN 2 THEN 'РСМ-' || substr(lpad(x.i::text, 8, '0'), 1, 3) || '.' || substr(lpad(x.i::text, 8, '0'), 4, 2)
                               || '.' || substr(lpad(x.i::text, 8, '0'), 6, 3)
                   WHEN 3 THEN '1' || chr(65 + x.i % 26) || lpad((x.i % 1000)::text, 3, '0') || '-' || lpad((x.i / 1000)::text, 5, '0')
                   WHEN 4 THEN '5' || (x.i % 10) || '-' || lpad((x.i / 10)::text, 7, '0')
                   WHEN 5 THEN 'P' || lpad(x.i::text, 7, '0')
                   WHEN 6 THEN 'W ' || (x.i / 100) || '/' || lpad((x.i % 100)::text, 2, '0')
                   WHEN 7 THEN 'LF' || (10000 + x.i)
                   WHEN 8 THEN '0.' || substr(lpad(x.i::text, 8, '0'), 1, 3) || '.' || substr(lpad(x.i::text, 8, '0'), 4, 4)
                               || '.' || substr(lpad(x.i::text, 8, '0'), 8, 1)
                   WHEN 9 THEN '62' || lpad((x.i % 100)::text, 2, '0') || '-2RS-' || (x.i / 100)
                   ELSE 'CU-' || lpad(x.i::text, 6, '0') || '-NR' || (x.i % 9 + 1)
                 END AS article
          FROM (
            SELECT s.i, (s.i / ${nsec}) % ${BRANDS.length} AS b,
                   ${kinds}->>(s.i % ${nsec}) AS kind,
                   ${brands}->>((s.i / ${nsec}) % ${BRANDS.length}) AS brand,
                   ${models}->>((s.i * 5 + s.i / ${nsec}) % ${MODELS.length}) AS model
            FROM generate_series(${from}::int, ${to}::int) AS s(i)
          ) x
        ) g
        -- Stored section by section: a section's products share heap pages.
        ORDER BY g.i % ${nsec}, g.i`.execute(trx);
    }
    await sql`SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT max(id) FROM products))`.execute(trx);

    // Prices: every product × price type × payment method, in roubles; dealers pay less, cash a little less.
    await sql`
      INSERT INTO product_prices (product_id, price_type_id, pay_system_id, value, currency)
      SELECT p.id, pt.id, ps.id,
             round((150 + (p.id::bigint * 7919) % 48000 + (p.id % 4) * 0.25)
                   * CASE pt.code WHEN 'DEALER' THEN 0.82 ELSE 1 END
                   * CASE ps.code WHEN 'CASH' THEN 0.97 ELSE 1 END, 2),
             'RUB'
      FROM products p CROSS JOIN price_types pt CROSS JOIN pay_systems ps`.execute(trx);

    // Stock rows by the same formula (the trigger is off: the sums are already on the products).
    await sql`ALTER TABLE product_stock DISABLE TRIGGER product_stock_sync_trg`.execute(trx);
    for (const store of stores) {
      await sql`
        INSERT INTO product_stock (product_id, store_id, amount)
        SELECT p.id, ${store.id}, ${amount(sql.raw('p.id'), store)} FROM products p
        WHERE ${amount(sql.raw('p.id'), store)} > 0`.execute(trx);
    }
    await sql`ALTER TABLE product_stock ENABLE TRIGGER product_stock_sync_trg`.execute(trx);
    // The hand-written parts were inserted without sums.
    await sql`
      UPDATE products p SET stock_real = coalesce(t.r, 0), stock_virtual = coalesce(t.v, 0), stock_by_store = t.b
      FROM (SELECT ps.product_id,
                   sum(ps.amount) FILTER (WHERE NOT s.is_virtual) AS r,
                   sum(ps.amount) FILTER (WHERE s.is_virtual) AS v,
                   string_agg(ps.store_id || ':' || ps.amount, ',' ORDER BY ps.store_id) AS b
            FROM product_stock ps JOIN stores s ON s.id = ps.store_id WHERE ps.product_id <= ${base} GROUP BY ps.product_id) t
      WHERE t.product_id = p.id`.execute(trx);

    // Analogues: an original part (brand < 5) and the replacement five brands on, in the same section.
    const span = nsec * OEM_BRANDS;
    await sql`
      INSERT INTO product_analogues (product_id, article, article_key, brand, analogue_product_id, kind)
      SELECT o.id, r.article, r.article_key, r.brand, r.id, 'ANALOGUE'
      FROM products o JOIN products r ON r.id = o.id + ${span}
      WHERE o.id > ${base} AND ((o.id - ${base}) / ${nsec}) % ${BRANDS.length} < ${OEM_BRANDS}
        AND ((o.id - ${base}) / ${nsec}) % ${BRANDS.length} + ${OEM_BRANDS} < ${BRANDS.length}`.execute(trx);
    await sql`
      INSERT INTO product_analogues (product_id, article, article_key, brand, analogue_product_id, kind)
      SELECT a.analogue_product_id, o.article, o.article_key, o.brand, o.id, 'OEM'
      FROM product_analogues a JOIN products o ON o.id = a.product_id WHERE o.id > ${base}`.execute(trx);
    for (const [oem, replacement] of ANALOGUE_PAIRS) {
      const o = fixedIds.get(oem)!;
      const r = fixedIds.get(replacement)!;
      const [op, rp] = [
        FIXED_PRODUCTS.find((p) => p.article === oem)!,
        FIXED_PRODUCTS.find((p) => p.article === replacement)!,
      ];
      await trx
        .insertInto('product_analogues')
        .values([
          {
            product_id: o,
            article: rp.article,
            article_key: normalizeArticle(rp.article),
            brand: rp.brand,
            analogue_product_id: r,
            kind: 'ANALOGUE',
          },
          {
            product_id: r,
            article: op.article,
            article_key: normalizeArticle(op.article),
            brand: op.brand,
            analogue_product_id: o,
            kind: 'OEM',
          },
        ])
        .execute();
    }
    for (const [own, article, brand] of EXTERNAL_ANALOGUES) {
      await trx
        .insertInto('product_analogues')
        .values({
          product_id: fixedIds.get(own)!,
          article,
          article_key: normalizeArticle(article),
          brand,
          kind: 'ANALOGUE',
        })
        .execute();
    }

    // Similar items: neighbours in the same section.
    await sql`
      INSERT INTO product_similar (product_id, similar_id)
      SELECT p.id, q.id FROM products p
      JOIN products q ON q.id IN (p.id + ${nsec}, p.id + ${2 * nsec}, p.id + ${3 * nsec})
      WHERE p.id > ${base} AND p.id % 2 = 0`.execute(trx);
    await sql`
      INSERT INTO product_similar (product_id, similar_id)
      SELECT a.id, b.id FROM products a JOIN products b ON a.section_id = b.section_id AND a.id <> b.id
      WHERE a.id <= ${base} AND b.id <= ${base + nsec * 4}
      ON CONFLICT DO NOTHING`.execute(trx);

    // Element counts: a second-level section counts its products, a top-level one its children's.
    await sql`
      UPDATE sections s SET element_cnt = c.n
      FROM (SELECT section_id, count(*)::int AS n FROM products WHERE active GROUP BY section_id) c
      WHERE c.section_id = s.id`.execute(trx);
    await sql`
      UPDATE sections s SET element_cnt = c.n
      FROM (SELECT parent_id, sum(element_cnt)::int AS n FROM sections WHERE parent_id IS NOT NULL GROUP BY parent_id) c
      WHERE c.parent_id = s.id`.execute(trx);

    await refreshCatalogWords(trx);

    // Demo users: dealers buy at the dealer price; dealer2 has no payment method yet (the prompt shows).
    const retail = priceTypes.find((p) => p.code === 'RETAIL')!.id;
    const dealer = priceTypes.find((p) => p.code === 'DEALER')!.id;
    const bank = paySystems.find((p) => p.code === 'BANK')!.id;
    const cash = paySystems.find((p) => p.code === 'CASH')!.id;
    const assign = async (login: string, priceTypeId: number, paySystemId: number | null) =>
      trx
        .updateTable('users')
        .set({ price_type_id: priceTypeId, pay_system_id: paySystemId })
        .where('login', '=', login)
        .execute();
    await assign('dealer', dealer, bank);
    await assign('dealer2', dealer, null);
    await assign('secure', dealer, cash);
    await assign('admin', retail, bank);
    await assign('employee', retail, bank);

    // A couple of favourites so the screen is not empty in the demo.
    const dealerRow = await trx.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirst();
    if (dealerRow) {
      await trx
        .insertInto('favorites')
        .values(
          [fixedIds.get('RE504836')!, fixedIds.get('6005-028-743')!].map((product_id) => ({
            user_id: dealerRow.id,
            product_id,
          })),
        )
        .execute();
    }
  });
}
