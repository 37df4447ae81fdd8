import { normalizeArticle } from '@portal/contract';
import type { Db } from '../../db/database.js';
import './tables.js';

export const RETURN_STATUSES = [
  { code: 'NEW', name: 'Новая', name_en: 'New', color: 'info', description: 'Заявка подана и ждёт рассмотрения' },
  {
    code: 'REVIEW',
    name: 'На рассмотрении',
    name_en: 'Under review',
    color: 'warning',
    description: 'Менеджер проверяет заявку',
  },
  { code: 'APPROVED', name: 'Одобрена', name_en: 'Approved', color: 'success', description: 'Возврат одобрен' },
  { code: 'REJECTED', name: 'Отклонена', name_en: 'Rejected', color: 'error', description: 'В возврате отказано' },
  {
    code: 'RECEIVED',
    name: 'Товар получен',
    name_en: 'Goods received',
    color: 'primary',
    description: 'Товар получен на складе',
  },
  { code: 'CLOSED', name: 'Закрыта', name_en: 'Closed', color: 'default', description: 'Возврат завершён' },
];

const FALLBACK_PRODUCTS = [
  { name: 'Фильтр масляный двигателя', article: 'RE504836' },
  { name: 'Ремень приводной вентилятора', article: 'H215628' },
  { name: 'Подшипник ступицы', article: 'JD10254' },
];

/**
 * A delivered order of the dealer to file returns on. When the ordering seed left none (or the catalogue is
 * empty, as on a tree without those domains), a small one is made here so the returns journey can be shown.
 */
async function deliveredOrderOf(db: Db, userId: number): Promise<number | null> {
  const existing = await db
    .selectFrom('orders as o')
    .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
    .select('o.id')
    .where('o.user_id', '=', userId)
    .where('o.shipped_at', 'is not', null)
    .where('oi.delivered_quantity', '>=', 3)
    .where('oi.product_id', 'is not', null)
    .orderBy('o.id')
    .executeTakeFirst();
  if (existing) return existing.id;
  let products = await db
    .selectFrom('products')
    .select(['id', 'name', 'article'])
    .where('active', '=', true)
    .orderBy('id')
    .limit(3)
    .execute();
  if (products.length === 0) {
    products = await db
      .insertInto('products')
      .values(FALLBACK_PRODUCTS.map((p) => ({ ...p, article_key: normalizeArticle(p.article) })))
      .returning(['id', 'name', 'article'])
      .execute();
  }
  // A completed order, shipped three days ago: within the return period (decision 061).
  let status = await db.selectFrom('order_statuses').select('id').where('code', '=', 'F').executeTakeFirst();
  status ??= await db
    .insertInto('order_statuses')
    .values({ code: 'F', name: 'Выполнен', name_en: 'Completed', color: 'success' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      user_id: userId,
      status_id: status.id,
      comment: 'Отгружен полностью',
      price: 0,
      shipped_at: new Date(Date.now() - 3 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(
      products.map((p, i) => ({
        order_id: order.id,
        product_id: p.id,
        name: p.name,
        article: p.article,
        quantity: 5 + i,
        delivered_quantity: 5 + i,
        price: 1500 + i * 700,
      })),
    )
    .execute();
  return order.id;
}

/** Return statuses, and for the demo dealer a delivered order with returns in several statuses. */
export async function seedReturns(db: Db): Promise<void> {
  await db
    .insertInto('good_return_statuses')
    .values(RETURN_STATUSES.map((s, i) => ({ ...s, sort: (i + 1) * 10 })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const dealer = await db.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirst();
  const employee = await db.selectFrom('users').select('id').where('login', '=', 'employee').executeTakeFirst();
  if (!dealer) return;
  const orderId = await deliveredOrderOf(db, dealer.id);
  if (orderId === null) return;
  const lines = await db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'name', 'article', 'delivered_quantity'])
    .where('order_id', '=', orderId)
    .where('product_id', 'is not', null)
    .orderBy('id')
    .execute();
  const statuses = new Map(
    (await db.selectFrom('good_return_statuses').select(['id', 'code']).execute()).map((s) => [s.code, s.id]),
  );
  const plan = [
    { code: 'NEW', reason: 'Пришла деталь другого размера', line: 0 },
    { code: 'REVIEW', reason: 'Повреждена упаковка, на корпусе трещина', line: 1 },
    { code: 'APPROVED', reason: 'Заказали по ошибке', line: 2 },
  ];
  for (const p of plan) {
    const line = lines[p.line % Math.max(lines.length, 1)];
    const statusId = statuses.get(p.code);
    if (!line || !statusId) continue;
    const created = await db
      .insertInto('good_returns')
      .values({
        user_id: dealer.id,
        order_id: orderId,
        order_item_id: line.id,
        product_id: line.product_id,
        product_name: line.name,
        article: line.article,
        quantity: 1,
        status_id: statusId,
        package_number: `УП-${1000 + p.line}`,
        product_delivery_date: '2026-10-15',
        reason: p.reason,
        comment: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.code !== 'NEW' && employee) {
      await db
        .insertInto('good_return_comments')
        .values({
          good_return_id: created.id,
          user_id: employee.id,
          text:
            p.code === 'REVIEW'
              ? 'Приняли в работу, пришлите, пожалуйста, фото маркировки.'
              : 'Возврат одобрен, привезите товар на склад в Новосибирске.',
          status_id: statusId,
        })
        .execute();
    }
  }
}
