import { translate, type Language } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { AppError, notFound, validationError } from '../../rest/app-error.js';
import type { Actor } from '../auth/actor.js';
import { loadOffers } from '../catalog/offers.js';
import { basketLines, ownBasket, round2 } from '../baskets/queries.js';
import type { ProductException } from './tables.js';

/** A checkout repeated this soon after one from the same, now empty, basket answers with that order. */
const REPEAT_WINDOW_MS = 60_000;

export async function defaultStatusId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_statuses')
    .select('id')
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (row) return row.id;
  const created = await db
    .insertInto('order_statuses')
    .values({ code: 'N', name: 'Новый', name_en: 'New', color: '#1976d2', sort: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

interface Fields {
  basket: number;
  company: number;
  paySystem: number;
  shipping: number;
  address: string;
  vin: string;
  model: string;
  comment: string;
  files: number[];
}

/**
 * The basket becomes an order in one transaction: the basket row is locked (a concurrent checkout of the
 * same basket waits, then finds it empty and answers with the order just made), prices are fixed from
 * loadOffers for the chosen payment method, and the basket is emptied. The idempotency key, unique in
 * the table, makes a repeated submit return the same order.
 */
export async function createOrder(
  db: Db,
  actor: Actor,
  language: Language,
  fields: Fields,
  idempotencyKey: string | undefined,
): Promise<{ id: number; created: boolean }> {
  const key = idempotencyKey ? `${actor.id}:${idempotencyKey}` : null;
  const existing = async (trx: Db) => {
    if (key) {
      const row = await trx.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst();
      if (row) return row.id;
    }
    return null;
  };
  const before = await existing(db);
  if (before) return { id: before, created: false };

  // Checks that do not need the lock: a foreign company, payment or shipping is a field error.
  const [company, pay, shipping] = await Promise.all([
    db
      .selectFrom('counterparties')
      .select('id')
      .where('id', '=', fields.company)
      .where('user_id', '=', actor.id)
      .executeTakeFirst(),
    db
      .selectFrom('pay_systems')
      .select('id')
      .where('id', '=', fields.paySystem)
      .where('active', '=', true)
      .executeTakeFirst(),
    db.selectFrom('shippings').select(['id', 'is_pickup']).where('id', '=', fields.shipping).executeTakeFirst(),
  ]);
  const errors: Record<string, string> = {};
  if (!company) errors.company = translate(language, 'validation.invalid');
  if (!pay) errors.paySystem = translate(language, 'validation.invalid');
  if (!shipping) errors.shipping = translate(language, 'validation.invalid');
  if (shipping && !shipping.is_pickup && fields.address.trim() === '')
    errors.address = translate(language, 'validation.required');
  if (Object.keys(errors).length) throw validationError(errors);
  if (fields.files.length) {
    const own = await db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', fields.files)
      .where('user_id', '=', actor.id)
      .execute();
    if (own.length !== new Set(fields.files).size) throw notFound();
  }

  try {
    return await db.transaction().execute(async (trx) => {
      await ownBasket(trx, actor.id, fields.basket, true);
      const again = await existing(trx);
      if (again) return { id: again, created: false };
      const lines = await basketLines(trx, [fields.basket]).orderBy('i.id').execute();
      if (lines.length === 0) {
        const recent = await trx
          .selectFrom('orders')
          .select('id')
          .where('user_id', '=', actor.id)
          .where('source_basket_id', '=', fields.basket)
          .where('created_at', '>', new Date(Date.now() - REPEAT_WINDOW_MS))
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (recent) return { id: recent.id, created: false };
        throw new AppError('VALIDATION', 'error.basketEmpty');
      }
      const offers = await loadOffers(
        trx,
        { priceTypeId: actor.priceTypeId, paySystemId: fields.paySystem },
        lines.map((l) => l.product_id),
      );
      // A product taken out of the catalogue after it was put in the basket cannot be ordered.
      const inactive = lines.filter((l) => !l.active);
      if (inactive.length) {
        throw new AppError('VALIDATION', 'error.basketAddFailed', {
          args: [
            `${inactive.map((l) => l.article || l.name).join(', ')} — ${translate(language, 'error.productUnavailable')}`,
          ],
        });
      }
      const missing = lines.filter((l) => !offers.get(l.product_id)?.price);
      if (missing.length) {
        throw new AppError('VALIDATION', 'error.basketAddFailed', {
          args: [`${missing.map((l) => l.article || l.name).join(', ')} — ${translate(language, 'error.noPrice')}`],
        });
      }
      const totals = new Map<string, number>();
      let weight = 0;
      let volume = 0;
      const weightExceptions: ProductException[] = [];
      const volumeExceptions: ProductException[] = [];
      const items = lines.map((l) => {
        const price = offers.get(l.product_id)!.price!;
        totals.set(price.currency, round2((totals.get(price.currency) ?? 0) + price.value * l.quantity));
        const ex = { id: l.product_id, name: l.name, article: l.article };
        if (l.weight_kg === null) weightExceptions.push(ex);
        else weight += Number(l.weight_kg) * l.quantity;
        if (l.volume_m3 === null) volumeExceptions.push(ex);
        else volume += Number(l.volume_m3) * l.quantity;
        return {
          product_id: l.product_id,
          name: l.name,
          article: l.article,
          unit: l.unit,
          quantity: l.quantity,
          price: price.value,
          currency: price.currency,
          weight_kg: l.weight_kg,
          volume_m3: l.volume_m3,
        };
      });
      // The order's currency is the one most of its sum is in; other currencies are listed as totals.
      const [currency, price] = [...totals].sort((a, b) => b[1] - a[1])[0] ?? ['RUB', 0];
      const order = await trx
        .insertInto('orders')
        .values({
          user_id: actor.id,
          status_id: await defaultStatusId(trx),
          counterparty_id: fields.company,
          pay_system_id: fields.paySystem,
          shipping_id: fields.shipping,
          delivery_address: shipping?.is_pickup ? '' : fields.address,
          vin: fields.vin,
          machine_model: fields.model,
          comment: fields.comment,
          price,
          currency,
          total_weight_kg: Math.round(weight * 1000) / 1000,
          total_volume_m3: Math.round(volume * 100000) / 100000,
          weight_exceptions: JSON.stringify(weightExceptions),
          volume_exceptions: JSON.stringify(volumeExceptions),
          file_ids: fields.files,
          source_basket_id: fields.basket,
          idempotency_key: key,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < items.length; i += 500) {
        await trx
          .insertInto('order_items')
          .values(items.slice(i, i + 500).map((it) => ({ ...it, order_id: order.id })))
          .execute();
      }
      await trx.deleteFrom('basket_items').where('basket_id', '=', fields.basket).execute();
      await trx.updateTable('baskets').set({ updated_at: new Date() }).where('id', '=', fields.basket).execute();
      return { id: order.id, created: true };
    });
  } catch (err) {
    // Two submits with one key raced past the first check: the unique key let one in; answer with it.
    if (key && /duplicate key|unique/i.test(String((err as Error).message))) {
      const row = await existing(db);
      if (row) return { id: row, created: false };
    }
    throw err;
  }
}

/** The dealer and the supplier's managers hear about a new order; a mail failure never undoes it. */
export async function mailNewOrder(
  db: Db,
  mailer: Mailer,
  actor: Actor,
  order: { id: number; price: number; currency: string; lineCount: number },
  log: (err: unknown) => void,
): Promise<void> {
  const managers = await db
    .selectFrom('users')
    .select('email')
    .where('active', '=', true)
    .where(sql<boolean>`groups && ARRAY['ADMINS','EMPLOYEES']::text[]`)
    .where('email', '<>', '')
    .execute();
  const summary = `Заказ № ${order.id}: ${order.lineCount} поз. на сумму ${order.price.toFixed(2)} ${order.currency}.`;
  try {
    if (actor.row.email) {
      await mailer.send({
        to: actor.row.email,
        subject: `Ваш заказ № ${order.id} принят`,
        text: `${summary}\nСтатус заказа можно отслеживать на портале в разделе «Заказы».`,
      });
    }
    if (managers.length) {
      await mailer.send({
        to: managers.map((m) => m.email),
        subject: `Новый заказ № ${order.id} от ${actor.row.company || actor.login}`,
        text: `${summary}\nДилер: ${actor.row.company || actor.login} (${actor.login}).`,
      });
    }
  } catch (err) {
    log(err);
  }
}
