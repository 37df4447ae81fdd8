import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { WEBHOOK_SECRET_PREFIX } from '@portal/contract';
import { addressKind } from './address.js';

/** A new endpoint secret: shown once, kept to sign every delivery (decision 225). */
export const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;

/**
 * The `x-portal-signature` of a delivery: `v1=` and the hex HMAC-SHA256 of `<timestamp>.<body>` under the
 * endpoint's secret, the timestamp being the `x-portal-timestamp` header (Unix seconds).
 */
export const signature = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An address literal not on the internet, or a name of this machine (decision 231 has the ranges). */
function privateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return addressKind(bare) !== 'internet';
  return host.endsWith('.localhost') || host === 'localhost';
}

/**
 * Whether an endpoint address is refused: anything but https to a host on the internet. With `allowLocal`
 * (WEBHOOK_ALLOW_LOCAL, tests and development) http://127.0.0.1 and http://localhost pass too.
 */
export function urlRefused(raw: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return true;
  }
  if (url.username || url.password) return true;
  const local = LOCAL_NAMES.has(url.hostname);
  if (url.protocol === 'http:') return !(allowLocal && local);
  if (url.protocol !== 'https:') return true;
  if (local) return !allowLocal;
  return privateAddress(url.hostname);
}
