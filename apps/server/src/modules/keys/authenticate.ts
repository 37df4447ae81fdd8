import { keyMayCall, type ApiKeyScope } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import { loadActor, type Actor } from '../auth/index.js';
import { countAttempt } from '../throttle/index.js';
import { logCall, useKey } from './queries.js';
import { bearerOf, hashToken } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a `/rest/` call was made with: its call is logged when the answer has gone. */
    portalApiKey?: { id: number; method: string };
  }
}

export interface KeyCaller {
  keyId: number;
  scope: ApiKeyScope;
  actor: Actor;
}

/**
 * The caller of a `/rest/` request made with `Authorization: Bearer <key>` (decision 210), or null when the
 * request carries no Bearer key (a browser's call). An unknown or revoked key, or one whose owner can no
 * longer sign in, is 401; a method outside the key's scope is 403; more calls than the key's own limit
 * in a minute is 429. Every call that named a valid key is logged, refused or not.
 */
export async function keyCallerOf(
  db: Db,
  config: Pick<Config, 'apiKeyLimit'>,
  request: FastifyRequest,
  method: string,
): Promise<KeyCaller | null> {
  const token = bearerOf(request.headers.authorization);
  if (token === null) return null;
  const key = await useKey(db, hashToken(token));
  if (!key) throw new AppError('UNAUTHORIZED', 'error.apiKeyInvalid');
  request.portalApiKey = { id: key.id, method };
  request.portalUserId = key.userId;
  if (config.apiKeyLimit > 0) {
    const verdict = await countAttempt(db, [{ key: `apikey:${key.id}`, limit: config.apiKeyLimit, windowMs: 60_000 }]);
    if (!verdict.allowed) {
      throw new AppError('RATE_LIMITED', 'error.tooManyRequests', {
        args: [verdict.retryAfter],
        retryAfter: verdict.retryAfter,
      });
    }
  }
  const actor = await loadActor(db, key.userId);
  if (!actor) throw new AppError('UNAUTHORIZED', 'error.apiKeyInvalid');
  if (!keyMayCall(key.scope, method)) throw new AppError('FORBIDDEN', 'error.apiKeyMethod');
  return { keyId: key.id, scope: key.scope, actor };
}

/**
 * Logs every key call with the status it was answered with, after the answer has gone: the log never
 * delays or fails the call (a lost line is logged as an error).
 */
export function registerKeyCallLog(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (request, reply) => {
    const key = request.portalApiKey;
    if (!key) return;
    await logCall(db, { keyId: key.id, method: key.method, status: reply.statusCode, ip: request.ip }).catch(
      (err: unknown) => request.log.error({ err }, 'API key call not logged'),
    );
  });
}
