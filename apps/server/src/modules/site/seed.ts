import type { Supplier } from '@portal/contract';
import type { Db } from '../../db/database.js';
import './tables.js';

/** The demo supplier: requisites with valid check digits, its stamp an image the web app ships. */
const DEMO_SUPPLIER: Supplier = {
  name: 'ООО «ТехЗапчасть»',
  inn: '7701234560',
  kpp: '770101001',
  ogrn: '1027700123450',
  address: '123100, г. Москва, Пресненская наб., д. 12, офис 305',
  phone: '+7 (800) 555-27-40',
  email: 'dealers@techzapchast.local',
  bank: 'ПАО Сбербанк, г. Москва',
  bik: '044525225',
  account: '40702810200000012345',
  corrAccount: '30101810400000000225',
  vatRate: 20,
  stamp: '/demo/stamp.svg',
  signers: [
    { position: 'Генеральный директор', name: 'Соколов А. В.', signature: '' },
    { position: 'Главный бухгалтер', name: 'Морозова Е. П.', signature: '' },
  ],
};

/** The demo supplier's settings; the menu itself is the application's (migration 0065). */
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
        // The one company the footer, the bills and the printed orders name (decision 063).
        supplier: DEMO_SUPPLIER,
      }),
    })
    .execute();
}
