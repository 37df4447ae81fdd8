import type { FastifyInstance } from 'fastify';
import type { RestDeps } from '../../rest/dispatcher.js';
import { CONTENT_PICTURE_PREFIX } from './admin.js';

const TYPES = new Map([
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
]);

/**
 * GET /upload/content/{name}: a picture an administrator uploaded for news, banners, warehouses, contacts or
 * the logo. Public like the content it illustrates (a news item opens by a shared link without signing in);
 * the name is random, so the answer never changes and is cached for a year.
 */
export function registerContentPictureRoute(app: FastifyInstance, deps: RestDeps): void {
  app.get<{ Params: { name: string } }>('/upload/content/:name', async (request, reply) => {
    const m = /^[a-f0-9]{32}\.(jpg|png|webp)$/.exec(request.params.name);
    const type = m ? TYPES.get(m[1]!) : undefined;
    if (!m || !type) return reply.code(404).header('x-content-type-options', 'nosniff').send({ error: 'NOT_FOUND' });
    let data: Buffer;
    try {
      data = await deps.storage.get(`${CONTENT_PICTURE_PREFIX}/${request.params.name}`);
    } catch {
      return reply.code(404).header('x-content-type-options', 'nosniff').send({ error: 'NOT_FOUND' });
    }
    return reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(data);
  });
}
