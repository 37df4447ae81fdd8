import { expect, test, type Page } from '@playwright/test';
import { restCall, shot, signIn, signOut } from './support/portal';

/** The back office's site settings and content editing (decision 120). */

async function phone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the supplier’s phone changed in the settings shows in a dealer’s footer and on the bill', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Настройки сайта' }).first().click();
  await expect(page).toHaveURL(/\/admin\/settings\/$/);
  await expect(page.getByRole('heading', { name: 'Настройки сайта', level: 1 })).toBeVisible();
  const supplier = page.getByRole('region', { name: 'Реквизиты поставщика' });
  // One phone (decision 190): the header, the footer and the bill show it.
  const field = supplier.getByLabel('Телефон (в шапке, подвале и счёте)');
  await expect(field).toHaveValue('+7 (800) 555-27-40');
  await shot(page, 'content-admin-settings');
  await phone(page, 'content-admin-settings-phone');

  // A wrong value is refused in place, in Russian, and nothing is saved.
  await supplier.getByLabel('ИНН').fill('7701234561');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(supplier.getByText('Неверный ИНН: не сходится контрольное число')).toBeVisible();
  await supplier.getByLabel('ИНН').fill('7701234560');

  await field.fill('+7 (495) 765-43-21');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Настройки сохранены')).toBeVisible();
  await signOut(page);

  await signIn(page, 'dealer');
  await expect(page.getByTestId('footer-phone')).toHaveText('+7 (495) 765-43-21');
  await expect(page.getByTestId('header-phone')).toHaveText('+7 (495) 765-43-21');
  const orders = await restCall<{ items: Array<{ id: number }> }>(page, 'order/list', { page: 1, size: 1 });
  const orderId = orders.items[0]!.id;
  await page.goto(`/bill/${orderId}/print/`);
  await expect(page.getByTestId('bill')).toContainText('+7 (495) 765-43-21');
  await expect(page.getByTestId('bill')).not.toContainText('555-27-40');
  await shot(page, 'content-admin-bill-phone');
});

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNg81EHIgYIBQAMxgHlYCGbewAAAABJRU5ErkJggg==',
  'base64',
);

test('an administrator publishes a news item with a picture and a dealer reads it', async ({ page }) => {
  // Its own title on each attempt: a retry meets the first attempt's news item in the same database.
  const title = `Летняя распродажа фильтров ${Date.now() % 1e6}`;
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Контент' }).first().click();
  await expect(page).toHaveURL(/\/admin\/content\/news\/$/);
  await expect(page.getByRole('heading', { name: 'Новости', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Новая новость' })).toBeVisible();

  // Saving without a title is refused in place.
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(dialog.getByText('Не может быть пустым')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(title);
  await dialog.getByLabel('Картинка в новости: Загрузить').setInputFiles({
    name: 'sale.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(dialog.getByRole('img', { name: 'Просмотр: Картинка в новости' })).toBeVisible();
  const preview = dialog.getByRole('textbox', { name: 'Анонс' });
  await preview.click();
  await page.keyboard.type('Скидка 15 % на масляные фильтры.');
  const detail = dialog.getByRole('textbox', { name: 'Текст новости' });
  await detail.click();
  await page.keyboard.type('Распродажа длится ');
  const bold = dialog
    .getByRole('toolbar', { name: 'Оформление: Текст новости' })
    .getByRole('button', { name: 'Жирный' });
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('до конца июля');
  await shot(page, 'content-admin-news-editor');
  // A new item is a draft (decision 190): it is published on purpose.
  await dialog.getByRole('switch', { name: 'Опубликована' }).check();
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  await shot(page, 'content-admin-news');
  await phone(page, 'content-admin-news-phone');
  await signOut(page);

  await signIn(page, 'dealer');
  const news = page.getByTestId('dashboard-news');
  await news.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('strong', { hasText: 'до конца июля' })).toBeVisible();
  const img = page.locator('main img[src^="/upload/content/"]').first();
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(2);
});

test('an administrator adds a warehouse, a dealer sees it, the administrator deletes it after asking', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/content/storages/');
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Название', exact: true }).fill('Склад Самара');
  await dialog.getByLabel('Адрес').fill('г. Самара, Заводское шоссе, 5');
  await dialog.getByLabel('Широта').fill('53.2');
  await dialog.getByLabel('Часы работы').fill('Круглосуточно, без выходных');
  await dialog.getByRole('button', { name: 'Добавить телефон' }).click();
  await dialog.getByRole('textbox', { name: 'Телефон 1', exact: true }).fill('не телефон');
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(dialog.getByText('Введите корректный номер телефона')).toBeVisible();
  await expect(dialog.getByText('Укажите обе координаты или ни одной')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Телефон 1', exact: true }).fill('+7 (846) 200-00-00');
  await dialog.getByLabel('Долгота').fill('50.15');
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(dialog).toBeHidden();
  await signOut(page);

  await signIn(page, 'dealer');
  await page.goto('/storage/');
  await page.getByRole('link', { name: /Склад Самара/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Склад Самара');
  await expect(page.getByText('Круглосуточно, без выходных')).toBeVisible();
  await expect(page.getByText('+7 (846) 200-00-00')).toBeVisible();
  await signOut(page);

  await signIn(page, 'admin');
  await page.goto('/admin/content/storages/');
  await page.getByRole('button', { name: 'Удалить: Склад Самара' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: 'Удалить «Склад Самара»?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('cell', { name: 'Склад Самара', exact: true })).toHaveCount(0);
});
