import { createHmac, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (about 20 ms here). */
export const hashPassword = (password: string) => hash(password);

// Verifying against this when a login does not exist keeps the answer time the same.
const DUMMY_HASH = hash('dummy-password-for-timing');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    if (!passwordHash) {
      await verify(await DUMMY_HASH, password);
      return false;
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Short-lived secrets (codes, checkwords) are stored as an HMAC under the session secret. */
export function secretHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The one-time code of a user's code that expires at `expiresAt`: derived (HMAC under the session secret)
 * rather than drawn, so the same code can be mailed again while it is valid without being stored.
 */
export function codeFor(secret: string, userId: number, expiresAt: Date): string {
  const mac = createHmac('sha256', secret).update(`auth-code:${userId}:${expiresAt.getTime()}`).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}
