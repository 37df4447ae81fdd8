import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@portal/contract';

/**
 * A new key: the prefix and 32 random bytes. Its SHA-256 is what the database keeps: a key is random, not
 * a password, so a fast digest is enough and a lookup by hash needs no per-key salt (decision 210).
 */
export function newToken(): { token: string; prefix: string; hash: string } {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, prefix: token.slice(0, API_KEY_PREFIX.length + 6), hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The key of an `Authorization: Bearer …` header, or null when the request carries none. A Bearer token
 * without the portal's key prefix is not a portal key (a proxy's token, credentials in the wrong scheme):
 * the call goes on as any other, and `user/login` refuses the scheme with 400 as before (decision 210).
 */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : null;
}
