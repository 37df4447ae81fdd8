import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { translate, WEBHOOK_HEADERS } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Mailer } from '../../mail/mailer.js';
import type { JobHandler } from '../../ops/jobs/worker.js';
import { tellUser } from '../notices/index.js';
import { addressAllowed, guardedLookup, InternalAddressError, systemLookup, type HostLookup } from './address.js';
import { WEBHOOK_JOB } from './events.js';
import * as q from './queries.js';
import { signature } from './signing.js';

const jsonOf = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** What one attempt came to: the receiver's status (none when it never answered) and what went wrong. */
interface Attempt {
  httpStatus: number | null;
  error: string;
}

/**
 * One POST to the receiver, signed (decision 225): a 2xx answer is accepted; any other status, a redirect
 * (never followed: the address was checked, where it redirects was not), a refused connection or no answer in
 * `timeoutMs` is a failure. The answer's body is not read. The host is resolved again now and the socket
 * connects only to the addresses just checked (decision 231): a name that moved inside since it was
 * registered is refused here, before anything is sent.
 */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  guard: { timeoutMs: number; allowLocal: boolean; lookup: HostLookup },
): Promise<Attempt> {
  const { timeoutMs } = guard;
  const target = new URL(url);
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !addressAllowed(literal, guard.allowLocal))
    return { httpStatus: null, error: new InternalAddressError(literal, literal).message };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Attempt>((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(guard.lookup, guard.allowLocal),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.destroy();
        const ok = status >= 200 && status < 300;
        resolve({ httpStatus: status, error: ok ? '' : `HTTP ${status}` });
      },
    );
    req.on('error', (err: Error & { code?: string }) => {
      if (err.name === 'TimeoutError' || err.name === 'AbortError')
        return resolve({ httpStatus: null, error: `no answer in ${timeoutMs} ms` });
      resolve({
        httpStatus: null,
        error: err instanceof InternalAddressError ? err.message : (err.code ?? err.message),
      });
    });
    req.end(body);
  });
}

/**
 * The worker's side of webhooks (decision 225): sends one delivery; a failure is retried by the queue with its
 * backoff until the job's attempts are spent. Every failed attempt counts on the endpoint; after
 * `disableAfter` in a row it is turned off, its dealer told by a notice and an e-mail, and its deliveries stop.
 */
export function webhookJobHandlers(deps: { config: Config; mailer: Mailer }): Record<string, JobHandler> {
  const { timeoutMs, disableAfter, allowLocal } = deps.config.webhooks;
  const lookup = deps.config.webhooks.lookup ?? systemLookup;
  return {
    [WEBHOOK_JOB]: async (payload, { db, log, job }) => {
      const id = (payload as { delivery: number }).delivery;
      const d = await q.deliveryToSend(db, id);
      if (!d || d.state === 'ok' || d.state === 'failed') return { skipped: true };
      if (!d.active && d.event !== 'ping') {
        await q.dropDelivery(db, id, 'endpoint turned off');
        return { skipped: true };
      }
      const body = JSON.stringify({
        id: d.id,
        event: d.event,
        createdAt: new Date(d.created_at).toISOString(),
        data: jsonOf(d.payload),
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const attempt = await post(
        d.url,
        {
          'content-type': 'application/json',
          'user-agent': 'DealerPortal-Webhooks/1',
          [WEBHOOK_HEADERS.event]: d.event,
          [WEBHOOK_HEADERS.delivery]: String(d.id),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signature(d.secret, timestamp, body),
        },
        body,
        { timeoutMs, allowLocal, lookup },
      );
      if (!attempt.error) {
        await db.transaction().execute(async (trx) => {
          await q.recordAttempt(trx, id, { state: 'ok', ...attempt });
          await q.clearFailures(trx, d.webhook_id);
        });
        return { httpStatus: attempt.httpStatus };
      }
      const last = job.attempts >= job.maxAttempts;
      const turnedOff = await db.transaction().execute(async (trx) => {
        const off = await q.countFailure(trx, d.webhook_id, disableAfter);
        await q.recordAttempt(trx, id, { state: last || off || !d.active ? 'failed' : 'retrying', ...attempt });
        if (off) {
          const answer = attempt.httpStatus === null ? attempt.error : `HTTP ${attempt.httpStatus}`;
          const text = (lang: 'ru' | 'en') =>
            translate(lang, 'tidings.webhookDisabled.text', d.url, disableAfter, answer);
          const title = (lang: 'ru' | 'en') => translate(lang, 'tidings.webhookDisabled.title', d.url);
          await tellUser({ db: trx, mailer: deps.mailer, config: deps.config, log }, d.user_id, {
            title: { ru: title('ru'), en: title('en') },
            text: { ru: text('ru'), en: text('en') },
            link: '/profile/',
          });
        }
        return off;
      });
      log.warn(
        { delivery: id, webhook: d.webhook_id, attempt: job.attempts, err: attempt.error },
        'webhook delivery failed',
      );
      if (last || turnedOff || !d.active) return { httpStatus: attempt.httpStatus, error: attempt.error };
      throw new Error(attempt.error);
    },
  };
}
