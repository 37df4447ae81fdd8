import { ERROR_STATUS, translate, type ErrorEnvelope, type Language } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    portalLanguage?: Language;
  }
}

const DB_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

function isDatabaseDown(err: { code?: string; message?: string }): boolean {
  return (
    (err.code !== undefined && DB_UNAVAILABLE.has(err.code)) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      err.message ?? '',
    )
  );
}

/** How much of a body over the limit is read and thrown away after the 413, and for how long (decision 189). */
const DRAIN_BYTES = 8 * 1024 * 1024;
const DRAIN_MS = 30_000;

/**
 * A body over the limit is answered before it is read (Fastify checks Content-Length first, a chunked body
 * when it passes the limit). Fastify then asks to close the connection while the upload is still arriving,
 * and a client still sending gets a reset instead of the 413. So the connection is kept and the rest of the
 * body read and dropped, up to DRAIN_BYTES and DRAIN_MS; past either the answer is already out, and the
 * connection is ended (decision 189).
 */
function drainOverLimitBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  reply.removeHeader('connection');
  if (raw.complete) return;
  let drained = 0;
  const giveUp = () => {
    clearTimeout(timer);
    raw.removeListener('data', count);
    // FIN after the answer (a client reading sees it whole), then the socket goes once the client had time.
    raw.socket.end();
    setTimeout(() => raw.socket.destroy(), 2000).unref();
  };
  const count = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) giveUp();
  };
  const timer = setTimeout(giveUp, DRAIN_MS);
  timer.unref();
  raw.on('data', count);
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

/** Anything that is not an AppError, as the envelope it is answered with. */
function envelopeOfUnexpected(err: FastifyError, language: Language): { status: number; body: ErrorEnvelope } | null {
  const code = err.code ?? '';
  if (
    code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT' ||
    err.statusCode === 413
  ) {
    return {
      status: 413,
      body: { error: 'PAYLOAD_TOO_LARGE', error_description: translate(language, 'error.payloadTooLarge') },
    };
  }
  if (
    code.startsWith('FST_ERR_CTP') ||
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    err instanceof SyntaxError ||
    (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500)
  ) {
    return { status: 400, body: { error: 'VALIDATION', error_description: translate(language, 'error.malformed') } };
  }
  // Text the database cannot store (U+0000) that got past the input schemas (a header, a path): the caller's
  // input, not our fault (decision 052).
  if (code === '22021' || code === '22P05') {
    return {
      status: 400,
      body: { error: 'VALIDATION', error_description: translate(language, 'validation.controlCharacter') },
    };
  }
  if (isDatabaseDown(err)) {
    return { status: 503, body: { error: 'UNAVAILABLE', error_description: translate(language, 'error.unavailable') } };
  }
  return null;
}

/** The one place that turns errors into `{error, error_description}`; internals never reach the body. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.portalLanguage ?? (request.headers['x-language'] === 'en' ? 'en' : 'ru');
    if (err instanceof AppError) {
      const body: ErrorEnvelope = {
        error: err.code,
        error_description: translate(language, err.message, ...(err.extra.args ?? [])),
        ...(err.extra.fields ? { fields: err.extra.fields } : {}),
        ...(err.extra.sessid ? { sessid: err.extra.sessid } : {}),
        ...(err.extra.retryAfter !== undefined ? { retryAfter: err.extra.retryAfter } : {}),
      };
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      if (err.extra.retryAfter !== undefined) reply.header('Retry-After', String(err.extra.retryAfter));
      return reply.status(err.status).send(body);
    }
    const known = envelopeOfUnexpected(err, language);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') drainOverLimitBody(request, reply);
    if (known) {
      if (known.status >= 500) request.log.error({ err }, 'database unavailable');
      return reply.status(known.status).send(known.body);
    }
    request.log.error({ err }, 'unexpected error');
    return reply
      .status(ERROR_STATUS.INTERNAL)
      .send({ error: 'INTERNAL', error_description: translate(language, 'error.internal') });
  });

  app.setNotFoundHandler((request, reply) => {
    const language = request.headers['x-language'] === 'en' ? 'en' : 'ru';
    return reply.status(404).send({ error: 'NOT_FOUND', error_description: translate(language, 'error.notFound') });
  });
}
