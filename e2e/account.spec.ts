import { expect, test, type Page } from '@playwright/test';
import { shotBoth, signIn, signOut } from './support/portal';

/**
 * Decision 200: a dealer opens «Взаиморасчёты» (the demo contract's limit, debt, an overdue bill, the ledger),
 * downloads the акт сверки as .xlsx and opens it to print, then downloads an УПД from «Документы».
 * Screens at 1280 and 390 px (e2e/screenshots/account-*).
 */
const both = (page: Page, name: string) => shotBoth(page, `account-${name}`);

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

/**
 * Decisions 201 and 202: with the credit rule on «warn» the dealer is warned at checkout and on the order; an
 * order placed in 1C is in the order list, marked and read-only, with its shipment and УПД; staff see the
 * company's account on the desk's order. Screens at 1280 and 390 px.
 */
test('credit warning at checkout, an order from 1C, the account on the desk', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/settings/');
  await page.getByRole('combobox', { name: 'Кредитное правило при оформлении заказа' }).click();
  await page.getByRole('option', { name: 'Принимать с предупреждением' }).click();
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText(/сохранен/i).first()).toBeVisible();
  await signOut(page);

  await signIn(page, 'dealer');
  await page.goto('/basket/create/');
  await page.getByLabel('Номера деталей и количество').fill('RE504836 1');
  await page.getByRole('button', { name: 'Проверить' }).click();
  await page.getByRole('button', { name: 'Добавить в корзину (1)' }).click();
  await expect(page.getByRole('link', { name: /корзин/i }).first()).toBeVisible();
  await page.goto('/order/create/');
  const credit = page.getByTestId('checkout-credit');
  await expect(credit).toContainText('Просроченный долг: 42 600');
  await expect(credit).toContainText('Заказ будет принят с предупреждением');
  await both(page, 'checkout-warn');
  const pay = page.getByRole('combobox', { name: 'Способ оплаты' });
  if (!(await pay.innerText()).includes('Безналичный')) {
    await pay.click();
    await page.getByRole('option', { name: 'Безналичный расчёт' }).click();
  }
  await page.getByRole('radio', { name: 'Доставка' }).check();
  await page.getByLabel('Адрес доставки').fill('г. Казань, ул. Складская, д. 5');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/$/);
  await expect(page.getByTestId('order-credit-warning')).toContainText('42 600');

  // The order placed by phone, in the list only with «из 1С», read-only, shipped in part.
  await page.goto('/order/?from1C=Y');
  const row = page.getByTestId('order-row').filter({ hasText: 'ЗК-00000977' });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(row.getByTestId('from-1c').first()).toBeVisible();
  await expect(row.getByTestId('ship-state').first()).toContainText('Отгружен частично');
  await both(page, 'orders-from-1c');
  await row.getByRole('link', { name: /№ \d+/ }).click();
  await expect(page.getByTestId('order-from-1c')).toContainText('Заказ оформлен в 1С');
  await expect(page.getByRole('button', { name: 'Повторить заказ' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Корректировать' })).toHaveCount(0);
  const shipments = page.getByTestId('order-shipments');
  await expect(shipments).toContainText('РТ-00000433');
  await expect(shipments).toContainText('DL-26-0977-3');
  await expect(shipments.getByTestId('shipped-line').first()).toBeVisible();
  const [upd] = await Promise.all([
    page.waitForEvent('download'),
    shipments.getByRole('button', { name: /УПД РТ-00000433\.pdf/ }).click(),
  ]);
  expect(upd.suggestedFilename()).toBe('УПД РТ-00000433.pdf');
  const orderUrl = page.url();
  await shipments.scrollIntoViewIfNeeded();
  await both(page, 'order-from-1c');
  await signOut(page);

  // The desk: the order's shipments and documents, and the company's account.
  await signIn(page, 'employee');
  await page.goto(orderUrl.replace('/order/', '/desk/order/'));
  const account = page.getByTestId('company-account');
  await expect(account).toContainText('Кредитный лимит');
  await expect(account.getByTestId('company-account-overdue')).toContainText('42 600');
  await expect(page.getByTestId('order-shipments')).toContainText('РТ-00000433');
  await both(page, 'desk-order');
});
