import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import './tables.js';

export interface Telling {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: { warn: (obj: unknown, msg: string) => void };
}

export interface Tidings {
  title: { ru: string; en: string };
  text: { ru: string; en: string };
  /** Path in the portal the notice and e-mail point to. */
  link: string;
}

/**
 * Tells a user about a change: a notice in the portal and an e-mail in their language. A mail failure is
 * logged, never undoes the change the user is told about.
 */
export async function tellUser(t: Telling, userId: number, tidings: Tidings): Promise<void> {
  const user = await t.db.selectFrom('users').select(['email', 'language']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const lang = user.language === 'en' ? 'en' : 'ru';
  await t.db
    .insertInto('notices')
    .values({ user_id: userId, title: tidings.title[lang], description: tidings.text[lang], link: tidings.link })
    .execute();
  if (!user.email) return;
  await sendSafely(t, user.email, tidings.title[lang], `${tidings.text[lang]}\n\n${t.config.publicUrl}${tidings.link}`);
}

/** The supplier's managers: every active employee with an address. */
export async function staffEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where(sql<boolean>`'EMPLOYEES' = ANY(groups)`)
    .where('active', '=', true)
    .where('email', '<>', '')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.email);
}

export async function tellStaff(t: Telling, subject: string, text: string, link: string): Promise<void> {
  const to = await staffEmails(t.db);
  if (to.length === 0) return;
  await sendSafely(t, to, subject, `${text}\n\n${t.config.publicUrl}${link}`);
}

async function sendSafely(t: Telling, to: string | string[], subject: string, text: string): Promise<void> {
  try {
    await t.mailer.send({ to, subject, text });
  } catch (err) {
    t.log.warn({ err }, 'mail not sent');
  }
}

export const dateRu = (d: Date | string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date(d));
