import { createHash, randomBytes } from 'node:crypto';
import { PRICE_LIST_TOKEN_PREFIX } from '@portal/contract';

/** A new link token: the prefix and 32 random bytes; the database keeps only its SHA-256 (decision 212). */
export function newLinkToken(): { token: string; prefix: string; hash: string } {
  const token = `${PRICE_LIST_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, prefix: token.slice(0, PRICE_LIST_TOKEN_PREFIX.length + 6), hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
