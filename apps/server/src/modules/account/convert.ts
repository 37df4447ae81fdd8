import type { JobHandler } from '../../ops/jobs/worker.js';
import type { Db } from '../../db/database.js';
import { counterpartyById } from '../companies/index.js';
import { findExchangeOrder, setShipState, writeOrderFrom1C } from '../orders/index.js';
import * as q from './queries.js';

/**
 * Orders placed in 1C that arrived before decision 202 were kept as account documents of kind `order`: they
 * showed in «Документы» only, not in the dealer's order list. This one-time job (decision 228, queued once by
 * migration 0223) makes each an order as `storeOrderFrom1C` makes a new one — the company's dealer's, `from_1c`,
 * read-only, its lines, sum, status and 1C number — links the shipments, payments and documents that named it,
 * sets its shipped state and marks it paid when those payments cover it. Safe to rerun: an order already made
 * (by a crash between the steps, or 1C re-sending the document) is found by its Ид and only linked.
 */

export const CONVERT_ORDERS_JOB = 'account.convertOrdersFrom1C';
const BATCH = 100;

export async function convertOrdersFrom1C(db: Db): Promise<{ converted: number; left: number }> {
  let converted = 0;
  let left = 0;
  for (let after = 0; ;) {
    const batch = await q.orderDocumentsToConvert(db, after, BATCH);
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    for (const doc of batch) {
      const company = await counterpartyById(db, doc.counterparty_id!);
      if (!company) {
        left += 1;
        continue;
      }
      const sum = Number(doc.sum);
      const lines = await q.linesOf(db, [doc.id]);
      const paid = sum > 0 && (await q.paidForOrderDocument(db, doc.ext_id)) >= sum - 0.005;
      // One transaction per order: the order, its documents linked and its shipped state. The document's row
      // is locked first, so a second run at the same moment waits and then finds it converted.
      const done = await db.transaction().execute(async (trx) => {
        if (!(await q.lockOrderDocument(trx, doc.id))) return false;
        const orderId =
          (await findExchangeOrder(trx, [], doc.ext_id.slice(0, 100))) ??
          (await writeOrderFrom1C(trx, {
            userId: company.user_id,
            counterpartyId: company.id,
            externalId: doc.ext_id.slice(0, 100),
            number1c: doc.number.slice(0, 50),
            date: doc.date,
            // The status the document named, by its name (the kept document has no status Ид).
            statusExt: '',
            statusName: doc.status,
            price: sum,
            currency: doc.currency,
            comment: '',
            paid,
            lines: lines
              .filter((l) => Number(l.quantity) > 0)
              .map((l) => ({
                productId: l.product_id,
                name: l.name,
                article: l.article,
                quantity: Number(l.quantity),
                price: l.price !== null ? Number(l.price) : l.sum !== null ? Number(l.sum) / Number(l.quantity) : 0,
              })),
          }));
        await q.attachConvertedOrder(trx, doc, orderId);
        const shipped = await q.shippedOfOrder(trx, orderId);
        await setShipState(
          trx,
          orderId,
          shipped.map((l) => ({ productId: l.product_id, article: l.article, quantity: Number(l.quantity) })),
        );
        return true;
      });
      if (!done) continue;
      converted += 1;
    }
  }
  return { converted, left };
}

export const convertJobHandler: JobHandler = async (_payload, { db, log }) => {
  const result = await convertOrdersFrom1C(db);
  log.info(result, 'orders kept as 1C documents converted to orders');
  return result;
};
