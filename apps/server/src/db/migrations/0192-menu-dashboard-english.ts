import { sql, type Kysely } from 'kysely';

/**
 * The English menu called the dashboard «Desktop», a word-for-word «Рабочий стол» (decision 192): an entry
 * still carrying the shipped label is renamed; a label an administrator chose stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE menu_items SET label_en = 'Dashboard' WHERE link = '/' AND label_en = 'Desktop'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE menu_items SET label_en = 'Desktop' WHERE link = '/' AND label_en = 'Dashboard'`.execute(db);
}
