import { expect, test, type Page } from '@playwright/test';
import { restCall, shotBoth, signIn } from './support/portal';

/**
 * Decision 210/211: a dealer creates an API key in the profile (shown once), their «1C» calls /rest/ with
 * it and no cookie, the key is revoked after a confirmation and is refused from then on; staff see the
 * dealer's keys on the dealer's card; the API reference lists the methods. Screens at 1280 and 390 px
 * (e2e/screenshots/api-keys-*).
 */
const both = (page: Page, name: string) => shotBoth(page, `api-keys-${name}`);

test('a dealer creates a key, a system calls with it, the key is revoked; staff see it', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, 'dealer');
  await page.goto('/profile/');
  const card = page.getByRole('region', { name: 'Ключи API' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Создать ключ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый ключ API' });
  // An empty name is refused with the field's message.
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog.getByText('Не может быть пустым')).toBeVisible();
  await dialog.getByLabel('Название').fill('1С Бухгалтерия');
  await dialog.getByLabel(/^Заказы/).check();
  await dialog.getByRole('button', { name: 'Создать' }).click();
  const created = page.getByRole('dialog', { name: 'Ключ создан' });
  await expect(created.getByText('он показывается один раз', { exact: false })).toBeVisible();
  const token = await created.getByLabel('Ключ').inputValue();
  expect(token).toMatch(/^dpk_/);
  await both(page, 'created');
  await created.getByRole('button', { name: 'Готово' }).click();

  // The dealer's system: no cookie, no sessid, the key in the header.
  const call = (name: string, body: unknown) =>
    request.post(`/rest/${name}`, { headers: { authorization: `Bearer ${token}` }, data: body });
  const answer = await call('basket/resolve', { text: 'RE504836 2\nLF3349 4' });
  expect(answer.status()).toBe(200);
  expect(JSON.stringify(await answer.json())).toContain('RE504836');

  await page.reload();
  const row = card.getByRole('row', { name: /1С Бухгалтерия/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Заказы')).toBeVisible();
  await expect(row).not.toContainText('не использовался');
  await both(page, 'profile');

  // Staff see the dealer's key on the dealer's card.
  const me = await restCall<{ id: number }>(page, 'profile', {});
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'admin');
  await staff.goto(`/user/${me.id}/`);
  const dealerKeys = staff.getByRole('region', { name: 'Ключи API' });
  await expect(dealerKeys.getByRole('row', { name: /1С Бухгалтерия/ })).toBeVisible();
  await expect(dealerKeys.getByRole('button', { name: 'Создать ключ' })).toHaveCount(0);
  await both(staff, 'staff-card');
  await staffContext.close();

  // Revoked after a confirmation; the system is refused from then on.
  await row.getByRole('button', { name: 'Отозвать ключ «1С Бухгалтерия»' }).click();
  const confirm = page.getByRole('dialog', { name: 'Отозвать ключ?' });
  await expect(confirm).toContainText('Это нельзя отменить');
  await confirm.getByRole('button', { name: 'Отозвать' }).click();
  await expect(row).toContainText('Отозван');
  const refused = await call('product/list', { size: 1 });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error_description).toBe('Ключ API недействителен или отозван');
});

test('the API reference lists the methods open to keys with their inputs and results', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/profile/');
  await page.getByRole('link', { name: 'Описание API для разработчиков' }).click();
  await expect(page.getByRole('heading', { name: 'API для разработчиков', level: 1 })).toBeVisible();
  await expect(page.getByText('POST /rest/product/list')).toBeVisible();
  await expect(page.getByText('POST /rest/api-key/create')).toHaveCount(0);
  await page.getByLabel('Поиск метода').fill('order/create');
  await page.getByText('POST /rest/order/create').click();
  await expect(page.getByText('Ответ (result)')).toBeVisible();
  await expect(page.getByText('idempotencyKey').first()).toBeVisible();
  await both(page, 'reference');
  // Parts know-how (decision 210's scopes): the dealer's requests for arrivals are there, the back office's editor is not.
  await page.getByLabel('Поиск метода').fill('arrival');
  await expect(page.getByText('POST /rest/product/arrivals', { exact: true })).toBeVisible();
  await expect(page.getByText('POST /rest/arrival-subscription/create')).toBeVisible();
  await expect(page.getByText('POST /rest/product/arrivals-update')).toHaveCount(0);
  await both(page, 'reference-arrivals');
});
