import { sql, type Kysely } from 'kysely';

/**
 * The back office's content editing and site settings (decision 120): a banner's active period,
 * and the administrators' menu entries «Контент» and «Настройки сайта» after «Обмен с 1С» (or «Пользователи»)
 * in the standard menu of migration 0065.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE banners ADD COLUMN IF NOT EXISTS active_from date, ADD COLUMN IF NOT EXISTS active_to date`.execute(
    db,
  );
  for (const [link, ru, en, icon, step] of [
    ['/admin/content/', 'Контент', 'Content', 'page', 1],
    ['/admin/settings/', 'Настройки сайта', 'Site settings', 'settings', 2],
  ] as const) {
    await sql`
      INSERT INTO menu_items (menu, parent_id, sort, label_ru, label_en, link, permission, icon)
      SELECT 'left', NULL,
             coalesce((SELECT max(sort) FROM menu_items WHERE menu = 'left' AND link IN ('/exchange/', '/user/')), 500)
               + ${step}::int,
             ${ru}, ${en}, ${link}, 'user-create', ${icon}
      WHERE EXISTS (SELECT 1 FROM menu_items WHERE menu = 'left')
        AND NOT EXISTS (SELECT 1 FROM menu_items WHERE link = ${link})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM menu_items WHERE link IN ('/admin/content/', '/admin/settings/')`.execute(db);
  await sql`ALTER TABLE banners DROP COLUMN IF EXISTS active_from, DROP COLUMN IF EXISTS active_to`.execute(db);
}
