import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './tables.js';

export interface PickLine {
  product: number;
  quantity: number;
}

export const linkOf = (db: Db, userId: number) =>
  db.selectFrom('telegram_links').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const linkOfChat = (db: Db, chatId: number) =>
  db.selectFrom('telegram_links').selectAll().where('chat_id', '=', chatId).executeTakeFirst();

/** A new code for the user, replacing the last one. */
export async function putCode(db: Db, userId: number, codeHash: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('telegram_codes')
    .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ code_hash: codeHash, expires_at: expiresAt }))
    .execute();
}

/** Takes a code that has not expired (used once: it is deleted), answering its user. */
export async function takeCode(db: Db, codeHash: string): Promise<number | null> {
  const row = await db
    .deleteFrom('telegram_codes')
    .where('code_hash', '=', codeHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Links the user to the chat; a chat linked to another account before is moved to this one. */
export async function link(db: Db, userId: number, chatId: number, username: string): Promise<void> {
  await db.deleteFrom('telegram_links').where('chat_id', '=', chatId).where('user_id', '<>', userId).execute();
  await db
    .insertInto('telegram_links')
    .values({ user_id: userId, chat_id: chatId, username })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ chat_id: chatId, username, linked_at: new Date() }))
    .execute();
}

export async function unlinkUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('telegram_links').where('user_id', '=', userId).execute();
}

export async function unlinkChat(db: Db, chatId: number): Promise<void> {
  await db.deleteFrom('telegram_links').where('chat_id', '=', chatId).execute();
}

export async function insertPick(db: Db, userId: number, chatId: number, lines: PickLine[]): Promise<number> {
  const row = await db
    .insertInto('telegram_picks')
    .values({ user_id: userId, chat_id: chatId, lines: JSON.stringify(lines) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A chat's own pick of the last day. */
export async function pickOf(
  db: Db,
  id: number,
  chatId: number,
): Promise<{ userId: number; lines: PickLine[] } | null> {
  const row = await db
    .selectFrom('telegram_picks')
    .select(['user_id', 'lines'])
    .where('id', '=', id)
    .where('chat_id', '=', chatId)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  if (!row) return null;
  const lines = (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as PickLine[];
  return { userId: row.user_id, lines };
}

/** The first update not yet read. */
export async function updateOffset(db: Db): Promise<number> {
  const row = await db.selectFrom('telegram_state').select('update_offset').where('id', '=', 1).executeTakeFirst();
  return Number(row?.update_offset ?? 0);
}

export async function saveUpdateOffset(db: Db, offset: number): Promise<void> {
  await db
    .insertInto('telegram_state')
    .values({ update_offset: offset })
    .onConflict((oc) => oc.column('id').doUpdateSet({ update_offset: offset }))
    .execute();
}
