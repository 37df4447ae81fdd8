import type { Config } from '../../config.js';
import type { Mailer } from '../../mail/mailer.js';
import type { JobHandler } from '../../ops/jobs/worker.js';
import { tellDealer } from './change-order.js';
import { lockOrder, takePendingTidings } from './tidings-queries.js';
import type { OrderHistoryChange } from './tables.js';
import { ORDER_TIDINGS_JOB } from './tidings.js';

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * A change set as the dealer reads it (decision 195): a status, a flag, a line or the sum from its first
 * «before» to its last «after», left out when they are the same (a flag set and cleared says nothing); a bill,
 * an offer and a correction's decision are events and all stay. In the order the changes were first made.
 */
export function foldChanges(changes: OrderHistoryChange[]): OrderHistoryChange[] {
  const out: OrderHistoryChange[] = [];
  const slot = new Map<string, number>();
  for (const c of changes) {
    const key =
      c.field === 'line' ? `line:${c.lineId}` : ['bill', 'offer', 'correction'].includes(c.field) ? null : c.field;
    const at = key === null ? undefined : slot.get(key);
    if (key === null || at === undefined) {
      if (key !== null) slot.set(key, out.length);
      out.push(c);
      continue;
    }
    const first = out[at]!;
    if (first.field === 'line' && c.field === 'line') {
      out[at] = {
        ...c,
        before: first.before,
        ...(first.priceBefore !== undefined
          ? { priceBefore: first.priceBefore, priceAfter: c.priceAfter ?? first.priceAfter }
          : {}),
      };
    } else {
      // The same field, so the same kind of change: the first's «before» with the last's «after».
      out[at] = { ...c, before: (first as { before: unknown }).before } as OrderHistoryChange;
    }
  }
  return out.filter((c) => {
    switch (c.field) {
      case 'status':
        return c.before.id !== c.after.id;
      case 'isPayment':
      case 'isWarning':
      case 'isCanceled':
      case 'total':
        return c.before !== c.after;
      case 'line':
        return c.before !== c.after || (c.priceBefore ?? 0) !== (c.priceAfter ?? 0);
      default:
        return true;
    }
  });
}

/**
 * The worker's side: tells the dealer of every waiting line of the order at once, in one transaction with
 * taking them, so a job run twice (or a set that another job already told) tells nothing more.
 */
export function orderJobHandlers(deps: { config: Config; mailer: Mailer }): Record<string, JobHandler> {
  return {
    [ORDER_TIDINGS_JOB]: async (payload, { db, log }) => {
      const { orderId } = payload as { orderId: number };
      await db.transaction().execute(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) return;
        const lines = await takePendingTidings(tx, orderId);
        const changes = foldChanges(lines.flatMap((l) => jsonOf<OrderHistoryChange[]>(l.changes)));
        const note = lines
          .map((l) => l.note.trim())
          .filter(Boolean)
          .join('\n\n');
        if (changes.length === 0 && note === '') return;
        await tellDealer(
          { db: tx, mailer: deps.mailer, config: deps.config, log },
          order.user_id,
          orderId,
          changes,
          note,
        );
      });
    },
  };
}
