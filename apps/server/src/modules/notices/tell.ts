import { formatDate, NOTICE_KINDS, translate, type Language, type NoticeKind } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { activeEmailsIn, contactOf, staffAddressesFor, type StaffMailAbout } from '../auth/index.js';
import * as q from './queries.js';
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
  /** The linked Telegram chat (decision 226; the telegram module sends, tellUser does not). */
  telegram?: boolean;
}

/**
 * Tells a user about a change: a notice in the portal (in both languages: the page shows its own) and an e-mail in their language (only the channels
 * asked for). `t.db` should be the caller's transaction: the notice and the queued e-mail are then written with
 * the change, and a failure to write them undoes the change and answers an error (decision 189).
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
    await q.insertNotice(t.db, {
      user_id: userId,
      title: tidings.title.ru,
      description: tidings.text.ru,
      title_en: tidings.title.en,
      description_en: tidings.text.en,
      link: tidings.link,
    });
  }
  if (!channels.email || !user.email) return;
  const url = `${t.config.publicUrl}${tidings.link}`;
  await queueMail(
    t,
    user.email,
    tidings.title[lang],
    `${tidings.text[lang]}\n\n${url}`,
    mailHtml(tidings.text[lang], url, lang),
  );
}

/** A user's choice per kind of tidings; a kind never chosen is told on both channels. */
export async function noticePreferences(db: Db, userId: number): Promise<Record<NoticeKind, Channels>> {
  const rows = await q.noticePreferenceRows(db, userId);
  const out = {} as Record<NoticeKind, Channels>;
  for (const kind of NOTICE_KINDS) {
    const row = rows.find((r) => r.kind === kind);
    out[kind] = { notice: row?.notice ?? true, email: row?.email ?? true, telegram: row?.telegram ?? true };
  }
  return out;
}

/** The supplier's managers: every active employee with an address. */
export async function staffEmails(db: Db): Promise<string[]> {
  return activeEmailsIn(db, ['EMPLOYEES']);
}

/**
 * Tells the supplier's managers by e-mail (text and HTML with a link straight to the staff page). About a
 * dealer (`about.dealerId`), it goes to the manager of the company it is about, else the dealer's personal
 * manager, else the general address the caller read from the site settings (decision 227): this
 * module stands on the settings module's floor and cannot read it (decision 215).
 */
export async function tellStaff(
  t: Telling,
  subject: string,
  text: string,
  link: string,
  about: StaffMailAbout = {},
): Promise<void> {
  const to = await staffAddressesFor(t.db, about);
  if (to.length === 0) return;
  const url = `${t.config.publicUrl}${link}`;
  await queueMail(t, to, subject, `${text}\n\n${url}`, mailHtml(text, url, 'ru'));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The HTML part of a message (decision 195): the text's paragraphs, its «— » lines as a list, and a link
 * straight to the page. Everything is escaped: the text carries what users wrote.
 */
export function mailHtml(text: string, url: string, language: Language): string {
  const blocks = text.split(/\n{2,}/).map((block) => {
    const lines = block.split('\n');
    const items = lines.filter((l) => l.startsWith('— '));
    const rest = lines.filter((l) => !l.startsWith('— '));
    const para = rest.length ? `<p>${rest.map(escapeHtml).join('<br>')}</p>` : '';
    const list = items.length ? `<ul>${items.map((l) => `<li>${escapeHtml(l.slice(2))}</li>`).join('')}</ul>` : '';
    return para + list;
  });
  const link = `<p><a href="${escapeHtml(url)}">${escapeHtml(translate(language, 'tidings.open'))}</a></p>`;
  return `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;font-size:14px">${blocks.join('')}${link}</body></html>`;
}

/**
 * Stores the message in the outbox, in the caller's transaction when t.db is one (decision 080). A failure is
 * not caught: inside a transaction PostgreSQL has already aborted it, so swallowing it here turned the commit
 * into a silent rollback under a 200 answer; the change and its message now stand or fall together (decision 189).
 */
async function queueMail(
  t: Telling,
  to: string | string[],
  subject: string,
  text: string,
  html?: string,
): Promise<void> {
  await t.mailer.send({ to, subject, text, ...(html ? { html } : {}) }, t.db);
}

/** A date in Russian texts (mail subjects, titles): the supplier's day (decision 180). */
export const dateRu = (d: Date | string) => formatDate(d);

type StaffAddressReader = (db: Db) => Promise<string>;
let staffAddressReader: StaffAddressReader = () => Promise.resolve('');

/**
 * The general staff address for this module's own staff e-mails (a dealer's message): the settings module
 * stands on this floor, so the reader is registered from above (app.ts; decision 215). Other modules read the
 * setting themselves and pass it to `tellStaff`.
 */
export function registerStaffAddress(reader: StaffAddressReader): void {
  staffAddressReader = reader;
}

export const generalStaffAddress = (db: Db): Promise<string> => staffAddressReader(db);
