import { sql, type Kysely } from 'kysely';

/**
 * The staff's menu (decision 194): an entry may be for everyone, for dealers (the buyer's baskets, orders by
 * numbers or from Excel, the price list, favourites, their own orders and price settings) or for staff;
 * `menu/list` leaves out what is not for the caller. The back office's entries, which all carried the
 * generic page icon, get one icon each; an icon an administrator chose stays.
 */
const DEALER_LINKS = [
  '/price-list/',
  '/favorites/',
  '/basket/',
  '/basket/create/',
  '/basket/xml',
  '/order/',
  '/user/{me}/pricing',
];
const ICONS: Array<[link: string, icon: string]> = [
  ['/desk/order/', 'desk'],
  ['/exchange/', 'exchange'],
  ['/audit/', 'audit'],
  ['/admin/content/', 'content'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE menu_items ADD COLUMN IF NOT EXISTS audience text NOT NULL DEFAULT 'all'`.execute(db);
  for (const link of DEALER_LINKS) {
    await sql`UPDATE menu_items SET audience = 'dealers' WHERE link = ${link} AND audience = 'all'`.execute(db);
  }
  for (const [link, icon] of ICONS) {
    await sql`UPDATE menu_items SET icon = ${icon} WHERE link = ${link} AND (icon IS NULL OR icon = 'page')`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [link, icon] of ICONS) {
    await sql`UPDATE menu_items SET icon = 'page' WHERE link = ${link} AND icon = ${icon}`.execute(db);
  }
  await sql`ALTER TABLE menu_items DROP COLUMN IF EXISTS audience`.execute(db);
}
