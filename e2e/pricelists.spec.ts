import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { shotBoth, signIn } from './support/portal';

/**
 * Decision 212: a dealer downloads the .xlsx price list from «Прайс-лист», creates a secret link (shown once)
 * that fetches the list without signing in, and revokes it after a confirmation. Screens at 1280 and 390 px
 * (e2e/screenshots/pricelists-*).
 */
const both = (page: Page, name: string) => shotBoth(page, `pricelists-${name}`);

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

test('«Скачать» on a filtered price-list screen downloads the section with that filter (decision 214)', async ({
  page,
}) => {
  await signIn(page, 'dealer');
  await page.goto('/price-list/');
  const block = page.getByRole('region', { name: 'Скачать прайс-лист' });
  await expect(block).toBeVisible();
  // The whole section first, as .csv: the filter must leave some of it out.
  await block.getByLabel('Формат', { exact: true }).click();
  await page.getByRole('option', { name: /CSV/ }).click();
  await block.getByLabel('Что выгрузить').click();
  await page.getByRole('option', { name: /^Раздел «/ }).click();
  const link = block.getByRole('link', { name: 'Скачать', exact: true });
  const section = new URL((await link.getAttribute('href'))!, page.url()).searchParams.get('section');
  expect(section).toMatch(/^\d+$/);
  const whole = await (await page.request.get((await link.getAttribute('href'))!)).text();
  const wholeRows = whole.trim().split('\r\n').slice(1);
  expect(wholeRows.length).toBeGreaterThan(1);

  // The screen filtered by the section's first brand (its address carries the filter, as the smart filter writes it).
  const brand = wholeRows[0]!.split(';')[1]!;
  await page.goto(`/price-list/?section=${section}&F_BRAND=${encodeURIComponent(brand)}`);
  await expect(block.getByLabel('Что выгрузить')).toContainText('с текущим фильтром');
  const href = (await link.getAttribute('href'))!;
  const asked = new URL(href, page.url()).searchParams;
  expect(asked.get('section')).toBe(section);
  expect(asked.getAll('F_BRAND')).toEqual([brand]);
  await block.getByLabel('Формат', { exact: true }).click();
  await page.getByRole('option', { name: /CSV/ }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const rows = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n')
    .slice(1);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.length).toBeLessThanOrEqual(wholeRows.length);
  for (const row of rows) expect(row.split(';')[1]).toBe(brand);
  await both(page, 'filtered');
});
