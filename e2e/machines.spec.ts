import { expect, test, type Page } from '@playwright/test';
import { restCall, shot, signIn } from './support/portal';

/**
 * The dealer's machines (decisions 208, 209) in the browser, on the demo data: the dealer adds a machine to
 * «Моя техника», narrows the catalogue «для моей техники», sees on the card that the part fits it, checks out
 * with the machine and «Машина стоит»; the order is marked for the dealer and comes first on the order desk.
 */

async function newActiveBasket(page: Page) {
  await page.getByTestId('active-basket').click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Создать корзину' }).click();
  await expect(page).toHaveURL(/\/basket\/\d+\/$/);
}

test('a dealer adds a machine, narrows the catalogue to it and checks out with «Машина стоит»', async ({ page }) => {
  await signIn(page, 'dealer');

  // «Моя техника»: the two demo machines, and a third one added from the catalogue's models.
  await page.getByRole('link', { name: 'Моя техника' }).first().click();
  await expect(page).toHaveURL(/\/machines\/$/);
  await expect(page.getByTestId('machine-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Добавить машину' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Модель техники').fill('Tucano');
  await page.getByRole('option', { name: 'Tucano 450' }).click();
  await dialog.getByLabel('Серийный номер или VIN').fill('c4500777');
  await dialog.getByLabel('Год выпуска').fill('2021');
  await dialog.getByLabel('Своё название').fill('Комбайн №3');
  // The labels float up as the fields fill (a 200 ms transition): the picture is taken once they have.
  await page.waitForTimeout(400);
  await shot(page, 'machines-dialog');
  await dialog.getByLabel('Своё название').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('machine-row')).toHaveCount(3);
  await expect(page.getByTestId('machine-row').nth(2)).toContainText('C4500777');
  await shot(page, 'machines-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'machines-list-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Search narrowed «для моей техники» to the new machine: every part found is of its model.
  await page.goto('/search/?search=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80');
  await page.getByLabel('Для моей техники').click();
  await page.getByRole('option', { name: 'Комбайн №3 · Tucano 450' }).click();
  await expect(page).toHaveURL(/F_MACHINE=\d+/);
  const machineId = Number(/F_MACHINE=(\d+)/.exec(page.url())![1]);
  const narrowed = await restCall<{ count: number; items: Array<{ id: number }> }>(page, 'product/list', {
    filter: { search: 'фильтр', F_MACHINE: String(machineId) },
    size: 5,
  });
  const all = await restCall<{ count: number }>(page, 'product/list', { filter: { search: 'фильтр' }, size: 1 });
  expect(narrowed.count).toBeGreaterThan(0);
  expect(narrowed.count).toBeLessThan(all.count);
  await shot(page, 'machines-search-narrowed');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'machines-search-narrowed-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The card of a part found says it fits the machine; it goes into a fresh basket.
  await newActiveBasket(page);
  await page.goto(`/product/${narrowed.items[0]!.id}`);
  await expect(page.getByTestId('product-machines')).toContainText('Комбайн №3 (Tucano 450)');
  await shot(page, 'machines-product-card');
  await page.getByRole('button', { name: 'В корзину' }).first().click();
  await expect(page.getByTestId('active-basket')).toContainText('1');

  // Checkout: the machine fills the model, «Машина стоит» marks the order urgent.
  await page.goto('/order/create/');
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await page.getByLabel('Машина из «Моей техники»').click();
  await page.getByRole('option', { name: /Комбайн №3/ }).click();
  await expect(page.getByLabel('Модель техники')).toHaveValue('Tucano 450');
  await page.getByRole('checkbox', { name: 'Машина стоит — срочный заказ' }).check();
  await expect(page.getByTestId('urgent-notice')).toContainText('Комбайн №3');
  await shot(page, 'machines-checkout');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'machines-checkout-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/$/);
  const orderId = Number(/\/order\/(\d+)\//.exec(page.url())![1]);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('urgent-flag')).toBeVisible();
  await expect(summary).toContainText('Комбайн №3 · Tucano 450 · C4500777 · 2021');
  await shot(page, 'machines-order');
  await page.goto('/order/');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: String(orderId) })
      .getByTestId('urgent-flag')
      .first(),
  ).toBeVisible();
});

test('the order desk shows the urgent order first, with the machine', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/desk/order/');
  const first = page.getByTestId('desk-order-row').first();
  await expect(first.getByTestId('urgent-flag').first()).toBeVisible();
  await expect(first).toContainText('Комбайн №3 · Tucano 450 · C4500777 · 2021');
  await shot(page, 'machines-desk');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'machines-desk-phone');
});
