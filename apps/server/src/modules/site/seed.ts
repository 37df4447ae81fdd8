import type { Db } from '../../db/database.js';
import './tables.js';

interface MenuSeed {
  ru: string;
  en: string;
  link: string;
  icon: string;
  permission?: string;
}

/** The sidebar of spec §2, in the order a dealer uses it. */
const LEFT_MENU: MenuSeed[] = [
  { ru: 'Рабочий стол', en: 'Desktop', link: '/', icon: 'dashboard' },
  { ru: 'Каталог', en: 'Catalogue', link: '/catalog/', icon: 'catalog' },
  { ru: 'Избранное', en: 'Favourites', link: '/favorites/', icon: 'favorite' },
  { ru: 'Корзины', en: 'Baskets', link: '/basket/', icon: 'basket', permission: 'basket/items' },
  {
    ru: 'Заказ по номерам',
    en: 'Order by numbers',
    link: '/basket/create/',
    icon: 'numbers',
    permission: 'basket/items',
  },
  { ru: 'Заказ из Excel', en: 'Excel order', link: '/basket/xml', icon: 'excel', permission: 'basket/items' },
  { ru: 'Заказы', en: 'Orders', link: '/order/', icon: 'orders', permission: 'order-fetch' },
  { ru: 'Заявки по номерам', en: 'Requests by numbers', link: '/wishes/', icon: 'wishes', permission: 'wishes-fetch' },
  { ru: 'Возвраты', en: 'Returns', link: '/returns/', icon: 'returns', permission: 'returns-fetch' },
  { ru: 'Юридические лица', en: 'Legal entities', link: '/company/', icon: 'company', permission: 'company-fetch' },
  { ru: 'Обращения', en: 'Support', link: '/support/', icon: 'support' },
  { ru: 'Новости', en: 'News', link: '/news/', icon: 'news' },
  { ru: 'Уведомления', en: 'Notices', link: '/notice/', icon: 'notice' },
  { ru: 'Рассылка', en: 'Mailing', link: '/mailing/', icon: 'mailing' },
  { ru: 'Пользователи', en: 'Users', link: '/user/', icon: 'users', permission: 'user-create' },
  { ru: 'Склады', en: 'Storages', link: '/storage/', icon: 'storage' },
  { ru: 'Контакты', en: 'Contacts', link: '/department/', icon: 'contacts' },
  { ru: 'Частые вопросы', en: 'FAQ', link: '/question/', icon: 'faq' },
  { ru: 'Профиль', en: 'Profile', link: '/profile/', icon: 'profile' },
];

export async function seedSite(db: Db): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({
      key: 'main',
      value: JSON.stringify({
        siteName: 'ТехЗапчасть — дилерский портал',
        logo: '/logo.svg',
        phone: '+7 (800) 555-27-40',
        email: 'dealers@techzapchast.local',
        feedbackEmail: 'support@techzapchast.local',
        copyright: '© 2026 ООО «ТехЗапчасть». Запчасти и техника для дилеров.',
      }),
    })
    .execute();
  let sort = 100;
  for (const item of LEFT_MENU) {
    await db
      .insertInto('menu_items')
      .values({
        menu: 'left',
        sort,
        label_ru: item.ru,
        label_en: item.en,
        link: item.link,
        icon: item.icon,
        permission: item.permission ?? null,
        parent_id: null,
      })
      .execute();
    sort += 100;
  }
}
