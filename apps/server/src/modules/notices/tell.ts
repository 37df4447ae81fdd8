import { formatDate, NOTICE_KINDS, type NoticeKind } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { activeEmailsIn, contactOf } from '../auth/index.js';
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

/** Which channels tell a user something. */
export interface Channels {
  notice: boolean;
  email: boolean;
}

/**
 * Tells a user about a change: a notice in the portal (in both languages: the page shows its own) and an e-mail in their language (only the channels
 * asked for). `t.db` may be the caller's transaction: the notice is then written with the change. A mail
 * failure is logged, never undoes the change the user is told about.
 */
export async function tellUser(
  t: Telling,
  userId: number,
  tidings: Tidings,
  channels: Channels = { notice: true, email: true },
): Promise<void> {
  if (!channels.notice && !channels.email) return;
  const user = await contactOf(t.db, userId);
  if (!user) return;
  const lang = user.language === 'en' ? 'en' : 'ru';
  if (channels.notice) {
    await t.db
      .insertInto('notices')
      .values({
        user_id: userId,
        title: tidings.title.ru,
        description: tidings.text.ru,
        title_en: tidings.title.en,
        description_en: tidings.text.en,
        link: tidings.link,
      })
      .execute();
  }
  if (!channels.email || !user.email) return;
  await sendSafely(t, user.email, tidings.title[lang], `${tidings.text[lang]}\n\n${t.config.publicUrl}${tidings.link}`);
}

/** A user's choice per kind of tidings (issue 13 pt 5); a kind never chosen is told on both channels. */
export async function noticePreferences(db: Db, userId: number): Promise<Record<NoticeKind, Channels>> {
  const rows = await db
    .selectFrom('notice_preferences')
    .select(['kind', 'notice', 'email'])
    .where('user_id', '=', userId)
    .execute();
  const out = {} as Record<NoticeKind, Channels>;
  for (const kind of NOTICE_KINDS) {
    const row = rows.find((r) => r.kind === kind);
    out[kind] = { notice: row?.notice ?? true, email: row?.email ?? true };
  }
  return out;
}

export async function saveNoticePreferences(
  db: Db,
  userId: number,
  items: Array<{ kind: NoticeKind } & Channels>,
): Promise<void> {
  await db
    .insertInto('notice_preferences')
    .values(items.map((i) => ({ user_id: userId, kind: i.kind, notice: i.notice, email: i.email })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({
        notice: eb.ref('excluded.notice'),
        email: eb.ref('excluded.email'),
      })),
    )
    .execute();
}

/** The supplier's managers: every active employee with an address. */
export async function staffEmails(db: Db): Promise<string[]> {
  return activeEmailsIn(db, ['EMPLOYEES']);
}

export async function tellStaff(t: Telling, subject: string, text: string, link: string): Promise<void> {
  const to = await staffEmails(t.db);
  if (to.length === 0) return;
  await sendSafely(t, to, subject, `${text}\n\n${t.config.publicUrl}${link}`);
}

async function sendSafely(t: Telling, to: string | string[], subject: string, text: string): Promise<void> {
  try {
    // In the caller's transaction when t.db is one: the message is stored with the change (the outbox).
    await t.mailer.send({ to, subject, text }, t.db);
  } catch (err) {
    t.log.warn({ err }, 'mail not sent');
  }
}

/** A date in Russian texts (mail subjects, titles): the supplier's day (decision 180). */
export const dateRu = (d: Date | string) => formatDate(d);
