import { formatPrice, translate, type Currency, type Language } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { AppError, notFound, validationError } from '../../rest/app-error.js';
import { staffAddressesFor, type Actor } from '../auth/index.js';
import { mailHtml } from '../notices/index.js';
import { basketLines, emptyBasket, ownBasket } from '../baskets/index.js';
import { activePaySystem } from '../catalog/index.js';
import { ownCounterpartyId } from '../companies/index.js';
import { countOwnFiles } from '../files/index.js';
import { pickupPoints } from '../content/index.js';
import {
  defaultStatusId,
  insertOrder,
  insertOrderItems,
  orderByIdempotencyKey,
  recentOrderFromBasket,
  shippingOf,
} from './checkout-queries.js';
import { ownMachine } from '../machines/index.js';
import { machineText } from './machine-text.js';
import type { OrderMachineSnapshot } from './tables.js';
import { readStaffEmail } from '../settings/index.js';
import { guardCheckout } from './checkout-guard.js';
import { priceBasket, refuseProblems, refuseThresholds } from './pricing.js';

/** A checkout repeated this soon after one from the same, now empty, basket answers with that order. */
const REPEAT_WINDOW_MS = 60_000;

interface Fields {
  basket: number;
  company: number;
  paySystem: number;
  shipping: number;
  address: string;
  storage?: number;
  vin: string;
  model: string;
  comment: string;
  files: number[];
  /** One of the dealer's machines (decision 208) and «Машина стоит» (decision 209). */
  machine?: number;
  urgent?: boolean;
}

