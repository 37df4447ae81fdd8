import { createHash, timingSafeEqual } from 'node:crypto';
import type { ExchangeConfig } from '../../config.js';

/**
 * The exchange user (EXCHANGE_LOGIN / EXCHANGE_PASSWORD). `checkauth` is throttled by the portal's one
 * sign-in throttle (modules/throttle, decision 050) under its own scope, `exchange`.
 */

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares without telling by its timing how much of the login or password was right. */
export function rightCredentials(config: ExchangeConfig, login: string, password: string): boolean {
  if (!config.login || !config.password) return false;
  const loginOk = timingSafeEqual(digest(login.toLowerCase()), digest(config.login.toLowerCase()));
  const passwordOk = timingSafeEqual(digest(password), digest(config.password));
  return loginOk && passwordOk;
}

export function basicCredentials(header: string | undefined): { login: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
