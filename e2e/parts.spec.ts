import { expect, test, type Page } from '@playwright/test';
import { shot, signIn } from './support/portal';

/**
 * Replacement numbers (decision 205) in the browser, on the demo data: a dealer who knows only an old number
 * pastes it into «Заказ по номерам» and gets the current part, told what replaced what; an old set number adds
 * its parts with their quantities; the product card shows the chain both ways.
 */

async function newActiveBasket(page: Page) {
  await page.getByTestId('active-basket').click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Создать корзину' }).click();
  await expect(page).toHaveURL(/\/basket\/\d+\/$/);
}

test('a dealer pastes old numbers and gets the current parts, a set with its quantities', async ({ page }) => {
  await signIn(page, 'dealer');
  await newActiveBasket(page);
  await page.goto('/basket/create/');
  await page.getByLabel('Номера деталей и количество').fill('AR 58956 2\nРСМ-10.01.50.100 3');
  await page.getByRole('button', { name: 'Проверить' }).click();
  const lines = page.getByTestId('resolve-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText('номер заменён: AR58956 → RE57394 → RE504836');
  await expect(lines.nth(1)).toContainText('номер заменён: РСМ-10.01.50.100 → РСМ-10.01.50.115 (× 2 на 1 шт.)');
  await expect(lines.nth(2)).toContainText('номер заменён: РСМ-10.01.50.100 → 6205-2RS');
  await expect(page.getByLabel('Количество AR 58956')).toHaveValue('2');
  await expect(page.getByLabel('Количество РСМ-10.01.50.100').first()).toHaveValue('6');
  await shot(page, 'parts-quick-order-replaced');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'parts-quick-order-replaced-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Добавить в корзину (3)' }).click();
  await expect(page.getByTestId('resolve-added')).toBeVisible();
  await page.getByTestId('resolve-added').getByRole('link', { name: 'Открыть корзину' }).click();
  await expect(page.getByLabel('Количество RE504836')).toHaveValue('2');
  await expect(page.getByLabel('Количество РСМ-10.01.50.115')).toHaveValue('6');
  await expect(page.getByLabel('Количество 6205-2RS')).toHaveValue('3');
});

test('search by an old number shows the current part first; its card shows the chain both ways', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/search/?search=RE57394');
  await expect(page.getByText('Номер заменён: RE57394 → RE504836').first()).toBeVisible();
  await page.goto('/search/?search=RE504836');
  await page
    .getByRole('link', { name: /Фильтр масляный двигателя/ })
    .first()
    .click();
  const block = page.getByTestId('product-replacements');
  await expect(block).toContainText('Заменяет номера: RE57394, AR58956');
  await shot(page, 'parts-product-card');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'parts-product-card-phone');
});

test('an administrator replaces a number on the product card; a number replacing itself is refused with a clear message', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/search/?search=HD%2013%2F4');
  await page
    .getByRole('link', { name: /Фильтр гидравлический/ })
    .first()
    .click();
  const block = page.getByTestId('product-replacements');
  await expect(block).toContainText('Замен нет.');
  await block.getByRole('button', { name: 'Изменить замены' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Добавить замену' }).click();
  await dialog.getByLabel('Номер').fill('HD 13/5');
  await shot(page, 'parts-editor');
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(dialog).toBeHidden();
  // HD 13/5 is not in the catalogue: the link is kept and shown, the number is not followed (decision 205).
  await expect(block).toContainText('Заменён на HD 13/5 — не действует: нет в каталоге или дата не наступила');
  await block.getByRole('button', { name: 'Изменить замены' }).click();
  await dialog.getByRole('button', { name: 'Добавить замену' }).click();
  await dialog.getByLabel('Номер').nth(1).fill('HD 13/4');
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Номер не может заменять сам себя');
});
