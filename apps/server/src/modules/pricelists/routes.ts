import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRICE_LIST_FORMATS, productFilterSchema, type PriceListFormat } from '@portal/contract';
import type { RestDeps } from '../../rest/dispatcher.js';
import { describeFields, fieldsOf } from '../../rest/zod-errors.js';
import { SESSION_COOKIE } from '../../sessions/session-store.js';
import { loadActor, type Actor } from '../auth/index.js';
import { priceListFilter, sectionSubtree, type PriceListFilter } from '../catalog/index.js';
import { StorageNotFound } from '../../storage/index.js';
import { readyPriceListFile, useLink } from './queries.js';
import { priceListStream } from './stream.js';
import { hashLinkToken } from './tokens.js';
import { CONTENT_TYPES } from './writers.js';

interface Query {
  format?: string;
  section?: string;
  inStock?: string;
  /** The catalogue screen's filter keys (`F_BRAND`, `F_PRICE_MAX`, `search`, …), as its address carries them. */
  [filterKey: string]: string | string[] | undefined;
}

/** The price list's own parameters; every other one is a filter key of product/list (decision 214). */
const OWN_PARAMETERS = new Set(['format', 'section', 'inStock']);

const isFormat = (f: string | undefined): f is PriceListFormat => PRICE_LIST_FORMATS.includes(f as PriceListFormat);

const badRequest = (reply: FastifyReply, message: string) =>
  reply.code(400).send({ error: 'VALIDATION', error_description: message });

async function send(
  deps: RestDeps,
  request: FastifyRequest<{ Querystring: Query }>,
  reply: FastifyReply,
  actor: Actor,
  format: PriceListFormat,
) {
  const { section, inStock } = request.query;
  let sectionIds: number[] | null = null;
  if (section !== undefined && section !== '') {
    if (!/^\d{1,9}$/.test(section)) return badRequest(reply, 'Раздел указан неверно');
    sectionIds = await sectionSubtree(deps.db, Number(section));
    if (!sectionIds) return reply.code(404).send({ error: 'NOT_FOUND', error_description: 'Раздел не найден' });
  }
  if (inStock !== undefined && inStock !== '0' && inStock !== '1') {
    return badRequest(reply, 'Параметр inStock: 0 или 1');
  }
  // The current catalogue filter, read by product/list's own schema: an unknown key or a bad value is a 400.
  const keys = Object.entries(request.query).filter(([key]) => !OWN_PARAMETERS.has(key));
  let filter: PriceListFilter | null = null;
  if (keys.length > 0) {
    const parsed = productFilterSchema.safeParse(Object.fromEntries(keys));
    if (!parsed.success) {
      const fields = fieldsOf(parsed.error, 'ru');
      return reply.code(400).send({ error: 'VALIDATION', error_description: describeFields(fields, 'ru'), fields });
    }
    if (parsed.data.category !== undefined || parsed.data.id !== undefined) {
      return badRequest(reply, 'Раздел задаётся параметром section');
    }
    filter = await priceListFilter(deps.db, parsed.data);
  }
  const stream = await priceListStream(
    deps.db,
    actor,
    { format, sectionIds, inStock: inStock === '1', filter },
    { name: 'Дилерский портал', url: `${request.protocol}://${request.host}/` },
  );
  const name = `price-list-${new Date().toISOString().slice(0, 10)}.${format}`;
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(stream);
}

/**
 * GET /pricelist/download (the session cookie decides, like the files routes) and GET /pricelist/{token}.{format}
 * (a secret link, no sign-in: as the link's dealer; a revoked, expired or unknown link answers 404). Decision 212.
 */
export function registerPriceListRoutes(app: FastifyInstance, deps: RestDeps): void {
  app.get<{ Querystring: Query }>('/pricelist/download', async (request, reply) => {
    const session = await deps.sessions.find(request.cookies[SESSION_COOKIE]);
    const actor = session?.userId ? await loadActor(deps.db, session.userId) : null;
    if (!actor) return reply.code(401).send({ error: 'UNAUTHORIZED', error_description: 'Войдите в портал' });
    const format = request.query.format ?? 'xlsx';
    if (!isFormat(format)) return badRequest(reply, 'Формат прайс-листа: xlsx, csv или yml');
    return send(deps, request, reply, actor, format);
  });

  // A file built by a job (decision 232): its owner's session only, until it expires; anything else is 404.
  app.get<{ Params: { id: string } }>('/pricelist/jobs/:id', async (request, reply) => {
    const session = await deps.sessions.find(request.cookies[SESSION_COOKIE]);
    const actor = session?.userId ? await loadActor(deps.db, session.userId) : null;
    if (!actor) return reply.code(401).send({ error: 'UNAUTHORIZED', error_description: 'Войдите в портал' });
    const notFound = () =>
      reply.code(404).send({ error: 'NOT_FOUND', error_description: 'Прайс-лист не найден или срок ссылки истёк' });
    if (!/^\d{1,9}$/.test(request.params.id)) return notFound();
    const row = await readyPriceListFile(deps.db, actor.id, Number(request.params.id));
    if (!row?.storage_key) return notFound();
    const format = row.format as PriceListFormat;
    const body = await deps.storage.open(row.storage_key).catch((err: unknown) => {
      if (err instanceof StorageNotFound) return null;
      throw err;
    });
    if (!body) return notFound();
    const name = `price-list-${new Date(row.created_at).toISOString().slice(0, 10)}.${format}`;
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-length', String(row.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(body);
  });

  app.get<{ Params: { file: string }; Querystring: Query }>('/pricelist/:file', async (request, reply) => {
    const notFound = () => reply.code(404).send({ error: 'NOT_FOUND', error_description: 'Ссылка не найдена' });
    const match = /^(dpl_[A-Za-z0-9_-]{43})\.(xlsx|csv|yml)$/.exec(request.params.file);
    if (!match) return notFound();
    const userId = await useLink(deps.db, hashLinkToken(match[1]!));
    const actor = userId === null ? null : await loadActor(deps.db, userId);
    if (!actor) return notFound();
    return send(deps, request, reply, actor, match[2] as PriceListFormat);
  });
}
