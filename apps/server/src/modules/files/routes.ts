import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { SESSION_COOKIE, type SessionStore } from '../../sessions/session-store.js';
import { basketTemplate } from '../baskets/spreadsheet.js';
import { readStoredFile } from './storage.js';

const SAFE_INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export const contentDisposition = (kind: 'attachment' | 'inline', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * GET downloads beside /rest/: the blank basket template (spec §3) and stored files, the latter only for
 * their owner's session (another user's file is a 404, like a missing one).
 */
export function registerFileRoutes(app: FastifyInstance, deps: { db: Db; config: Config; sessions: SessionStore }) {
  let template: Buffer | null = null;
  app.get('/upload/main/templateBasket.xlsx', async (_request, reply) => {
    template ??= await basketTemplate();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition('attachment', 'templateBasket.xlsx'))
      .header('x-content-type-options', 'nosniff')
      .send(template);
  });
  app.get<{ Params: { key: string; name: string } }>('/upload/files/:key/:name', async (request, reply) => {
    const session = await deps.sessions.find(request.cookies[SESSION_COOKIE]);
    const row = session?.userId
      ? await deps.db
          .selectFrom('files')
          .selectAll()
          .where('storage_key', '=', request.params.key)
          .where('user_id', '=', session.userId)
          .executeTakeFirst()
      : undefined;
    if (!row) return reply.code(404).send({ error: 'NOT_FOUND', error_description: 'Не найдено' });
    const data = await readStoredFile(deps.config, row.storage_key);
    return reply
      .header('content-type', row.content_type)
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-disposition',
        contentDisposition(SAFE_INLINE.has(row.content_type) ? 'inline' : 'attachment', row.name),
      )
      .send(data);
  });
}