/** A VIN as the order keeps it (orderFieldsInput): a machine's serial number fills the order's VIN only if it is one. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

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
  /** Runs inside the order's transaction once it is written (the e-mail outbox: mail exactly when the order is). */
  afterCreate?: (trx: Db, order: NewOrder) => Promise<void>,
): Promise<{ id: number; created: boolean; creditWarning?: string }> {
  const key = idempotencyKey ? `${actor.id}:${idempotencyKey}` : null;
  const existing = async (trx: Db) => {
    if (key) {
      const row = await orderByIdempotencyKey(trx, key);
      if (row) return row.id;
    }
    return null;
  };
  const before = await existing(db);
  if (before) return { id: before, created: false };

  // Checks that do not need the lock: a foreign company, payment or shipping is a field error.
  const [company, pay, shipping, points, machine] = await Promise.all([
    ownCounterpartyId(db, actor.id, fields.company),
    activePaySystem(db, fields.paySystem),
    shippingOf(db, fields.shipping),
    pickupPoints(db),
    fields.machine === undefined ? undefined : ownMachine(db, actor.id, fields.machine),
  ]);
  const errors: Record<string, string> = {};
  // The machine is the dealer's own (another's is merely invalid); «Машина стоит» names one (decision 209).
  if (fields.machine !== undefined && !machine) errors.machine = translate(language, 'validation.invalid');
  if (fields.urgent && fields.machine === undefined) errors.machine = translate(language, 'validation.urgentMachine');
  if (company === undefined) errors.company = translate(language, 'validation.invalid');
  if (!pay) errors.paySystem = translate(language, 'validation.invalid');
  if (!shipping) errors.shipping = translate(language, 'validation.invalid');
  if (shipping && !shipping.is_pickup && fields.address.trim() === '')
    errors.address = translate(language, 'validation.required');
  // A pickup order names the warehouse it is collected from, when the site has any (decision 064).
  const point = shipping?.is_pickup ? points.find((p) => p.id === fields.storage) : undefined;
  if (shipping?.is_pickup && points.length > 0 && !point) {
    errors.storage = translate(language, fields.storage === undefined ? 'validation.required' : 'validation.invalid');
  }
  if (Object.keys(errors).length) throw validationError(errors);
  // The machine as it is now: editing or deleting it later changes no order (decision 209).
  const snapshot: OrderMachineSnapshot | null = machine
    ? { id: machine.id, name: machine.name, model: machine.model, serial: machine.serial, year: machine.year }
    : null;
  if (fields.files.length) {
    const unique = [...new Set(fields.files)];
    if ((await countOwnFiles(db, actor.id, unique)) !== unique.length) throw notFound();
  }

  try {
    return await db.transaction().execute(async (trx) => {
      await ownBasket(trx, actor.id, fields.basket, true);
      const again = await existing(trx);
      if (again) return { id: again, created: false };
      const lines = await basketLines(trx, [fields.basket]).orderBy('i.id').execute();
      if (lines.length === 0) {
        const recent = await recentOrderFromBasket(
          trx,
          actor.id,
          fields.basket,
          new Date(Date.now() - REPEAT_WINDOW_MS),
        );
        if (recent) return { id: recent.id, created: false };
        throw new AppError('VALIDATION', 'error.basketEmpty');
      }
      const priced = await priceBasket(trx, actor, fields.basket, fields.paySystem, lines);
      refuseProblems(priced, language);
      await refuseThresholds(trx, actor, language, priced, fields.paySystem);
      const creditWarning = await guardCheckout(trx, {
        actor,
        language,
        company: fields.company,
        paySystem: { id: pay!.id, code: pay!.code },
        price: priced.price,
        currency: priced.currency,
      });
      const order = await insertOrder(trx, {
        user_id: actor.id,
        status_id: await defaultStatusId(trx),
        counterparty_id: fields.company,
        pay_system_id: fields.paySystem,
        shipping_id: fields.shipping,
        delivery_address: shipping?.is_pickup ? '' : fields.address,
        pickup_storage_id: point?.id ?? null,
        pickup_point: point
          ? JSON.stringify({ name: point.name, address: point.address, working: point.working })
          : null,
        // The chosen machine fills the VIN and the model the dealer left empty (decision 208).
        vin: fields.vin || (machine && VIN.test(machine.serial) ? machine.serial : ''),
        machine_model: fields.model || machine?.model || '',
        urgent: Boolean(fields.urgent),
        machine: snapshot ? JSON.stringify(snapshot) : null,
        comment: fields.comment,
        price: priced.price,
        currency: priced.currency,
        total_weight_kg: priced.weightKg,
        total_volume_m3: priced.volumeM3,
        weight_exceptions: JSON.stringify(priced.weightExceptions),
        volume_exceptions: JSON.stringify(priced.volumeExceptions),
        file_ids: fields.files,
        source_basket_id: fields.basket,
        idempotency_key: key,
      });
      const items = priced.lines.map((l) => ({
        order_id: order.id,
        product_id: l.productId,
        name: l.name,
        article: l.article,
        unit: l.unit,
        quantity: l.quantity,
        price: l.price!,
        currency: l.currency,
        weight_kg: l.weightKg,
        volume_m3: l.volumeM3,
      }));
      await insertOrderItems(trx, items);
      await emptyBasket(trx, fields.basket);
      await afterCreate?.(trx, {
        id: order.id,
        price: priced.price,
        currency: priced.currency,
        lineCount: items.length,
        urgent: Boolean(fields.urgent),
        machine: snapshot,
        companyId: fields.company,
      });
      return creditWarning ? { id: order.id, created: true, creditWarning } : { id: order.id, created: true };
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

/** A placed order as the mails after it tell of it. */
export interface NewOrder {
  id: number;
  price: number;
  currency: string;
  lineCount: number;
  urgent: boolean;
  machine: OrderMachineSnapshot | null;
  companyId: number | null;
}

/**
 * The dealer and the supplier's managers hear about a new order: messages go to the outbox on `db`, the
 * order's transaction (createOrder's afterCreate), so they exist exactly when the order does. A failed insert
 * is not caught: the transaction is aborted by then, and the order must not answer 200 while rolled back
 * (decision 189).
 */
export async function mailNewOrder(
  db: Db,
  mailer: Mailer,
  actor: Actor,
  order: NewOrder,
  publicUrl = '',
): Promise<void> {
  const deskUrl = `${publicUrl}/desk/order/${order.id}/`;
  // The company's manager, else the dealer's, else the general address of the settings (decision 227).
  const managers = await staffAddressesFor(db, {
    dealerId: actor.id,
    companyId: order.companyId,
    generalAddress: await readStaffEmail(db),
    generalGroups: ['ADMINS', 'EMPLOYEES'],
  });
  const summary = `Заказ № ${order.id}: ${order.lineCount} поз. на сумму ${formatPrice(order.price, order.currency as Currency)}.`;
  if (actor.row.email) {
    await mailer.send(
      {
        to: actor.row.email,
        subject: `Ваш заказ № ${order.id} принят`,
        text: `${summary}\nСтатус заказа можно отслеживать на портале в разделе «Заказы».`,
      },
      db,
    );
  }
  if (managers.length) {
    // «Машина стоит» (decision 209): the manager sees it in the subject before opening the mail.
    const machine = machineText(order.machine);
    const urgent = order.urgent ? `СРОЧНО: машина стоит${machine ? ` — ${machine}` : ''}.\n` : '';
    const body = `${urgent}${summary}\nДилер: ${actor.row.company || actor.login} (${actor.login}).`;
    await mailer.send(
      {
        to: managers,
        subject: `${order.urgent ? 'СРОЧНО, машина стоит: ' : ''}Новый заказ № ${order.id} от ${actor.row.company || actor.login}`,
        text: `${body}\n\n${deskUrl}`,
        html: mailHtml(body, deskUrl, 'ru'),
      },
      db,
    );
  }
}
