import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RestDeps } from '../../rest/dispatcher.js';
import { checkStoredExchangeUser } from '../settings/index.js';
import { beginSignIn } from '../throttle/index.js';
import { basicCredentials, rightCredentials } from './auth.js';
import { appendPart, cleanExchangeName, ExchangeFailure, PICTURE_CONTENT_TYPE, PICTURE_KEY_PREFIX } from './files.js';
import { exchangeDepsOf, importByJob } from './jobs.js';
import { recordSaleRun, setSalePending } from './protocol-queries.js';
import { createSession, endSession, findSession, type SessionRow } from './queries.js';
import type { ExchangeDeps } from './deps.js';
import { endOfSession, importStep, type Answer } from './run.js';
import { deliverOrders, queryOrders } from './sale.js';
import { exchangeStore } from './store.js';

/**
 * `/exchange/1c`: the «Обмен с сайтом» protocol of 1C (decision 090). Answers are plain text lines
 * (`success` / `progress` / `failure` and a reason), except `type=sale&mode=query`, which answers a
 * CommerceML document. The session travels in a cookie named by `checkauth` (or as `sessid`).
 */

export const EXCHANGE_COOKIE = 'PORTAL_EXCHANGE';

type Query = { type?: string; mode?: string; filename?: string; sessid?: string };

export function exchangeDeps(app: FastifyInstance, deps: RestDeps): ExchangeDeps {
  return exchangeDepsOf(
    deps.db,
    { config: deps.config, storage: deps.storage, mailer: deps.mailer, engine: app.portal.database.kind },
    app.log,
  );
}

export function registerExchangeRoutes(app: FastifyInstance, deps: RestDeps): void {
  void app.register(async (scope) => {
    // 1C sends a file's bytes with whatever content type it likes: every body is bytes here, and a piece
    // may be as large as the file_limit announced by init.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: deps.config.exchange.fileLimitBytes + 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const handler = (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) =>
      handle(exchangeDeps(app, deps), request, reply);
    for (const url of ['/exchange/1c', '/bitrix/admin/1c_exchange.php']) {
      scope.get(url, handler);
      scope.post(url, handler);
    }
  });
}

function text(reply: FastifyReply, status: number, lines: string[]) {
  return reply
    .code(status)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`${lines.join('\n')}\n`);
}

const answer = (reply: FastifyReply, a: Answer) =>
  text(reply, 200, a.message ? [a.kind, oneLine(a.message)] : [a.kind]);
const failure = (reply: FastifyReply, status: number, reason: string) =>
  text(reply, status, ['failure', oneLine(reason)]);
const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, ' ').slice(0, 1000);

async function handle(deps: ExchangeDeps, request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) {
  const { type = '', mode = '' } = request.query;
  if (type !== 'catalog' && type !== 'sale') return failure(reply, 400, 'Неизвестный тип обмена (type)');
  try {
    if (mode === 'checkauth') return await checkauth(deps, request, reply);
    const session = await findSession(deps.db, request.cookies[EXCHANGE_COOKIE] ?? request.query.sessid);
    if (!session || session.ended_at) return failure(reply, 401, 'Не выполнена авторизация (mode=checkauth)');
    switch (mode) {
      case 'init':
        return text(reply, 200, ['zip=yes', `file_limit=${deps.config.exchange.fileLimitBytes}`]);
      case 'file':
        return await receiveFile(deps, session, type, request, reply);
      case 'import': {
        const name = cleanExchangeName(request.query.filename);
        // A catalogue file is imported by a job (decision 135); this call and the next follow it. An orders
        // document is small and 1C waits on its answer: it is applied here, in bounded steps (decision 096).
        if (type === 'catalog') return answer(reply, await importByJob(deps, session, type, name));
        return answer(
          reply,
          await importStep(deps, session, type, name, { deadline: Date.now() + deps.config.exchange.stepMs }),
        );
      }
      case 'deactivate':
      case 'complete': {
        const done = await endOfSession(deps, session);
        if (mode === 'complete') await endSession(deps.db, session.id);
        return answer(reply, done);
      }
      case 'query':
        if (type !== 'sale') break;
        return await query(deps, session, reply);
      case 'success':
        if (type !== 'sale') return text(reply, 200, ['success']);
        return await saleSuccess(deps, session, reply);
    }
    return failure(reply, 400, `Неизвестный режим обмена: ${mode.slice(0, 50)}`);
  } catch (err) {
    if (err instanceof ExchangeFailure) return failure(reply, 200, err.message);
    request.log.error({ err }, 'exchange call failed');
    return failure(reply, 500, 'Внутренняя ошибка сервера');
  }
}

