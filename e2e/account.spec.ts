import { expect, test, type Page } from '@playwright/test';
import { shot, signIn } from './support/portal';

/**
 * Decision 200: a dealer opens «Взаиморасчёты» (the demo contract's limit, debt, an overdue bill, the ledger),
 * downloads the акт сверки as .xlsx and opens it to print, then downloads an УПД from «Документы».
 * Screens at 1280 and 390 px (e2e/screenshots/account-*).
 */
async function both(page: Page, name: string) {
  await shot(page, `account-${name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `account-${name}-phone`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: page wider than 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a dealer opens the account, downloads the акт сверки and an УПД', async ({ page }) => {
  await signIn(page, 'dealer');
  // The dashboard tile: debt, overdue, available credit.
  await expect(page.getByTestId('account-tile')).toContainText('Просрочено');
  await both(page, 'dashboard');
  await page.getByRole('link', { name: 'Взаиморасчёты' }).first().click();
  await expect(page.getByRole('heading', { name: 'Взаиморасчёты', level: 1 })).toBeVisible();
  const card = page.getByTestId('contract-card').first();
  await expect(card).toContainText('Договор поставки № Д-15/2025');
  await expect(card).toContainText('Кредитный лимит');
  await expect(card).toContainText('500 000');
  await expect(card.getByText('Просрочен', { exact: true })).toBeVisible();
  await expect(page.getByTestId('ledger-row').first()).toBeVisible();
  await both(page, 'settlements');

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Скачать .xlsx' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^akt-sverki-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = await xlsx.createReadStream().then(
    (s) =>
      new Promise<Buffer>((resolve) => {
        const parts: Buffer[] = [];
        s.on('data', (p: Buffer) => parts.push(p));
        s.on('end', () => resolve(Buffer.concat(parts)));
      }),
  );
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  await page.getByRole('link', { name: 'Акт сверки' }).click();
  await expect(page.getByRole('heading', { name: /Акт сверки взаимных расчётов за период/ })).toBeVisible();
  await expect(page.getByTestId('act-row').first()).toBeVisible();
  await expect(page.getByTestId('act-closing')).toBeVisible();
  await both(page, 'act');

  await page.goto('/account/documents/?type=shipment');
  await expect(page.getByRole('heading', { name: 'Документы', level: 1 })).toBeVisible();
  const row = page.getByTestId('document-row').filter({ hasText: 'РТ-00000421' });
  await expect(row).toBeVisible();
  await both(page, 'documents');
  const [upd] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /Скачать УПД РТ-00000421\.pdf/ }).click(),
  ]);
  expect(upd.suggestedFilename()).toBe('УПД РТ-00000421.pdf');

  // The order the УПД ships, in part: shipped and remaining per line, its documents.
  await row.getByRole('link', { name: /№ \d+/ }).click();
  const shipments = page.getByTestId('order-shipments');
  await expect(shipments).toContainText('РТ-00000421');
  await expect(shipments).toContainText('PEK-20261124-0042');
  await expect(shipments.getByTestId('shipped-line').first()).toBeVisible();
  await shipments.scrollIntoViewIfNeeded();
  await both(page, 'order');

  // Checkout names the chosen company's available credit and its overdue debt.
  await page.goto('/basket/create/');
  await page.getByLabel('Номера деталей и количество').fill('RE504836 2');
  await page.getByRole('button', { name: 'Проверить' }).click();
  await page.getByRole('button', { name: 'Добавить в корзину (1)' }).click();
  await expect(page.getByRole('link', { name: /корзин/i }).first()).toBeVisible();
  await page.goto('/order/create/');
  await expect(page.getByTestId('checkout-credit')).toContainText('Доступный кредит: 315 650');
  await expect(page.getByTestId('checkout-credit')).toContainText('Просроченный долг: 42 600');
  await both(page, 'checkout');
});
