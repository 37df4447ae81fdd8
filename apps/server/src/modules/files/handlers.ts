import type { fileMethods } from '@portal/contract';
import { AppError } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { ownFile, saveFile, toPortalFile } from './storage.js';

export const fileHandlers: Handlers<typeof fileMethods> = {
  async 'files/save'(_input, ctx) {
    const actor = requireActor(ctx);
    if (ctx.files.length === 0) throw new AppError('VALIDATION', 'error.fileRequired');
    const items = [];
    for (const file of ctx.files) items.push(toPortalFile(await saveFile(ctx.config, ctx.db, actor.id, file)));
    return { items };
  },
  async 'files/get'(input, ctx) {
    return toPortalFile(await ownFile(ctx.db, requireActor(ctx).id, input.id));
  },
};
