import type { managerMethods } from '@portal/contract';
import { AppError } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import {
  countManagedDealers,
  isActiveEmployee,
  isDealer,
  isStaff,
  managerCandidates,
  managerOf,
  setManager,
  userById,
} from '../auth/index.js';

/**
 * A personal manager per dealer (decision 199). A dealer reads only their own manager (`manager/get` takes no
 * id); staff read any dealer's on the user card; administrators assign.
 */
export const managerHandlers: Handlers<typeof managerMethods> = {
  async 'manager/get'(_input, ctx) {
    const actor = requireActor(ctx);
    if (isDealer(actor)) return { manager: await managerOf(ctx.db, actor.id), dealers: 0 };
    return { manager: null, dealers: isStaff(actor) ? await countManagedDealers(ctx.db, actor.id) : 0 };
  },

  async 'manager/of'(input, ctx) {
    const user = await userById(ctx.db, input.userId);
    if (!user) throw new AppError('NOT_FOUND', 'error.notFound');
    return { manager: await managerOf(ctx.db, user.id) };
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
};
