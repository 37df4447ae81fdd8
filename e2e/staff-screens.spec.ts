import { expect, test, type Page } from '@playwright/test';
import { restCall, shot, signIn } from './support/portal';

/** Decision 194: the audit log reads as who, when, which object and what changed; staff menus are staff’s. */

const BUYER_ENTRIES = [
  'Корзины',
  'Заказ по номерам',
  'Заказ из Excel',
  'Прайс-лист',
  'Избранное',
  'Цены и способ оплаты',
];

/** Nothing is wider than the screen: no sideways scrolling on a phone. */
async function fitsTheScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the audit log names the fields that changed, links the object and filters by staff member', async ({ page }) => {
  await signIn(page, 'admin');
  const me = await restCall<{ id: number }>(page, 'profile', {});
  const users = await restCall<{ items: Array<{ id: number; login: string; city: string }> }>(page, 'user/list', {
    filter: { search: 'dealer' },
  });
  const dealer = users.items.find((u) => u.login === 'dealer')!;
  const city = dealer.city === 'Тверь' ? 'Псков' : 'Тверь';
  await restCall(page, 'user/update', { id: dealer.id, fields: { city } });

  await page.goto('/audit/');
  // The staff member filter lists who wrote, by name.
  await page.getByLabel('Сотрудник').click();
  const option = page.getByRole('option', { name: /\(admin\)/ });
  await option.click();
  await page.getByLabel('№ объекта').fill(String(dealer.id));
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page).toHaveURL(new RegExp(`user=${me.id}`));
  const entry = page.getByTestId('audit-row').first();
  await expect(entry.getByRole('link', { name: `Пользователь № ${dealer.id}` })).toHaveAttribute(
    'href',
    `/user/${dealer.id}/`,
  );
  await expect(entry.getByTestId('audit-user')).toContainText('(admin)');
  await expect(entry.getByTestId('audit-change').first()).toContainText('Город');
  await expect(entry.getByTestId('audit-change').first()).toContainText(`→ ${city}`);
  await expect(entry).not.toContainText('city');
  await shot(page, 'audit-admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(entry).toBeVisible();
  await fitsTheScreen(page);
  await shot(page, 'audit-admin-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A content edit reads by its field's name with a link to its section; the whole log fits a phone too.
  const faq = await restCall<{
    items: Array<{ id: number; question: string; answer: string; sort: number; active: boolean }>;
  }>(page, 'faq/admin-list', {});
  const { id, question, answer, sort, active } = faq.items[0]!;
  await restCall(page, 'faq/update', { id, fields: { question: `${question} (уточнено)`, answer, sort, active } });
  await restCall(page, 'faq/update', { id, fields: { question, answer, sort, active } });
  await page.goto('/audit/');
  const faqEntry = page.getByTestId('audit-row').nth(1);
  await expect(faqEntry.getByRole('link', { name: `Частый вопрос № ${id}` })).toHaveAttribute(
    'href',
    '/admin/content/faq/',
  );
  await expect(faqEntry.getByTestId('audit-change')).toHaveText([`Вопрос${question} → ${question} (уточнено)`]);
  await shot(page, 'audit-admin-all');
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsTheScreen(page);
  await shot(page, 'audit-admin-all-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
});

for (const who of ['admin', 'employee'] as const) {
  test(`the ${who}’s menu has no buyer’s entries, one icon each, on a wide screen and a phone`, async ({ page }) => {
    await signIn(page, who);
    const nav = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Каталог' }) });
    await expect(nav.getByRole('link', { name: 'Рабочий стол' })).toBeVisible();
    for (const name of BUYER_ENTRIES) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Заказы', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('active-basket')).toHaveCount(0);
    if (who === 'admin') {
      for (const name of ['Заказы дилеров', 'Журнал изменений', 'Обмен с 1С', 'Контент'])
        await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    // One icon per entry: no two entries draw the same picture.
    const icons = await nav
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((a) => a.querySelector('svg')?.getAttribute('data-testid') ?? '').filter((name) => name !== ''),
      );
    expect(new Set(icons).size, icons.join()).toBe(icons.length);
    await shot(page, `menu-${who}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page
      .getByRole('navigation')
      .filter({ has: page.getByRole('link', { name: 'Каталог' }) })
      .last();
    await expect(drawer.getByRole('link', { name: 'Каталог' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Корзины' })).toHaveCount(0);
    await shot(page, `menu-${who}-phone`);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
}
