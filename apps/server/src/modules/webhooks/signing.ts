import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { WEBHOOK_SECRET_PREFIX } from '@portal/contract';

/** A new endpoint secret: shown once, kept to sign every delivery (decision 225). */
export const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;

/**
 * The `x-portal-signature` of a delivery: `v1=` and the hex HMAC-SHA256 of `<timestamp>.<body>` under the
 * endpoint's secret, the timestamp being the `x-portal-timestamp` header (Unix seconds).
 */
export const signature = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An address literal of a private, loopback or link-local network (not the internet). */
function privateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  const kind = isIP(bare);
  if (kind === 4) {
    const [a = 0, b = 0] = bare.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168)
    );
  }
  if (kind === 6) {
    const lower = bare.toLowerCase();
    return (
      lower === '::1' ||
      lower === '::' ||
      /^f[cd]/.test(lower) ||
      /^fe[89ab]/.test(lower) ||
      lower.startsWith('::ffff:')
    );
  }
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
