import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import {
  documentKind,
  paidForOrder,
  recordUnmatched,
  storeDocument,
  storeSettlement,
  type StoreMemo,
} from '../account/index.js';
import { productIdsByExtId } from '../catalog/index.js';
import {
  applyExchangeOrderChange,
  findExchangeOrder,
  machineText,
  markOrdersDelivered,
  orderTotals,
  ordersForExchange,
  statusFromExchange,
  type ExportOrder,
  type ExchangeOrderChange,
} from '../orders/index.js';
import type { DocumentRecord, SettlementRecord } from './commerceml.js';
import type { ExchangeDeps } from './deps.js';
import { fileSource, findFile } from './files.js';
import type { RunRow } from './queries.js';

/**
 * The sale side of the exchange (decision 096): orders out to 1C (`query`, then `success`), and 1C's
 * orders document back in (statuses, paid / has problems / cancelled, lines and sums), the dealer told.
 */

/** Orders one query answers at most; the rest go with the next exchange. */
export const QUERY_LIMIT = 500;

const escape = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const el = (name: string, value: string | number) => `<${name}>${escape(String(value))}</${name}>`;
const money = (n: number) => n.toFixed(2);
const requisite = (name: string, value: string) =>
  `<ЗначениеРеквизита>${el('Наименование', name)}${el('Значение', value)}</ЗначениеРеквизита>`;

/** Moscow time, as 1C expects dates without a zone. */
function moscow(d: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  })
    .format(d)
    .split(' ');
  return { date: parts[0]!, time: parts[1]! };
}

