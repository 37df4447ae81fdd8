import { sql, type Kysely } from 'kysely';

/**
 * The back office's «Заказы дилеров» (the order desk) and «Журнал изменений» (the audit log) entries, for
 * administrators, after «Пользователи», in the standard menu of migration 0065.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const entries: Array<[string, string, string, number]> = [
    ['Заказы дилеров', 'Dealers’ orders', '/desk/order/', 1],
    ['Журнал изменений', 'Audit log', '/audit/', 3],
  ];
  for (const [ru, en, link, offset] of entries) {
    await sql`
      INSERT INTO menu_items (menu, parent_id, sort, label_ru, label_en, link, permission, icon)
      SELECT 'left', NULL, coalesce((SELECT max(sort) FROM menu_items WHERE menu = 'left' AND link = '/user/'), 500) + ${offset},
             ${ru}, ${en}, ${link}, 'user-create', 'page'
      WHERE EXISTS (SELECT 1 FROM menu_items WHERE menu = 'left')
        AND NOT EXISTS (SELECT 1 FROM menu_items WHERE link = ${link})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM menu_items WHERE link IN ('/desk/order/', '/audit/')`.execute(db);
}
