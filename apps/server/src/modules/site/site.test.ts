import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as standardMenu } from '../../db/migrations/0065-site-menu.js';
import { up as dashboardInEnglish } from '../../db/migrations/0192-menu-dashboard-english.js';
import { up as deskForStaff } from '../../db/migrations/0193-desk-menu-staff.js';
import { up as staffMenu } from '../../db/migrations/0194-staff-menu.js';
import { createTestApp, type TestApp } from '../../testing/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const links = (items: Array<{ link: string; items: Array<{ link: string }> }>) => items.map((i) => i.link);

describe('the menu', () => {
  it('leads a dealer to the price settings, the price list and the content pages', async () => {
    const dealer = await t.as('dealer');
    const menu = await dealer.ok('menu/list', { type: 'left' });
    expect(links(menu.items)).toEqual(expect.arrayContaining(['/price-list/', '/user/{me}/pricing', '/catalog/']));
    const info = menu.items.find((i) => i.label === 'Информация');
    expect(info?.items.map((i) => i.link)).toEqual(expect.arrayContaining(['/about', '/delivery', '/payment']));
    // The price list follows the catalogue, the price settings the profile.
    const at = (link: string) => links(menu.items).indexOf(link);
    expect(at('/price-list/')).toBe(at('/catalog/') + 1);
    expect(at('/user/{me}/pricing')).toBeGreaterThan(at('/profile/'));
  });

  it('opens «Заказы дилеров» to employees; an entry an administrator re-permissioned stays (decision 193)', async () => {
    const db = t.app.portal.database.db;
    const employee = await t.as('employee');
    const desk = async () => links((await employee.ok('menu/list', { type: 'left' })).items).includes('/desk/order/');
    expect(await desk()).toBe(true);
    await sql`UPDATE menu_items SET permission = 'user-create' WHERE link = '/desk/order/'`.execute(db);
    expect(await desk()).toBe(false);
    await deskForStaff(db as never);
    expect(await desk()).toBe(true);
    await sql`UPDATE menu_items SET permission = 'user-delete' WHERE link = '/desk/order/'`.execute(db);
    await deskForStaff(db as never);
    expect(await desk()).toBe(false);
    await sql`UPDATE menu_items SET permission = 'comment-create' WHERE link = '/desk/order/'`.execute(db);
  });

  it('speaks the page language and leaves out what the user may not open', async () => {
    const employee = await t.as('employee');
    employee.language = 'en';
    const menu = await employee.ok('menu/list', { type: 'left' });
    expect(links(menu.items)).not.toContain('/basket/');
    expect(menu.items.find((i) => i.link === '/catalog/')?.label).toBe('Catalogue');
    // «Рабочий стол» is the dashboard, not a computer's desktop (decision 192).
    expect(menu.items.find((i) => i.link === '/')?.label).toBe('Dashboard');
    expect(menu.items.find((i) => i.link === '/support/')?.label).toBe('Dealers’ support requests');
    expect(menu.items.some((i) => i.label === 'Information')).toBe(true);
    const anonymous = t.client();
    expect((await anonymous.ok('menu/list', { type: 'left' })).items).toEqual([]);
  });

  it('gives staff no buyer’s entries and each back-office entry its own icon (decision 194)', async () => {
    const buyers = ['/price-list/', '/favorites/', '/basket/', '/basket/create/', '/basket/xml', '/order/'];
    const dealer = links((await (await t.as('dealer')).ok('menu/list', { type: 'left' })).items);
    expect(dealer).toEqual(expect.arrayContaining([...buyers, '/user/{me}/pricing']));
    for (const who of ['admin', 'employee'] as const) {
      const menu = await (await t.as(who)).ok('menu/list', { type: 'left' });
      const shown = links(menu.items);
      for (const link of [...buyers, '/user/{me}/pricing']) expect(shown, `${who}: ${link}`).not.toContain(link);
      expect(shown, who).toEqual(expect.arrayContaining(['/', '/catalog/', '/support/', '/profile/']));
      // One icon per entry, none of them the generic page's but the content pages' group.
      const icons = menu.items.filter((i) => i.items.length === 0).map((i) => i.icon);
      expect(new Set(icons).size, icons.join()).toBe(icons.length);
      const backOffice = ['/desk/order/', '/user/', '/audit/', '/exchange/', '/admin/content/', '/admin/settings/'];
      if (who === 'admin') expect(shown).toEqual(expect.arrayContaining(backOffice));
      for (const item of menu.items.filter((i) => backOffice.includes(i.link))) expect(item.icon).not.toBe('page');
    }
  });

  it('is the application’s: written into a database without one, completed in one that lacks entries', async () => {
    const db = t.app.portal.database.db;
    await sql`DELETE FROM menu_items WHERE link IN ('/price-list/', '/user/{me}/pricing')`.execute(db);
    await standardMenu(db as never);
    const dealer = await t.as('dealer');
    const completed = links((await dealer.ok('menu/list', { type: 'left' })).items);
    expect(completed.filter((l) => l === '/price-list/')).toHaveLength(1);
    expect(completed.indexOf('/price-list/')).toBe(completed.indexOf('/catalog/') + 1);

    await sql`DELETE FROM menu_items`.execute(db);
    await standardMenu(db as never);
    await standardMenu(db as never); // twice: nothing doubles
    const fresh = links((await dealer.ok('menu/list', { type: 'left' })).items);
    expect(fresh.slice(0, 3)).toEqual(['/', '/catalog/', '/price-list/']);
    expect(new Set(fresh).size).toBe(fresh.length);
    expect(fresh).toContain('/order/');
    // The staff's menu of migration 0194 applies to a menu written again, twice without harm.
    await staffMenu(db as never);
    await staffMenu(db as never);
    const admin = links((await (await t.as('admin')).ok('menu/list', { type: 'left' })).items);
    expect(admin).not.toContain('/basket/');
    expect(admin).toContain('/catalog/');
  });
});

describe('the English dashboard entry (decision 192)', () => {
  it('renames the shipped «Desktop» of an existing menu and keeps a label an administrator chose', async () => {
    const db = t.app.portal.database.db;
    const employee = await t.as('employee');
    employee.language = 'en';
    const label = async () =>
      (await employee.ok('menu/list', { type: 'left' })).items.find((i) => i.link === '/')?.label;
    await sql`UPDATE menu_items SET label_en = 'Desktop' WHERE link = '/'`.execute(db);
    await dashboardInEnglish(db as never);
    expect(await label()).toBe('Dashboard');
    await sql`UPDATE menu_items SET label_en = 'Home' WHERE link = '/'`.execute(db);
    await dashboardInEnglish(db as never);
    expect(await label()).toBe('Home');
    await sql`UPDATE menu_items SET label_en = 'Dashboard' WHERE link = '/'`.execute(db);
  });
});

describe('the profile says what the user may do', () => {
  it('«Может заказывать» is yes for a dealer and an administrator, no for an employee', async () => {
    for (const [who, may] of [
      ['dealer', true],
      ['admin', true],
      ['employee', false],
    ] as const) {
      const c = await t.as(who);
      const me = await c.ok('user/get', {});
      expect(me.isOnOrder, who).toBe(may);
      expect(me.price.isOrder, who).toBe(may);
    }
  });
});