function orderXml(o: ExportOrder): string {
  const when = moscow(o.createdAt);
  const company = o.company;
  const buyer = company
    ? [
        el('Ид', `company-${company.id}`),
        el('Наименование', company.name),
        el('ОфициальноеНаименование', company.name),
        el('ПолноеНаименование', company.name),
        el('Роль', 'Покупатель'),
        el('ИНН', company.inn),
        el('КПП', company.kpp),
        company.address ? `<ЮридическийАдрес>${el('Представление', company.address)}</ЮридическийАдрес>` : '',
      ]
    : [
        el('Ид', `user-${o.user.id}`),
        el('Наименование', o.user.name),
        el('ПолноеНаименование', o.user.name),
        el('Роль', 'Покупатель'),
      ];
  const contacts = [
    o.user.email ? `<Контакт>${el('Тип', 'Почта')}${el('Значение', o.user.email)}</Контакт>` : '',
    o.user.phone ? `<Контакт>${el('Тип', 'Телефон рабочий')}${el('Значение', o.user.phone)}</Контакт>` : '',
  ].join('');
  const representative = `<Представители><Представитель><Контрагент>${el('Отношение', 'Контактное лицо')}${el('Ид', `user-${o.user.id}`)}${el('Наименование', o.user.name)}</Контрагент></Представитель></Представители>`;
  const lines = o.items
    .map(
      (i) =>
        `<Товар>${el('Ид', i.productExtId ?? `portal-${i.productId ?? 0}`)}${el('Артикул', i.article)}${el('Наименование', i.name)}` +
        `<БазоваяЕдиница НаименованиеПолное="${escape(i.unit)}">${escape(i.unit)}</БазоваяЕдиница>` +
        `${el('ЦенаЗаЕдиницу', money(i.price))}${el('Количество', i.quantity)}${el('Сумма', money(i.price * i.quantity))}` +
        `<ЗначенияРеквизитов>${requisite('ВидНоменклатуры', 'Товар')}${requisite('ТипНоменклатуры', 'Товар')}</ЗначенияРеквизитов></Товар>`,
    )
    .join('');
  const machine = machineText(o.machine);
  const comment = [
    // A 1C operator reads the comment first: the urgent order says so before anything else (decision 209).
    o.urgent ? `СРОЧНО: машина стоит${machine ? ` (${machine})` : ''}` : '',
    o.comment,
    o.vin ? `VIN: ${o.vin}` : '',
    o.machineModel ? `Модель техники: ${o.machineModel}` : '',
    o.deliveryAddress ? `Адрес доставки: ${o.deliveryAddress}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const requisites = [
    requisite('Метод оплаты', o.payment),
    requisite('Заказ оплачен', String(o.isPaid)),
    requisite('Доставка разрешена', 'false'),
    requisite('Отменен', String(o.isCanceled)),
    requisite('Финальный статус', String(o.status.final)),
    requisite('Статус заказа', `[${o.status.code}] ${o.status.name}`),
    requisite('Статуса заказа ИД', o.status.externalId ?? o.status.code),
    requisite('Есть проблемы', String(o.isWarning)),
    requisite('Способ доставки', o.shipping),
    requisite('Самовывоз', String(o.isPickup)),
    requisite('Адрес доставки', o.deliveryAddress),
    requisite('VIN', o.vin),
    requisite('Модель техники', o.machineModel),
    // «Машина стоит» (decision 209): a flag 1C can select by, and the machine as the order keeps it.
    requisite('Срочно', String(o.urgent)),
    ...(o.urgent ? [requisite('Срочно: машина стоит', machine || 'true')] : []),
    ...(machine ? [requisite('Машина', machine)] : []),
    requisite('Сайт', 'Дилерский портал'),
  ].join('');
  return (
    `<Документ>${el('Ид', o.id)}${el('Номер', o.id)}${el('Дата', when.date)}${el('Время', when.time)}` +
    `${el('ХозОперация', 'Заказ товара')}${el('Роль', 'Продавец')}${el('Валюта', o.currency)}${el('Курс', 1)}` +
    `${el('Сумма', money(o.price))}<Контрагенты><Контрагент>${buyer.join('')}` +
    `${contacts ? `<Контакты>${contacts}</Контакты>` : ''}${representative}</Контрагент></Контрагенты>` +
    `${el('Комментарий', comment)}<Товары>${lines}</Товары><ЗначенияРеквизитов>${requisites}</ЗначенияРеквизитов></Документ>`
  );
}

/** `type=sale&mode=query`: the orders 1C has not received, as a CommerceML document (UTF-8). */
export async function queryOrders(db: Db): Promise<{ xml: string; pending: Array<{ id: number; version: string }> }> {
  const orders = await ordersForExchange(db, QUERY_LIMIT);
  const now = moscow(new Date());
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="${now.date}T${now.time}">` +
    orders.map(orderXml).join('\n') +
    `</КоммерческаяИнформация>\n`;
  return { xml, pending: orders.map((o) => ({ id: o.id, version: o.version })) };
}

export const deliverOrders = markOrdersDelivered;

const bool = (v: string | undefined) => (v === undefined ? undefined : /^(true|да|1|yes)$/i.test(v.trim()));
const first = (reqs: Record<string, string>, ...names: string[]) =>
  names.map((n) => reqs[n]).find((v) => v !== undefined && v.trim() !== '');

/**
 * One order document from 1C: its order found by Ид (the portal's number, or the Ид 1C keeps), then the
 * change applied. Documents that are not orders, or of orders the portal does not have, are skipped.
 */
export async function applyOrderDocument(deps: ExchangeDeps, doc: DocumentRecord): Promise<boolean> {
  if (doc.operation && !/заказ/i.test(doc.operation)) return false;
  const orderId = await findOrder(deps.db, doc);
  if (orderId === null) return false;
  const reqs = doc.requisites;
  const change: ExchangeOrderChange = {};
  const statusExt = first(reqs, 'Статуса заказа ИД', 'Статус заказа ИД', 'ИД статуса заказа', 'ИдСтатуса') ?? '';
  const statusName = first(reqs, 'Статус заказа', 'Статус') ?? '';
  if (statusExt || statusName) {
    const statusId = await statusFromExchange(deps.db, statusExt.trim(), statusName);
    if (statusId !== null) change.statusId = statusId;
  }
  const paid = bool(first(reqs, 'Заказ оплачен', 'Оплачен'));
  if (paid !== undefined) change.isPaid = paid;
  else if (first(reqs, 'Дата оплаты по 1С', 'Номер оплаты по 1С')) change.isPaid = true;
  const canceled = bool(first(reqs, 'Отменен', 'Отменён', 'Заказ отменен'));
  if (canceled !== undefined || doc.deleted) change.isCanceled = doc.deleted || !!canceled;
  const warning = bool(first(reqs, 'Есть проблемы', 'Проблема', 'Проблемный заказ'));
  if (warning !== undefined) change.isWarning = warning;
  if (doc.number1c || (doc.number && doc.number !== String(orderId)))
    change.number1c = (doc.number1c || doc.number).slice(0, 50);
  if (doc.id && doc.id !== String(orderId)) change.externalId = doc.id.slice(0, 100);
  const goods = doc.lines.filter((l) => l.ext !== 'ORDER_DELIVERY' && l.quantity >= 0);
  if (goods.length > 0) {
    const ids = await productIdsByExtId(deps.db, goods.map((l) => l.ext.split('#')[0]!).filter(Boolean));
    change.lines = goods.map((l) => ({
      productId: ids.get(l.ext.split('#')[0]!) ?? (/^portal-\d+$/.test(l.ext) ? Number(l.ext.slice(7)) || null : null),
      name: l.name,
      article: l.article,
      quantity: l.quantity,
      price: l.price,
    }));
  }
  if (doc.sum !== null && doc.sum >= 0) change.price = doc.sum;
  return applyOrderFrom1C(deps, orderId, change);
}

async function findOrder(db: Db, doc: DocumentRecord): Promise<number | null> {
  const numbers = [doc.id, doc.number].filter((v) => /^\d{1,9}$/.test(v)).map(Number);
  return findExchangeOrder(db, numbers, doc.id);
}

/**
 * The one place the exchange changes an order: through the orders module's `changeOrder` (decision 100),
 * which writes the history line and tells the dealer. A change the order's state refuses (1C would leave
 * the order without lines, say) is skipped and logged; the rest of the document's orders go on.
 */
async function applyOrderFrom1C(deps: ExchangeDeps, orderId: number, change: ExchangeOrderChange): Promise<boolean> {
  try {
    return (await applyExchangeOrderChange(deps, orderId, change)) !== null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    deps.log.warn({ orderId, refusal: err.message }, 'an order change from 1C was refused');
    return false;
  }
}

/**
 * A document of a sale exchange (decision 200): an order the portal knows goes to `applyOrderDocument`;
 * anything else (shipments, bills, invoices, payments, returns, orders placed in 1C) to the account module.
 * Answers the statistic it counts for.
 */
export async function applySaleDocument(
  deps: ExchangeDeps,
  doc: DocumentRecord,
  run: RunRow,
  memo?: StoreMemo,
): Promise<string> {
  const kind = documentKind(doc.operation);
  if (kind === 'order' || (!doc.operation && doc.lines.length > 0)) {
    if ((await findOrder(deps.db, doc)) !== null) return (await applyOrderDocument(deps, doc)) ? 'orders' : 'skipped';
  }
  const stored = await storeDocument(deps.db, doc, {
    runId: run.id,
    memo,
    readFile: (name) => sessionFile(deps, run.session_id, name),
    // The dealer told of a new shipment, document or payment (decision 202).
    tell: { db: deps.db, mailer: deps.mailer, config: deps.config, log: deps.log },
  });
  if (stored.outcome === 'skipped') {
    // A document of an operation the portal keeps no kind for: listed in the history, not dropped silently.
    await recordUnmatched(deps.db, {
      run_id: run.id,
      ext_id: (doc.id || doc.number).slice(0, 200),
      kind: (doc.operation || 'документ').slice(0, 100),
      number: (doc.number1c || doc.number).slice(0, 100),
      reason: `Вид документа не поддерживается: ${doc.operation || 'не указан'}`.slice(0, 500),
    });
    return 'unknown';
  }
  // Bills and invoices are counted apart (the exchange history counts every kind, decision 197).
  if (stored.outcome === 'documents') {
    const kind = documentKind(doc.operation);
    if (kind === 'bill') return 'bills';
    if (kind === 'invoice') return 'invoices';
  }
  // A payment naming an order marks it paid once the payments cover it.
  if (stored.outcome === 'payments' && stored.orderId !== null && !doc.deleted) {
    const order = (await orderTotals(deps.db, [stored.orderId])).get(stored.orderId);
    if (order && !order.is_paid && (await paidForOrder(deps.db, stored.orderId)) >= order.price - 0.005) {
      await applyOrderFrom1C(deps, stored.orderId, { isPaid: true });
    }
  }
  return stored.outcome;
}

export const applySettlement = (deps: ExchangeDeps, block: SettlementRecord, run: RunRow) =>
  storeSettlement(deps.db, block, { runId: run.id });

/** A file 1C sent in the same session (a document's PDF), whole; null when it was not sent. */
async function sessionFile(deps: ExchangeDeps, sessionId: number, name: string): Promise<Buffer | null> {
  const file = await findFile(deps.db, sessionId, name);
  if (!file) return null;
  const source = await fileSource(deps.db, deps.store, file.id);
  // A read answers within one stored part at most: read on until the end.
  const pieces: Buffer[] = [];
  for (let at = 0; at < source.size;) {
    const piece = await source.read(at, source.size - at);
    if (piece.length === 0) break;
    pieces.push(piece);
    at += piece.length;
  }
  return Buffer.concat(pieces);
}
