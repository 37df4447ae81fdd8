import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { shot, signIn } from './support/portal';

/**
 * Decision 212: a dealer downloads the .xlsx price list from «Прайс-лист», creates a secret link (shown once)
 * that fetches the list without signing in, and revokes it after a confirmation. Screens at 1280 and 390 px
 * (e2e/screenshots/pricelists-*).
 */
async function both(page: Page, name: string) {
  await shot(page, `pricelists-${name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `pricelists-${name}-phone`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: page wider than 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a dealer downloads the .xlsx price list and manages a secret link', async ({ page, playwright }) => {
  await signIn(page, 'dealer');
  await page.goto('/price-list/');
  const block = page.getByRole('region', { name: 'Скачать прайс-лист' });
  await expect(block).toBeVisible();
  await block.getByLabel('Только в наличии').check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    block.getByRole('link', { name: 'Скачать', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^price-list-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = readFileSync(await download.path());
  // An .xlsx is a zip whose sheet carries the header and the dealer's rows.
  expect(file.subarray(0, 2).toString()).toBe('PK');
  expect(file.length).toBeGreaterThan(2_000);

  await block.getByRole('button', { name: 'Создать ссылку' }).click();
  await expect(block.getByText('больше она показана не будет')).toBeVisible();
  const url = await block.getByLabel('Ссылка').first().inputValue();
  expect(url).toMatch(/\/pricelist\/dpl_[A-Za-z0-9_-]{43}\.xlsx$/);
  await both(page, 'screen');

  // The dealer's 1C: no cookie, the link alone.
  const anonymous = await playwright.request.newContext();
  const csvUrl = url.replace(/\.xlsx$/, '.csv');
  const csv = await anonymous.get(csvUrl);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Артикул;Бренд;Наименование');

  const row = block.getByRole('row').nth(1);
  await row.getByRole('button', { name: /Отозвать ссылку/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Отозвать ссылку?' });
  await confirm.getByRole('button', { name: 'Отозвать' }).click();
  await expect(row).toContainText('отозвана');
  expect((await anonymous.get(csvUrl)).status()).toBe(404);
  await anonymous.dispose();
});
