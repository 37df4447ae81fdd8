import type { deskMethods } from '@portal/contract';
import type { Handlers } from '../../rest/context.js';
import { countUsersAwaitingApproval } from '../auth/index.js';
import { countAppealsWaiting } from '../forms/index.js';
import { countNewOrders, countOrdersWithPendingCorrections, countProblemOrders } from '../orders/index.js';
import { countReturnsWaiting } from '../returns/index.js';
import { countWishesWaiting } from '../wishes/index.js';

/**
 * The admin dashboard's counts of what waits for staff. It reads registrations, appeals, returns, requests and
 * orders at once, so it lives on the top floor, above every module it counts (docs/architecture.md, "Floors").
 */
export const deskHandlers: Handlers<Pick<typeof deskMethods, 'desk/summary'>> = {
  async 'desk/summary'(_input, ctx) {
    const db = ctx.db;
    const [registrations, appeals, returns, requests, problemOrders, pendingCorrections, newOrders] = await Promise.all(
      [
        countUsersAwaitingApproval(db),
        countAppealsWaiting(db),
        countReturnsWaiting(db),
        countWishesWaiting(db),
        countProblemOrders(db),
        countOrdersWithPendingCorrections(db),
        countNewOrders(db),
      ],
    );
    return { registrations, appeals, returns, requests, problemOrders, pendingCorrections, newOrders };
  },
};
