import type { Db } from '../../db/database.js';
import { verifyPassword } from '../auth/index.js';
import { exchangeSettingsRow } from './queries.js';

/** The 1C exchange user set on the settings page (row `exchange`): its login and an argon2id hash. */
export interface StoredExchangeUser {
  login: string;
  passwordHash: string;
}

export async function readExchangeUser(db: Db): Promise<StoredExchangeUser | null> {
  const row = await exchangeSettingsRow(db);
  const v = row?.value as Partial<StoredExchangeUser> | undefined;
  return v?.login && v.passwordHash ? { login: v.login, passwordHash: v.passwordHash } : null;
}

/**
 * The exchange's credentials check when the settings page has set a user: the login (any case) and the
 * password against its hash. `null` = no user on the page (the environment's EXCHANGE_LOGIN applies).
 */
export async function checkStoredExchangeUser(db: Db, login: string, password: string): Promise<boolean | null> {
  const user = await readExchangeUser(db);
  if (!user) return null;
  const passwordOk = await verifyPassword(user.passwordHash, password);
  return passwordOk && user.login.toLowerCase() === login.toLowerCase();
}