async function checkauth(deps: ExchangeDeps, request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) {
  const credentials = basicCredentials(request.headers.authorization);
  // Counted before the password is checked (the portal's one throttle, decision 050), like sign-in.
  const verdict = await beginSignIn(deps.db, {
    scope: 'exchange',
    login: credentials?.login ?? '',
    ip: request.ip,
    withCode: false,
  });
  if (!verdict.allowed) {
    reply.header('retry-after', String(verdict.retryAfter));
    return failure(reply, 429, `Слишком много попыток входа, повторите через ${verdict.retryAfter} с`);
  }
  // Never WWW-Authenticate (docs/design.md §8): 1C sends its credentials unasked.
  // A user set on the settings page (decision 120) wins over EXCHANGE_LOGIN / EXCHANGE_PASSWORD.
  const stored = credentials ? await checkStoredExchangeUser(deps.db, credentials.login, credentials.password) : null;
  const right =
    stored ?? (credentials ? rightCredentials(deps.config.exchange, credentials.login, credentials.password) : false);
  if (!credentials || !right) {
    return failure(
      reply,
      401,
      deps.config.exchange.login || stored !== null
        ? 'Неверный логин или пароль'
        : 'Обмен с 1С не настроен (EXCHANGE_LOGIN)',
    );
  }
  await verdict.succeeded();
  const { token } = await createSession(deps.db, '1c', request.ip);
  reply.setCookie(EXCHANGE_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax' });
  return text(reply, 200, [
    'success',
    EXCHANGE_COOKIE,
    token,
    `sessid=${token}`,
    `timestamp=${Math.floor(Date.now() / 1000)}`,
  ]);
}

async function receiveFile(
  deps: ExchangeDeps,
  session: SessionRow,
  type: 'catalog' | 'sale',
  request: FastifyRequest<{ Querystring: Query }>,
  reply: FastifyReply,
) {
  const name = cleanExchangeName(request.query.filename);
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  await appendPart(deps.db, deps.store, session.id, name, body, deps.config.exchange.maxFileBytes);
  if (type === 'sale' && /\.xml$/i.test(name)) {
    // Older 1C sends its orders document with mode=file only: it is processed here when it is whole
    // (a later piece of the same file, or mode=import, finds it done). An orders document is small; it gets
    // a few steps in this call, since such a 1C never asks again.
    const until = Date.now() + Math.max(deps.config.exchange.stepMs * 10, 20_000);
    let result: Answer;
    do {
      result = await importStep(deps, session, 'sale', name, {
        deadline: Math.min(until, Date.now() + deps.config.exchange.stepMs),
        saleOnFile: true,
      });
    } while (result.kind === 'progress' && Date.now() < until);
    if (result.kind === 'failure') return answer(reply, result);
  }
  return text(reply, 200, ['success']);
}

async function query(deps: ExchangeDeps, session: SessionRow, reply: FastifyReply) {
  const { xml, pending } = await queryOrders(deps.db);
  await setSalePending(deps.db, session.id, pending);
  return reply
    .code(200)
    .header('content-type', 'application/xml; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(xml);
}

async function saleSuccess(deps: ExchangeDeps, session: SessionRow, reply: FastifyReply) {
  const pending = session.sale_pending?.orders ?? [];
  const delivered = await deliverOrders(deps.db, pending);
  await setSalePending(deps.db, session.id, null);
  await recordSaleRun(deps.db, session.id, delivered);
  return text(reply, 200, ['success']);
}

/** GET /upload/catalog/{hash}.{ext}: a catalogue picture 1C sent (named by its content, cached for good). */
export function registerPictureRoute(app: FastifyInstance, deps: RestDeps): void {
  app.get<{ Params: { name: string } }>('/upload/catalog/:name', async (request, reply) => {
    const m = /^([a-f0-9]{40})\.(jpg|png|webp|gif)$/.exec(request.params.name);
    const type = m ? PICTURE_CONTENT_TYPE.get(m[2]!) : undefined;
    if (!m || !type) return reply.code(404).send({ error: 'NOT_FOUND' });
    let data: Buffer;
    try {
      data = await exchangeStore(deps.storage).get(`${PICTURE_KEY_PREFIX}/${request.params.name}`);
    } catch {
      return reply.code(404).send({ error: 'NOT_FOUND' });
    }
    return reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(data);
  });
}
