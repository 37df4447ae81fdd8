import { expect, test } from '@playwright/test';
import { outbox, restCall, setOrderTidingsMinutes, shot, signIn, signOut } from './support/portal';

// The dealer is told of each change at once here (decision 195 gathers them; manager-day.spec.ts shows that).
test.beforeAll(async ({ browser }) => setOrderTidingsMinutes(browser, 0));

/**
 * The supplier's desk (decision 100): an administrator changes an order's status at the desk; the dealer sees
 * the notice, the e-mail (in DATA_DIR/mail) and the line in the order's «Изменения».
 */

test('an administrator changes an order status at the desk; the dealer is told by notice, e-mail and history', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // The administrator's dashboard shows what waits for staff, not a dealer's blocks.
  await expect(page.getByTestId('staff-waiting')).toBeVisible();
  await expect(page.getByTestId('last-orders')).toHaveCount(0);
  await shot(page, 'desk-dashboard');

  await page.getByRole('link', { name: 'Заказы дилеров' }).first().click();
  await expect(page.getByRole('heading', { name: 'Заказы дилеров', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Дилер' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Компания' })).toBeVisible();
  await shot(page, 'desk-orders');
  // Dates are typed as ДД.ММ.ГГГГ: a day that does not exist is marked and not applied, a real one goes to the
  // address as ГГГГ-ММ-ДД.
  await page.getByLabel('Дата с').fill('31.02.2026');
  await expect(page.getByText('Дата в виде ДД.ММ.ГГГГ')).toBeVisible();
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page).not.toHaveURL(/dateFrom/);
  await page.getByLabel('Дата с').fill('01.01.2026');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page).toHaveURL(/dateFrom=2026-01-01/);
  await expect(page.getByTestId('desk-order-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Сбросить' }).click();
  await expect(page).not.toHaveURL(/dateFrom/);

  // A new order of the dealer «dealer».
  const orders = await restCall<{ items: Array<{ id: number; dealer: { login: string }; status: { code: string } }> }>(
    page,
    'desk-order/list',
    { size: -1, filter: { dealer: 'dealer@' } },
  );
  const order = orders.items.find((o) => o.dealer.login === 'dealer' && o.status.code === 'N');
  expect(order, 'a new order of the demo dealer').toBeDefined();
  const id = order!.id;
  await page.getByLabel('Номер заказа или артикул').fill(String(id));
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByTestId('desk-order-row').first()).toContainText('dealer');
  await page
    .getByTestId('desk-order-row')
    .getByRole('link', { name: String(id) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/desk/order/${id}/$`));
  await expect(page.getByTestId('desk-summary')).toContainText('dealer');

  const mailsBefore = (await outbox()).length;
  await page.getByRole('combobox', { name: 'Статус', exact: true }).click();
  await page.getByRole('option', { name: 'Принят' }).click();
  await page.getByRole('button', { name: 'Сменить статус' }).click();
  await expect(page.getByText('Готово: дилер получит уведомление')).toBeVisible();
  await expect(page.getByTestId('desk-history')).toContainText('Статус: «Новый» → «Принят»');
  await shot(page, 'desk-order');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'desk-order-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The e-mail is in the outbox.
  await expect
    .poll(async () => (await outbox()).slice(mailsBefore).map((m) => m.subject))
    .toContain(`Заказ № ${id}: статус «Принят»`);
  const mail = (await outbox()).slice(mailsBefore).find((m) => m.subject === `Заказ № ${id}: статус «Принят»`)!;
  expect(mail.text).toContain('Статус: «Новый» → «Принят»');

  // The audit log has the action.
  await page.goto('/audit/');
  // Readable (decision 194): the order by its number, linked to the desk, and the status by its names.
  const entry = page.getByTestId('audit-row').first();
  await expect(entry.getByRole('link', { name: `Заказ № ${id}` })).toHaveAttribute('href', `/desk/order/${id}/`);
  await expect(entry.getByTestId('audit-change').first()).toContainText('Новый → Принят');
  await shot(page, 'desk-audit');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'desk-audit-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await signOut(page);
  await signIn(page, 'dealer');
  await page.goto('/notice/');
  await expect(page.getByText(`Заказ № ${id}: статус «Принят»`).first()).toBeVisible();
  await page.goto(`/order/${id}/`);
  await expect(page.getByTestId('order-history').last()).toContainText('Статус: «Новый» → «Принят»');
});

/** Decision 146: the desk attaches a commercial offer; the order's dealer downloads it, another dealer cannot. */
test('an administrator attaches a commercial offer; the dealer downloads it from the order', async ({ page }) => {
  await signIn(page, 'admin');
  const orders = await restCall<{ items: Array<{ id: number; dealer: { login: string }; from1C?: boolean }> }>(
    page,
    'desk-order/list',
    { size: -1, filter: { dealer: 'dealer@', isCanceled: false } },
  );
  // A portal order: one placed in 1C is read-only at the desk (decision 202).
  const id = orders.items.find((o) => o.dealer.login === 'dealer' && !o.from1C)!.id;
  await page.goto(`/desk/order/${id}/`);
  const card = page.getByTestId('desk-offer');
  await expect(card).toContainText('Коммерческое предложение не приложено');
  await card.getByLabel('Описание').fill('Скидка 5 % до 1 декабря');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  await page.getByTestId('desk-offer-file').setInputFiles({ name: 'КП.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(card).toContainText('Приложен файл «КП.pdf» · Скидка 5 % до 1 декабря');
  await expect(page.getByTestId('desk-history')).toContainText('Приложено коммерческое предложение: файл «КП.pdf»');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'desk-offer');

  await signOut(page);
  await signIn(page, 'dealer');
  await page.goto(`/order/${id}/`);
  const link = page.getByTestId('order-commerce-offer');
  await expect(link).toHaveText('Коммерческое предложение');
  const href = (await link.getAttribute('href'))!;
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect((await file.body()).equals(pdf)).toBe(true);
  await shot(page, 'order-offer');

  await signOut(page);
  await signIn(page, 'dealer2');
  expect((await page.request.get(href)).status()).toBe(404);
});
