import type { Db } from '../../db/database.js';
import { hashPassword } from './passwords.js';

/**
 * The demo accounts of docs/design.md §4 (plus `secure`, a dealer with two-step sign-in). Their ИНН are their
 * companies' (valid check digits, so the moderator's warning stays for real typos). Demo seed only.
 */
export const DEMO_ACCOUNTS = [
  {
    login: 'admin',
    password: 'Admin#2026',
    groups: ['ADMINS'],
    first: 'Алексей',
    last: 'Смирнов',
    middle: 'Петрович',
    company: 'ООО «ТехЗапчасть»',
    inn: '7701234560',
    email: 'admin@dealer-portal.local',
    phone: '+7 (495) 123-45-60',
    city: 'Москва',
    twoFactor: false,
  },
  {
    login: 'dealer',
    password: 'Dealer#2026',
    groups: ['DEALERS'],
    first: 'Иван',
    last: 'Петров',
    middle: 'Сергеевич',
    company: 'ООО «АгроМаш»',
    inn: '5003123458',
    email: 'dealer@agromash.local',
    phone: '+7 (383) 222-11-00',
    city: 'Новосибирск',
    twoFactor: false,
  },
  {
    login: 'dealer2',
    password: 'Dealer2#2026',
    groups: ['DEALERS'],
    first: 'Ольга',
    last: 'Кузнецова',
    middle: 'Андреевна',
    company: 'ООО «СибТехСервис»',
    inn: '7804123453',
    email: 'dealer2@sibtech.local',
    phone: '+7 (391) 200-30-40',
    city: 'Красноярск',
    twoFactor: false,
  },
  {
    login: 'employee',
    password: 'Employee#2026',
    groups: ['EMPLOYEES'],
    first: 'Мария',
    last: 'Иванова',
    middle: 'Викторовна',
    company: 'ООО «ТехЗапчасть»',
    inn: '7701234560',
    email: 'employee@dealer-portal.local',
    phone: '+7 (495) 123-45-61',
    city: 'Москва',
    twoFactor: false,
  },
  {
    login: 'secure',
    password: 'Secure#2026',
    groups: ['DEALERS'],
    first: 'Дмитрий',
    last: 'Соколов',
    middle: 'Игоревич',
    company: 'ООО «АгроМаш»',
    inn: '5003123458',
    email: 'secure@agromash.local',
    phone: '+7 (383) 222-11-01',
    city: 'Новосибирск',
    twoFactor: true,
  },
] as const;

export async function seedUsers(db: Db): Promise<void> {
  for (const a of DEMO_ACCOUNTS) {
    await db
      .insertInto('users')
      .values({
        login: a.login,
        email: a.email,
        password_hash: await hashPassword(a.password),
        first_name: a.first,
        last_name: a.last,
        middle_name: a.middle,
        company: a.company,
        inn: a.inn,
        phone: a.phone,
        city: a.city,
        groups: [...a.groups],
        two_factor: a.twoFactor,
      })
      .execute();
  }
}
