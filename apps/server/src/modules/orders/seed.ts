import { normalizeArticle } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { actorOf } from '../auth/index.js';
import { putLines } from '../baskets/index.js';
import { pickupPoints } from '../content/index.js';
import { createOrder } from './create-order.js';
import './tables.js';

export const ORDER_STATUSES = [
  {
    code: 'N',
    name: 'Новый',
    name_en: 'New',
    color: '#1976d2',
    type: 'O',
    sort: 10,
    description: 'Заказ получен и ждёт подтверждения менеджером',
  },
  {
    code: 'A',
    name: 'Принят',
    name_en: 'Accepted',
    color: '#0288d1',
    type: 'O',
    sort: 20,
    description: 'Менеджер подтвердил заказ',
  },
  {
    code: 'P',
    name: 'Собирается',
    name_en: 'Picking',
    color: '#f1a81b',
    type: 'O',
    sort: 30,
    description: 'Заказ собирают на складе',
  },
  {
    code: 'S',
    name: 'Отгружен',
    name_en: 'Shipped',
    color: '#7b1fa2',
    type: 'O',
    sort: 40,
    description: 'Заказ передан в доставку или готов к выдаче',
  },
  {
    code: 'F',
    name: 'Выполнен',
    name_en: 'Completed',
    color: '#2e7d32',
    type: 'F',
    sort: 50,
    description: 'Заказ получен покупателем',
  },
  {
    code: 'C',
    name: 'Отменен',
    name_en: 'Cancelled',
    color: '#d32f2f',
    type: 'F',
    sort: 60,
    description: 'Заказ отменён',
  },
];

/** Valid requisites (real check digits) for the demo companies. */
const COMPANIES: Record<string, Array<Record<string, string>>> = {
  dealer: [
    {
      name: 'ООО «АгроМаш»',
      inn: '5003123458',
      kpp: '500301001',
      ogrn: '1035000123454',
      legal_address: '142700, Московская обл., г. Видное, ул. Заводская, д. 4',
      bank: 'ПАО Сбербанк',
      bik: '044525225',
      account: '40702810800000054321',
      corr_account: '30101810400000000225',
    },
    {
      name: 'ООО «АгроМаш-Юг»',
      inn: '7709876545',
      kpp: '770901001',
      ogrn: '1057700123458',
      legal_address: '109028, г. Москва, ул. Солянка, д. 1',
      bank: 'ПАО Сбербанк',
      bik: '044525225',
      account: '40702810200000099999',
      corr_account: '30101810400000000225',
    },
  ],
  dealer2: [
    {
      name: 'ООО «СибТехСервис»',
      inn: '7804123453',
      kpp: '780401001',
      ogrn: '1047800123458',
      legal_address: '630099, г. Новосибирск, ул. Ленина, д. 20',
      bank: 'ПАО Сбербанк',
      bik: '044525225',
      account: '40702810800000077777',
      corr_account: '30101810400000000225',
    },
  ],
};

/**
 * A small catalogue used only when the catalogue seed has not run (an ordering branch on its own, a
 * fresh test template): clearly a fallback, skipped as soon as any product exists.
 */
