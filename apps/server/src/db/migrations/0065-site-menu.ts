import { sql, type Kysely } from 'kysely';

/**
 * The sidebar is part of the application, not demo data (decision 066): a database started without
 * the demo seed had no menu at all, and the menu lacked the price settings and the price list of docs/spec/02-screens.md
 * («payment method», «price»). The standard menu is written here when a database has none; an existing
 * menu gets the entries it lacks, after the entry named, and keeps whatever the administrator changed.
 * Content pages (spec «control») are listed by `menu/list` itself from the `pages` table.
 * `{me}` in a link is the signed-in user's id (the web app fills it in).
 */
const STANDARD: Array<[ru: string, en: string, link: string, icon: string, permission: string | null]> = [
  ['Рабочий стол', 'Dashboard', '/', 'dashboard', null],
  ['Каталог', 'Catalogue', '/catalog/', 'catalog', null],
  ['Прайс-лист', 'Price list', '/price-list/', 'pricelist', null],
  ['Избранное', 'Favourites', '/favorites/', 'favorite', null],
  ['Корзины', 'Baskets', '/basket/', 'basket', 'basket/items'],
  ['Заказ по номерам', 'Order by numbers', '/basket/create/', 'numbers', 'basket/items'],
  ['Заказ из Excel', 'Excel order', '/basket/xml', 'excel', 'basket/items'],
  ['Заказы', 'Orders', '/order/', 'orders', 'order-fetch'],
  ['Заявки по номерам', 'Requests by numbers', '/wishes/', 'wishes', 'wishes-fetch'],
  ['Возвраты', 'Returns', '/returns/', 'returns', 'returns-fetch'],
  ['Юридические лица', 'Legal entities', '/company/', 'company', 'company-fetch'],
  ['Обращения', 'Support', '/support/', 'support', null],
  ['Новости', 'News', '/news/', 'news', null],
  ['Уведомления', 'Notices', '/notice/', 'notice', null],
  ['Рассылка', 'Mailing', '/mailing/', 'mailing', null],
  ['Пользователи', 'Users', '/user/', 'users', 'user-create'],
  ['Склады', 'Storages', '/storage/', 'storage', null],
  ['Контакты', 'Contacts', '/department/', 'contacts', null],
  ['Частые вопросы', 'FAQ', '/question/', 'faq', null],
  ['Профиль', 'Profile', '/profile/', 'profile', null],
  ['Цены и способ оплаты', 'Prices and payment method', '/user/{me}/pricing', 'pricing', null],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ link: string; sort: number }>`
    SELECT link, sort FROM menu_items WHERE menu = 'left' AND parent_id IS NULL`.execute(db);
  const existing = new Map(rows.map((r) => [r.link, r.sort]));
  let sort = 0;
  for (const [ru, en, link, icon, permission] of STANDARD) {
    if (existing.has(link)) {
      sort = existing.get(link)!;
      continue;
    }
    // After the entry before it in the standard order (an empty menu: every 100).
    sort = existing.size === 0 ? sort + 100 : sort + 1;
    await sql`INSERT INTO menu_items (menu, parent_id, sort, label_ru, label_en, link, permission, icon)
      VALUES ('left', NULL, ${sort}, ${ru}, ${en}, ${link}, ${permission}, ${icon})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM menu_items WHERE link IN ('/price-list/', '/user/{me}/pricing')`.execute(db);
}
