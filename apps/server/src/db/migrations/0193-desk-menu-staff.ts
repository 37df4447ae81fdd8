import { sql, type Kysely } from 'kysely';

/**
 * «Заказы дилеров» (the order desk) opens to employees as well as administrators (decision 193): the entry
 * migration 0102 gave `user-create` now asks the staff-only `comment-create`; an entry an administrator
 * re-permissioned stays as they set it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE menu_items SET permission = 'comment-create' WHERE link = '/desk/order/' AND permission = 'user-create'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE menu_items SET permission = 'user-create' WHERE link = '/desk/order/' AND permission = 'comment-create'`.execute(
    db,
  );
}