async function fallbackCatalogue(db: Db, count: number): Promise<void> {
  const { n } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) return;
  let priceType = await db.selectFrom('price_types').select('id').orderBy('id').executeTakeFirst();
  priceType ??= await db
    .insertInto('price_types')
    .values({ code: 'BASE', name: 'Базовая', is_default: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pays = await db.selectFrom('pay_systems').select('id').orderBy('sort').execute();
  if (pays.length === 0) {
    pays.push(
      ...(await db
        .insertInto('pay_systems')
        .values([
          { code: 'CASHLESS', name: 'Безналичный расчёт', sort: 10 },
          { code: 'CARD', name: 'Оплата картой', sort: 20 },
        ])
        .returning('id')
        .execute()),
    );
  }
  let stores = await db.selectFrom('stores').select(['id', 'is_virtual']).execute();
  if (stores.length === 0) {
    stores = await db
      .insertInto('stores')
      .values([
        { code: 'MSK', name: 'Склад Москва', sort: 10 },
        { code: 'NSK', name: 'Склад Новосибирск', sort: 20 },
        { code: 'KZN', name: 'Склад Казань', sort: 30 },
        { code: 'ORDER', name: 'Под заказ', is_virtual: true, sort: 90 },
      ])
      .returning(['id', 'is_virtual'])
      .execute();
  }
  const names = [
    'Фильтр масляный',
    'Фильтр топливный',
    'Фильтр воздушный',
    'Ремень приводной',
    'Подшипник ступицы',
    'Сальник вала',
    'Насос гидравлический',
    'Датчик давления масла',
    'Палец звена',
    'Нож режущий',
  ];
  const brands = ['John Deere', 'CLAAS', 'Case IH', 'New Holland', 'Ростсельмаш'];
  const rows = Array.from({ length: count }, (_, i) => {
    const article = `RE${String(500000 + i * 137).padStart(6, '0')}`;
    return {
      name: `${names[i % names.length]} ${brands[i % brands.length]}`,
      article,
      article_key: normalizeArticle(article),
      brand: brands[i % brands.length],
      unit: 'шт',
      // A few products lack weight or volume: they show up as 'not counted' (docs/spec/08-errors.md).
      weight_kg: i % 7 === 3 ? null : Math.round((0.2 + (i % 9) * 0.35) * 1000) / 1000,
      volume_m3: i % 5 === 4 ? null : Math.round((0.0004 + (i % 6) * 0.0011) * 100000) / 100000,
    };
  });
  // In chunks: a benchmark asks for tens of thousands of products.
  for (let start = 0; start < rows.length; start += 1000) {
    await fallbackChunk(db, rows.slice(start, start + 1000), start, priceType.id, pays, stores);
  }
}

async function fallbackChunk(
  db: Db,
  rows: Array<{
    name: string;
    article: string;
    article_key: string;
    brand: string | undefined;
    unit: string;
    weight_kg: number | null;
    volume_m3: number | null;
  }>,
  offset: number,
  priceTypeId: number,
  pays: Array<{ id: number }>,
  stores: Array<{ id: number; is_virtual: boolean }>,
): Promise<void> {
  const products = await db
    .insertInto('products')
    .values(rows.map((r) => ({ ...r, brand: r.brand ?? '' })))
    .returning(['id'])
    .execute();
  await db
    .insertInto('product_prices')
    .values(
      products.flatMap((p, k) =>
        pays.map((pay, j) => ({
          product_id: p.id,
          price_type_id: priceTypeId,
          pay_system_id: pay.id,
          value: Math.round((350 + ((offset + k) % 500) * 217.5) * (1 + j * 0.03) * 100) / 100,
          currency: 'RUB',
        })),
      ),
    )
    .execute();
  await db
    .insertInto('product_stock')
    .values(
      products.flatMap((p, i) =>
        stores.map((s, k) => ({
          product_id: p.id,
          store_id: s.id,
          amount: s.is_virtual ? 100 : i % 6 === 5 ? 0 : ((i * 7 + k * 3) % 40) + 1,
        })),
      ),
    )
    .execute();
}

/** Statuses, shippings, companies, baskets and orders in every status for dealer and dealer2. */
export async function seedOrdering(db: Db, options: { products?: number } = {}): Promise<void> {
  for (const s of ORDER_STATUSES) {
    await db
      .insertInto('order_statuses')
      .values(s)
      .onConflict((oc) =>
        oc.column('code').doUpdateSet({
          name: s.name,
          name_en: s.name_en,
          color: s.color,
          type: s.type,
          sort: s.sort,
          description: s.description,
        }),
      )
      .execute();
  }
  await db
    .insertInto('shippings')
    .values([
      { code: 'pickup', name: 'Самовывоз', is_pickup: true, sort: 10 },
      { code: 'delivery', name: 'Доставка', is_pickup: false, sort: 20 },
    ])
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await fallbackCatalogue(db, options.products ?? 40);

  const products = await db
    .selectFrom('products')
    .select('id')
    .where('active', '=', true)
    .where(sql<boolean>`EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = products.id)`)
    .orderBy('id')
    .limit(30)
    .execute();
  const statuses = await db.selectFrom('order_statuses').select(['id', 'code']).orderBy('sort').execute();
  const shippings = await db.selectFrom('shippings').select(['id', 'is_pickup']).orderBy('sort').execute();
  const points = await pickupPoints(db);
  const pay = await db
    .selectFrom('pay_systems')
    .select('id')
    .where('active', '=', true)
    .orderBy('sort')
    .executeTakeFirst();

  for (const login of ['dealer', 'dealer2'] as const) {
    const user = await db.selectFrom('users').selectAll().where('login', '=', login).executeTakeFirst();
    if (!user) continue;
    const hasCompanies = await db
      .selectFrom('counterparties')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!hasCompanies) {
      await db
        .insertInto('counterparties')
        .values(COMPANIES[login]!.map((c) => ({ user_id: user.id, ...c })) as never)
        .execute();
    }
    const company = await db
      .selectFrom('counterparties')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const hasOrders = await db.selectFrom('orders').select('id').where('user_id', '=', user.id).executeTakeFirst();
    if (hasOrders || products.length < 6 || !pay || shippings.length === 0) continue;
    const actor = actorOf(user);
    const offset = login === 'dealer' ? 0 : 10;
    for (const [k, status] of statuses.entries()) {
      const basket = await db
        .insertInto('baskets')
        .values({ user_id: user.id, name: `Заказ ${k + 1}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const lines = [0, 1, 2, 3].map((j) => ({
        product: products[(offset + k * 3 + j) % products.length]!.id,
        quantity: 1 + ((k + j) % 5),
      }));
      await putLines(db, actor, 'ru', basket.id, lines, 'set');
      const shipping = shippings[k % shippings.length]!;
      const { id } = await createOrder(
        db,
        actor,
        'ru',
        {
          basket: basket.id,
          company: company.id,
          paySystem: pay.id,
          shipping: shipping.id,
          address: shipping.is_pickup ? '' : 'г. Москва, ул. Промышленная, д. 7, склад 2',
          storage: shipping.is_pickup ? points[k % Math.max(points.length, 1)]?.id : undefined,
          vin: k % 2 === 0 ? 'WDB9634031L123456' : '',
          model: k % 2 === 0 ? 'John Deere 8R 410' : '',
          comment: k === 0 ? 'Позвоните перед отгрузкой' : '',
          files: [],
        },
        undefined,
      );
      await db
        .updateTable('orders')
        .set({
          status_id: status.id,
          is_canceled: status.code === 'C',
          is_paid: ['S', 'F'].includes(status.code),
          is_warning: status.code === 'P' && login === 'dealer',
        })
        .where('id', '=', id)
        .execute();
      // Spread over the last weeks so that the history chart and date filters have something to show.
      await sql`UPDATE orders SET created_at = now() - ${`${(statuses.length - k) * 3} days`}::interval WHERE id = ${id}`.execute(
        db,
      );
      if (['S', 'F'].includes(status.code)) {
        // Shipped a day after it was placed: its goods may be returned (decision 061).
        await sql`UPDATE orders SET shipped_at = created_at + interval '1 day' WHERE id = ${id}`.execute(db);
        await sql`UPDATE order_items SET delivered_quantity = quantity WHERE order_id = ${id}`.execute(db);
      }
      await db.deleteFrom('baskets').where('id', '=', basket.id).execute();
      if (login === 'dealer2') break;
    }
    const main = await db
      .insertInto('baskets')
      .values({ user_id: user.id, name: 'Основная' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await putLines(
      db,
      actor,
      'ru',
      main.id,
      [
        { product: products[offset + 1]!.id, quantity: 2 },
        { product: products[offset + 2]!.id, quantity: 1 },
      ],
      'set',
    );
    if (login === 'dealer') await db.insertInto('baskets').values({ user_id: user.id, name: 'Сезонная' }).execute();
  }
}
