import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RestDeps } from '../rest/dispatcher.js';
import { sessionOf } from '../rest/dispatcher.js';
import { readSiteSettings } from '../modules/settings/index.js';

/** JSON inside a <script type="application/json"> block: `<` escaped so no text can close the tag. */
const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');

/**
 * Serves the built web app: hashed assets for a year, and index.html for every other GET with
 * `{sessid, settings}` written in as data (not script, so the CSP needs no exception).
 */
export async function registerWeb(app: FastifyInstance, deps: RestDeps, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built: ${indexFile} is missing (run npm run build)`);
  const template = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (brotli 11): sent as they are, never compressed again.
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessionOf(request, reply, deps);
    const settings = await readSiteSettings(deps.db, deps.config);
    const data = `<script id="portal-config" type="application/json">${safeJson({ sessid: session.sessid, settings })}</script>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(template.replace('<!--portal-config-->', data));
  };

  app.get('/', serveIndex);
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A missing asset is a 404, not the app: a stale tab must not parse HTML as JavaScript.
    if (url.startsWith('/assets/') || url.startsWith('/rest/') || /\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.callNotFound();
    }
    return serveIndex(request, reply);
  });
}
