import type { filesMethods } from '@portal/contract';
import { sql } from 'kysely';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { findOpenableFile, isFileInUse, removeStored, saveUploads, toFileView } from './storage.js';

export const filesHandlers: Handlers<typeof filesMethods> = {
  /** The caller's own uploads. */
  async 'files/list'(input, ctx) {
    const actor = requireActor(ctx);
    let q = ctx.db.selectFrom('files').where('user_id', '=', actor.id);
    if (input.filter?.id) {
      if (input.filter.id.length === 0) return { count: 0, items: [] };
      q = q.where('id', 'in', input.filter.id);
    }
    const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const dir = input.sort?.NAME === 'ASC' ? 'asc' : input.sort?.NAME === 'DESC' ? 'desc' : undefined;
    let rows = q.selectAll();
    rows = dir ? rows.orderBy('name', dir) : rows.orderBy('id', input.sort?.ID === 'ASC' ? 'asc' : 'desc');
    if (input.size !== -1) rows = rows.limit(input.size).offset((input.page - 1) * input.size);
    return { count: Number(n), items: (await rows.execute()).map(toFileView) };
  },

  async 'files/get'(input, ctx) {
    const row = await findOpenableFile(ctx.db, requireActor(ctx), input.id);
    if (!row) throw notFound();
    return toFileView(row);
  },

  async 'files/save'(_input, ctx) {
    const rows = await saveUploads(ctx.db, ctx.config, requireActor(ctx), ctx.files);
    return { items: rows.map(toFileView) };
  },

  /** Only the owner deletes, and not while a return or comment shows the file. */
  async 'files/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await ctx.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', input.id)
      .where('user_id', '=', actor.id)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (await isFileInUse(ctx.db, row.id)) throw new AppError('CONFLICT', 'error.fileInUse');
    await ctx.db.deleteFrom('files').where('id', '=', row.id).execute();
    await removeStored(ctx.config, row);
    return { ok: true as const };
  },
};
