import type { TestApp } from '../../testing/index.js';

let counter = 0;

/** A registration waiting for moderation, made through the public method as an applicant would. */
export async function newApplicant(t: TestApp, overrides: { company?: string } = {}) {
  counter += 1;
  const login = `applicant${Date.now() % 100000}${counter}`;
  const password = 'Applicant#2026';
  const c = t.client();
  const r = await c.call('user/register', {
    login,
    email: `${login}@example.local`,
    password,
    confirmPassword: password,
    firstName: 'Пётр',
    lastName: 'Заявкин',
    phone: '+7 900 000-00-00',
    company: overrides.company ?? 'ООО «Новый дилер»',
    inn: '7701000001',
  });
  if (r.status !== 200) throw new Error(`registration failed: ${JSON.stringify(r.body)}`);
  const row = await t.app.portal.database.db
    .selectFrom('users')
    .select('id')
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  return { id: row.id, login, password, email: `${login}@example.local` };
}
