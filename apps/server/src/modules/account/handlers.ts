import type { accountMethods } from '@portal/contract';
import { requireActor, type Handlers } from '../../rest/context.js';
import { downloadPath, reuseGenerated } from '../files/index.js';
import { readSupplier } from '../settings/index.js';
import * as r from './reads.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The account's methods (decision 200): settlements, ledger, акт сверки, shipments and documents. */
export const accountHandlers: Handlers<typeof accountMethods> = {
  async 'settlement/list'(input, ctx) {
    return { items: await r.settlements(ctx.db, requireActor(ctx), input?.counterparty, input?.user) };
  },
  async 'settlement/ledger'(input, ctx) {
    return r.ledger(ctx.db, requireActor(ctx), input);
  },
  async 'settlement/act'(input, ctx) {
    const actor = requireActor(ctx);
    const act = await r.act(ctx.db, actor, input);
    const supplier = (await readSupplier(ctx.db)).name;
    if (!input.xlsx) return { ...act, supplier, file: null };
    // The same act (in this language) gives the stored file again (decision 068).
    const row = await reuseGenerated(
      ctx.storage,
      ctx.db,
      actor.id,
      {
        name: `akt-sverki-${input.from}-${input.to}.xlsx`,
        contentType: XLSX,
        kind: `act:${act.counterparty.id}`,
        source: [ctx.language, supplier, act],
      },
      () => r.actWorkbook({ ...act }, supplier, ctx.language),
    );
    const file = { id: row.id, name: row.name, size: row.size, contentType: row.content_type, src: downloadPath(row) };
    return { ...act, supplier, file };
  },
  async 'shipment/list'(input, ctx) {
    return r.documents(ctx.db, requireActor(ctx), { ...input.filter, kinds: ['shipment'] }, input);
  },
  async 'document/list'(input, ctx) {
    const { type, ...filter } = input.filter ?? {};
    return r.documents(ctx.db, requireActor(ctx), { ...filter, kinds: type ? [type] : undefined }, input);
  },
  async 'document/file'(input, ctx) {
    const actor = requireActor(ctx);
    const file = await r.documentFile(ctx.db, actor, input.id);
    // Handed over as the caller's copy in the files storage, so the one download route serves it.
    const row = await reuseGenerated(
      ctx.storage,
      ctx.db,
      actor.id,
      {
        name: file.name,
        contentType: file.content_type,
        kind: `account-file:${file.id}`,
        source: [file.id, file.size],
      },
      async () => file.data,
    );
    return { id: file.id, name: row.name, size: row.size, contentType: row.content_type, src: downloadPath(row) };
  },
};
