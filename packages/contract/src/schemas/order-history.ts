import { z } from 'zod';

/**
 * One line of an order's history («Изменения»): who changed what, when, rendered in the reader's language.
 * Every change of an order (the desk, 1C, a dealer's correction) writes one (decision 100).
 */
export const orderHistoryEntrySchema = z.object({
  id: z.number(),
  date: z.string(),
  /** desk: a manager; exchange: 1C; dealer: the dealer themselves; system: the portal. */
  source: z.enum(['desk', 'exchange', 'dealer', 'system']),
  /** The manager's or dealer's name, «Обмен с 1С», or «Портал». */
  author: z.string(),
  /** What changed, one sentence per change. */
  lines: z.array(z.string()),
  /** The note left for the dealer, if any. */
  note: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;
