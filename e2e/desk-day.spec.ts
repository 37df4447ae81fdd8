import { expect, test, type Page } from '@playwright/test';
import { restCall, setOrderTidingsMinutes, shot, shotBoth, signIn, signOut } from './support/portal';

/**
 * An administrator runs a day at the desk in the browser — the dashboard's waiting
 * counts, the staff lists with the dealer and the company, an appeal answered, an order's bill attached as a
 * file and opened, then replaced by the generated one only after confirming — and the dealer sees the result.
 * Every screen is photographed at 1280 and 390 px (e2e/screenshots/desk-day-*).
 */
const both = (page: Page, name: string) => shotBoth(page, `desk-day-${name}`);

// The dealer is told of each change at once here (decision 195 gathers them; manager-day.spec.ts shows that).
test.beforeAll(async ({ browser }) => setOrderTidingsMinutes(browser, 0));

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNg81EHIgYIBQAMxgHlYCGbewAAAABJRU5ErkJggg==',
  'base64',
);

test('an administrator’s day at the desk; the dealer sees the result', async ({ page }) => {
  // The dealer asks support something.
  await signIn(page, 'dealer');
  await page.goto('/support/create/');
  await page.getByRole('textbox', { name: /^Тема\s*\*?$/ }).fill('Когда придёт счёт?');
  await page.getByRole('textbox', { name: /^Сообщение/ }).fill('Подскажите, когда будет счёт по последнему заказу.');
  await page.getByRole('checkbox', { name: /Я согласен/ }).check();
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText(/Обращение № \d+ отправлено/)).toBeVisible();
  await signOut(page);

  await signIn(page, 'admin');
  await expect(page.getByTestId('staff-waiting')).toBeVisible();
  await both(page, 'dashboard');

  // The staff lists name the dealer and the company, in staff wording.
  for (const [link, title, name] of [
    ['/returns/', 'Возвраты дилеров', 'returns'],
    ['/wishes/', 'Заявки дилеров', 'wishes'],
    ['/support/', 'Обращения дилеров', 'support'],
  ] as const) {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Дилер' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Компания' })).toBeVisible();
    await both(page, name);
    // Filtered by a dealer nobody is: the filter stays in the address and the list says nothing matches.
    const filters = page.getByRole('search', { name: 'Фильтр по дилеру и компании' });
    await filters.getByLabel('Дилер (логин, имя, e-mail)').fill('нет-такого-дилера');
    await filters.getByRole('button', { name: 'Найти' }).click();
    await expect(page).toHaveURL(/dealer=/);
    await expect(page.getByText('Ничего не найдено')).toBeVisible();
    await both(page, `${name}-nothing`);
    await filters.getByRole('button', { name: 'Сбросить' }).click();
    await expect(page).not.toHaveURL(/dealer=/);
  }
  // The appeal waits; the administrator answers it from the list.
  await page.goto('/support/');
  const appeal = page.getByRole('row').filter({ hasText: 'Когда придёт счёт?' });
  await expect(appeal).toContainText('ООО «АгроМаш»');
  await appeal.getByRole('link').first().click();
  await page.getByLabel('Текст ответа').fill('Счёт выставим сегодня, он появится в заказе.');
  await page.getByRole('button', { name: 'Отправить ответ' }).click();
  await expect(page.getByText('Ответ сохранён, дилер получит письмо')).toBeVisible();
  await both(page, 'appeal');

  // An order of the dealer at the desk: the bill attached as a file opens for the administrator.
  const orders = await restCall<{
    items: Array<{ id: number; dealer: { login: string }; isCanceled: boolean; from1C?: boolean }>;
  }>(page, 'desk-order/list', { size: -1, filter: { dealer: 'dealer@' } });
  // A portal order: one placed in 1C is read-only at the desk (decision 202).
  const id = orders.items.find((o) => o.dealer.login === 'dealer' && !o.isCanceled && !o.from1C)!.id;
  await page.goto(`/desk/order/${id}/`);
  const bill = page.getByTestId('desk-bill');
  await bill.locator('input[type=file]').setInputFiles({ name: 'счёт-1С.png', mimeType: 'image/png', buffer: PNG });
  await expect(bill).toContainText('Приложен файл «счёт-1С.png»');
  const href = await bill.getByTestId('desk-bill-open').getAttribute('href');
  expect(href).toMatch(/^\/files\/\d+\/download$/);
  const opened = await page.request.get(href!);
  expect(opened.status()).toBe(200);
  expect(Buffer.from(await opened.body()).equals(PNG)).toBe(true);
  await expect(page.getByTestId('desk-history')).toContainText('Счёт выставлен: файл «счёт-1С.png»');
  await both(page, 'order-bill');
  // «Сформировать заново» asks first; cancelling keeps the file.
  await bill.getByRole('button', { name: 'Сформировать заново' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: 'Заменить приложенный счёт?' })).toBeVisible();
  await shot(page, 'desk-day-bill-confirm');
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(bill).toContainText('Приложен файл «счёт-1С.png»');
  await signOut(page);

  // The dealer is told «счёт выставлен» and opens the attached file from the order.
  await signIn(page, 'dealer');
  await page.goto('/notice/');
  await expect(page.getByText(`Заказ № ${id}: счёт выставлен`).first()).toBeVisible();
  await page.goto(`/order/${id}/`);
  await expect(page.getByTestId('order-bill-file')).toHaveAttribute('href', href!);
  await both(page, 'dealer-order');
  await page.goto(`/bill/${id}/print/`);
  await expect(page.getByTestId('bill-attached')).toContainText('счёт-1С.png');
  await page.goto('/support/');
  await expect(page.getByRole('row').filter({ hasText: 'Когда придёт счёт?' })).toBeVisible();
  await both(page, 'dealer-support');
});

test('an employee filters the staff lists by dealer and company', async ({ page }) => {
  await signIn(page, 'employee');
  for (const [link, title, name] of [
    ['/returns/', 'Возвраты дилеров', 'returns'],
    ['/wishes/', 'Заявки дилеров', 'wishes'],
    ['/support/', 'Обращения дилеров', 'support'],
  ] as const) {
    await page.goto(`${link}?dealer=dealer&company=${encodeURIComponent('АгроМаш')}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Дилер (логин, имя, e-mail)' })).toHaveValue('dealer');
    await expect(page.getByRole('textbox', { name: 'Компания или ИНН' })).toHaveValue('АгроМаш');
    await both(page, `${name}-employee`);
  }
  // The appeal filed above is the dealer's, of ООО «АгроМаш»: the filtered list shows it.
  await expect(page.getByRole('row').filter({ hasText: 'Когда придёт счёт?' })).toBeVisible();
});
