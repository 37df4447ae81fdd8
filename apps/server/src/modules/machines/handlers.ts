import { MAX_MACHINES, type Machine, type machineMethods } from '@portal/contract';
import { AppError, invalidFields } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { isStaff } from '../auth/index.js';
import { isMachineModel, machineModelValues } from '../catalog/index.js';
import * as q from './queries.js';

const notFound = () => new AppError('NOT_FOUND', 'error.machineNotFound');

export function machineView(r: q.MachineRow): Machine {
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    model: r.model,
    serial: r.serial,
    year: r.year,
    dateCreate: new Date(r.created_at).toISOString(),
    dateUpdate: new Date(r.updated_at).toISOString(),
  };
}

/** A model must be a value of the catalogue's machine-model facet, else «для моей техники» would find nothing. */
async function refuseUnknownModel(ctx: RestContext, model: string | undefined): Promise<void> {
  if (model !== undefined && !(await isMachineModel(ctx.db, model))) {
    throw invalidFields(ctx.language, { model: 'validation.machineModel' });
  }
}

export const machinesHandlers: Handlers<typeof machineMethods> = {
  async 'machine/list'(input, ctx) {
    const actor = requireActor(ctx);
    // A dealer sees their own machines whatever they ask for; staff see one dealer's, or everyone's.
    const userId = isStaff(actor) ? (input.filter?.userId ?? null) : actor.id;
    const { count, rows } = await q.listMachines(ctx.db, userId, input);
    return { count, items: rows.map(machineView) };
  },

  async 'machine/get'(input, ctx) {
    const actor = requireActor(ctx);
    const row = isStaff(actor) ? await q.machineById(ctx.db, input.id) : await q.ownMachine(ctx.db, actor.id, input.id);
    if (!row) throw notFound();
    return machineView(row);
  },

  async 'machine/models'(_input, ctx) {
    requireActor(ctx);
    return { items: await machineModelValues(ctx.db) };
  },

  async 'machine/create'(input, ctx) {
    const actor = requireActor(ctx);
    await refuseUnknownModel(ctx, input.model);
    const row = await inTransaction(ctx, async (trx) => {
      if ((await q.countMachinesLocked(trx, actor.id)) >= MAX_MACHINES) {
        throw new AppError('CONFLICT', 'error.machineTooMany', { args: [MAX_MACHINES] });
      }
      return q.insertMachine(trx, { userId: actor.id, ...input });
    });
    return machineView(row);
  },

  async 'machine/update'(input, ctx) {
    const actor = requireActor(ctx);
    const { id, ...values } = input;
    await refuseUnknownModel(ctx, values.model);
    const row = await q.updateMachine(ctx.db, actor.id, id, values);
    if (!row) throw notFound();
    return machineView(row);
  },

  async 'machine/delete'(input, ctx) {
    const actor = requireActor(ctx);
    if (!(await q.deleteMachine(ctx.db, actor.id, input.id))) throw notFound();
    return { ok: true };
  },
};
