import type { FastifyInstance } from 'fastify';
import type { RestDeps } from '../../rest/dispatcher.js';
import { loadActor } from '../auth/index.js';
import { SESSION_COOKIE } from '../../sessions/session-store.js';
import { AppError } from '../../rest/app-error.js';
import { contentDisposition, findOpenableFile, readStored, SAFE_INLINE } from './storage.js';

/**
 * GET /files/{id}/download and /files/{id}/preview: the session cookie decides who may open a file (links
 * in <img> and <a> carry no sessid). Served with nosniff, and as an attachment unless a known-safe image.
 */
export function registerFileRoutes(app: FastifyInstance, deps: RestDeps): void {
  app.get<{ Params: { id: string; kind: string } }>('/files/:id/:kind', async (request, reply) => {
    const { id, kind } = request.params;
    const notFound = () => reply.code(404).header('x-content-type-options', 'nosniff').send({ error: 'NOT_FOUND' });
    if (!/^\d{1,9}$/.test(id) || (kind !== 'download' && kind !== 'preview')) return notFound();
    const session = await deps.sessions.find(request.cookies[SESSION_COOKIE]);
    const actor = session?.userId ? await loadActor(deps.db, session.userId) : null;
    if (!actor) return reply.code(401).send({ error: 'UNAUTHORIZED' });
    const row = await findOpenableFile(deps.db, actor, Number(id));
    if (!row) return notFound();
    const key = kind === 'preview' ? row.preview_key : row.storage_key;
    if (!key) return notFound();
    let data: Buffer;
    try {
      data = await readStored(deps.storage, key);
    } catch (err) {
      if (err instanceof AppError) return notFound();
      throw err;
    }
    const inline = SAFE_INLINE.has(row.content_type);
    return reply
      .header(
        'content-type',
        inline || row.content_type !== 'text/plain' ? row.content_type : 'text/plain; charset=utf-8',
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.name))
      .send(data);
  });
}
