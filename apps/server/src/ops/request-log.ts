import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance } from 'fastify';

/** Fastify's own "incoming request" / "request completed" lines are replaced by registerRequestLog's one line. */
export class RequestLineController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
}

/** A request id a client or proxy may set: short, printable, nothing that could forge a log line. */
const GOOD_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify's genReqId: X-Request-Id when it is a sane value, else a new UUID (unique across instances). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && GOOD_ID.test(given) ? given : randomUUID();
}

const PROBES = new Set(['/health', '/ready', '/metrics']);

/**
 * One JSON line per answered request: the request id (`reqId`, also sent back as X-Request-Id),
 * the /rest/ method or the HTTP method and path, the status, the user id and the duration. Never the query
 * string (sessid travels there), headers or bodies. Load-balancer probes are logged at debug level only.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const line = {
      method: path.startsWith('/rest/') ? path.slice(6).replace(/\/+$/, '') : undefined,
      http: `${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`,
      status: reply.statusCode,
      userId: request.portalUserId ?? null,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (PROBES.has(path)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}
