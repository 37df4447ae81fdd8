import type { filesMethods } from '@portal/contract';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { deleteFileRow, listOwn, ownFileRow } from './queries.js';
import { findOpenableFile, isFileInUse, removeStored, saveUploads, toFileView } from './storage.js';

export const filesHandlers: Handlers<typeof filesMethods> = {
  /** The caller's own uploads. */
  async 'files/list'(input, ctx) {
    const actor = requireActor(ctx);
    const top = input.id === undefined ? undefined : Array.isArray(input.id) ? input.id : [input.id];
    const ids =
      top && input.filter?.id ? top.filter((id) => input.filter!.id!.includes(id)) : (top ?? input.filter?.id);
    if (ids && ids.length === 0) return { count: 0, items: [] };
    const sortName = input.sort?.NAME === 'ASC' ? 'asc' : input.sort?.NAME === 'DESC' ? 'desc' : undefined;
    const { count, rows } = await listOwn(ctx.db, actor.id, {
      ids,
      ...(sortName ? { sortName } : {}),
      sortId: input.sort?.ID === 'ASC' ? 'asc' : 'desc',
      size: input.size,
      page: input.page,
    });
    return { count, items: rows.map(toFileView) };
  },

  async 'files/get'(input, ctx) {
    const row = await findOpenableFile(ctx.db, requireActor(ctx), input.id);
    if (!row) throw notFound();
    return toFileView(row);
  },

  async 'files/save'(_input, ctx) {
    const rows = await saveUploads(ctx.db, ctx.storage, ctx.config, requireActor(ctx), ctx.files);
    return { items: rows.map(toFileView) };
  },

  /** Only the owner deletes, and not while a return or comment shows the file. */
  async 'files/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await ownFileRow(ctx.db, actor.id, input.id);
    if (!row) throw notFound();
    if (await isFileInUse(ctx.db, row.id)) throw new AppError('CONFLICT', 'error.fileInUse');
    await deleteFileRow(ctx.db, row.id);
    await removeStored(ctx.storage, row);
    return { ok: true as const };
  },
};
