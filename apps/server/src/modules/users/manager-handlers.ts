import type { managerMethods } from '@portal/contract';
import { AppError } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import {
  companyManagersOf,
  countManagedDealers,
  isActiveEmployee,
  isDealer,
  isStaff,
  managerCandidates,
  managerOf,
  setManager,
  userById,
} from '../auth/index.js';
import { counterpartyById, setCompanyManager } from '../companies/index.js';
import { orderForReturn } from '../orders/index.js';

/**
 * A personal manager per dealer and per company (decisions 199 and 227). A dealer reads only their
 * own manager (`manager/get` takes no dealer id; with `orderId`, one of their own orders'); staff read any
 * dealer's on the user card; administrators assign.
 */
export const managerHandlers: Handlers<typeof managerMethods> = {
  async 'manager/get'(input, ctx) {
    const actor = requireActor(ctx);
    const dealers = isStaff(actor) ? await countManagedDealers(ctx.db, actor.id) : 0;
    if (input?.orderId !== undefined) {
      // The order's manager: its company's own, else the dealer's. A dealer names only an order of theirs.
      if (!isDealer(actor) && !isStaff(actor)) throw new AppError('NOT_FOUND', 'error.notFound');
      const order = await orderForReturn(ctx.db, input.orderId, isStaff(actor) ? null : actor.id);
      if (!order) throw new AppError('NOT_FOUND', 'error.notFound');
      return { manager: await managerOf(ctx.db, order.user_id, order.counterparty_id), dealers };
    }
    if (isDealer(actor)) return { manager: await managerOf(ctx.db, actor.id), dealers: 0 };
    return { manager: null, dealers };
  },

  async 'manager/of'(input, ctx) {
    const user = await userById(ctx.db, input.userId);
    if (!user) throw new AppError('NOT_FOUND', 'error.notFound');
    return {
      manager: await managerOf(ctx.db, user.id),
      companies: await companyManagersOf(ctx.db, user.id),
    };
  },

  async 'manager/candidates'(_input, ctx) {
    return { items: await managerCandidates(ctx.db) };
  },

  async 'manager/set'(input, ctx) {
    return ctx.db.transaction().execute(async (trx) => {
      const user = await userById(trx, input.userId);
      if (!user) throw new AppError('NOT_FOUND', 'error.notFound');
      if (!user.groups.includes('DEALERS')) throw new AppError('VALIDATION', 'error.managerNotDealer');
      if (input.managerId !== null && !(await isActiveEmployee(trx, input.managerId)))
        throw new AppError('VALIDATION', 'error.managerNotEmployee');
      const before = await setManager(trx, user.id, input.managerId);
      await recordAudit(trx, ctx, {
        entity: 'user',
        id: user.id,
        action: 'manager',
        before: { managerId: before },
        after: { managerId: input.managerId },
      });
      return { manager: await managerOf(trx, user.id) };
    });
  },

  async 'manager/set-company'(input, ctx) {
    return ctx.db.transaction().execute(async (trx) => {
      const company = await counterpartyById(trx, input.counterpartyId);
      if (!company) throw new AppError('NOT_FOUND', 'error.notFound');
      if (input.managerId !== null && !(await isActiveEmployee(trx, input.managerId)))
        throw new AppError('VALIDATION', 'error.managerNotEmployee');
      const before = await setCompanyManager(trx, company.id, input.managerId);
      await recordAudit(trx, ctx, {
        entity: 'counterparty',
        id: company.id,
        action: 'manager',
        before: { managerId: before },
        after: { managerId: input.managerId },
      });
      // The company's manager as its orders now see it: its own, or the dealer's when none.
      return { manager: await managerOf(trx, company.user_id, company.id) };
    });
  },
};
