import { expect, test, type Page } from '@playwright/test';
import { outbox, restCall, setOrderTidingsMinutes, shotBoth, signIn } from './support/portal';

// The dealer is told of each change at once here (decision 195 gathers them; manager-day.spec.ts shows that).
test.beforeAll(async ({ browser }) => setOrderTidingsMinutes(browser, 0));

/**
 * Decision 193: an employee — a supplier's manager, not an administrator — opens the desk from the work
 * queue, takes a new order, cancels it with a reason and brings it back, the dialog asking the reason the
 * dealer is told. Screens at 1280 and 390 px (e2e/screenshots/desk-employee-*).
 */
const both = (page: Page, name: string) => shotBoth(page, `desk-employee-${name}`);

test('an employee processes a new order at the desk; leaving «Отменен» asks a reason', async ({ page }) => {
  await signIn(page, 'employee');
  // The work queue, without registrations (administrators moderate them).
  await expect(page.getByTestId('staff-waiting')).toBeVisible();
  await expect(page.getByTestId('waiting-newOrders')).toBeVisible();
  await expect(page.getByTestId('waiting-registrations')).toHaveCount(0);
  await both(page, 'dashboard');

  await page.getByTestId('waiting-newOrders').click();
  await expect(page).toHaveURL(/\/desk\/order\/\?status=/);
  await expect(page.getByRole('heading', { name: 'Заказы дилеров', level: 1 })).toBeVisible();
  await expect(page.getByTestId('desk-order-row').first()).toBeVisible();
  await both(page, 'orders');

  const orders = await restCall<{ items: Array<{ id: number; dealer: { login: string }; status: { code: string } }> }>(
    page,
    'desk-order/list',
    { size: -1, filter: { dealer: 'dealer2' } },
  );
  const order = orders.items.find((o) => o.status.code === 'N');
  expect(order, 'a new order of a demo dealer').toBeDefined();
  const id = order!.id;
  await page.goto(`/desk/order/${id}/`);
  await expect(page.getByTestId('desk-summary')).toContainText('dealer2');

  await page.getByRole('combobox', { name: 'Статус', exact: true }).click();
  await page.getByRole('option', { name: 'Принят' }).click();
  await page.getByRole('button', { name: 'Сменить статус' }).click();
  await expect(page.getByTestId('desk-history')).toContainText('Статус: «Новый» → «Принят»');

  // Cancelled with a reason; then «Отгружен» is out of reach, «Принят» asks for a reason.
  await page.getByLabel('Отменен', { exact: true }).click();
  await page.getByRole('dialog').getByLabel('Причина').fill('Дилер просил подождать');
  await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByTestId('desk-history')).toContainText('Дилер просил подождать');
  await page.getByRole('combobox', { name: 'Статус', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Отгружен' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: 'Принят' }).click();
  await page.getByRole('button', { name: 'Сменить статус' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Вывести заказ из статуса «Отменен»?');
  await expect(dialog.getByRole('button', { name: 'Подтвердить' })).toBeDisabled();
  await dialog.getByTestId('status-reason').fill('Товар пришёл');
  await both(page, 'reason');
  const mails = (await outbox()).length;
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByTestId('desk-history')).toContainText('Статус: «Отменен» → «Принят»');
  await expect(page.getByTestId('desk-history')).toContainText('Товар пришёл');
  await expect.poll(async () => (await outbox()).slice(mails).some((m) => m.text.includes('Товар пришёл'))).toBe(true);
  // An employee marks it paid; taking the mark back is an administrator's (decision 193).
  await page.getByLabel('Оплачен', { exact: true }).click();
  await expect(page.getByText('Снять отметку «Оплачен» может только администратор')).toBeVisible();
  await expect(page.getByLabel('Оплачен', { exact: true })).toBeDisabled();
  await both(page, 'order');
});
