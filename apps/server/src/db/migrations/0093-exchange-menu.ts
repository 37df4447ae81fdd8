import { sql, type Kysely } from 'kysely';

/**
 * The back office's «Обмен с 1С» entry (administrators), after «Пользователи», in the standard menu of
 * migration 0065 (which runs first on a new database).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO menu_items (menu, parent_id, sort, label_ru, label_en, link, permission, icon)
    SELECT 'left', NULL, coalesce((SELECT max(sort) FROM menu_items WHERE menu = 'left' AND link = '/user/'), 500) + 1,
           'Обмен с 1С', '1C exchange', '/exchange/', 'user-create', 'page'
    WHERE EXISTS (SELECT 1 FROM menu_items WHERE menu = 'left')
      AND NOT EXISTS (SELECT 1 FROM menu_items WHERE link = '/exchange/')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM menu_items WHERE link = '/exchange/'`.execute(db);
}
