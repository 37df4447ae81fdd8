import { expect, test, type Page } from '@playwright/test';
import { outbox, restCall, setOrderTidingsMinutes, shotBoth, signIn, signOut } from './support/portal';

/**
 * Decision 195: an employee takes a dealer's new order from the work queue and brings it to «Отгружен» in a
 * few steps (a flag set and cleared by a slip among them); the dealer receives one e-mail listing the changes
 * once the window of the site settings (1 minute here) has passed, and one notice, read with «Прочитать все».
 */
test.afterAll(async ({ browser }) => setOrderTidingsMinutes(browser, 0));

const both = (page: Page, name: string) => shotBoth(page, `manager-day-${name}`);

/** A new order of the demo dealer, placed through the dealer's own calls (basket, then order). */
async function dealerOrder(page: Page): Promise<number> {
  await signIn(page, 'dealer');
  const products = await restCall<{ items: Array<{ id: number; price: unknown; quantity?: number }> }>(
    page,
    'product/list',
    { size: 60, sort: { NAME: 'ASC' } },
  );
  const product = products.items.find((p) => p.price && (p.quantity ?? 1) > 0)!;
  const basket = await restCall<{ id: number }>(page, 'basket/create', {});
  await restCall(page, 'basket/add', { id: basket.id, fields: [{ product: product.id, quantity: 1 }] });
  const f = await restCall<{ fields: Array<{ id: string; options: Array<{ value: string; isPickup?: boolean }> }> }>(
    page,
    'order/get-fields',
    {},
  );
  const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
  const order = await restCall<{ id: number }>(page, 'order/create', {
    fields: {
      basket: basket.id,
      company: Number(opt('company')[0]!.value),
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      storage: Number(opt('storage')[0]!.value),
    },
  });
  await signOut(page);
  return order.id;
}

test('an employee brings a dealer’s order from the work queue to «Отгружен»; the dealer gets one e-mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await setOrderTidingsMinutes(browser, 1);
  const id = await dealerOrder(page);

  await signIn(page, 'employee');
  await page.getByTestId('waiting-newOrders').click();
  await expect(page).toHaveURL(/\/desk\/order\/\?status=/);
  await expect(page.getByTestId('desk-order-row').getByRole('link', { name: String(id) })).toBeVisible();
  await page
    .getByTestId('desk-order-row')
    .getByRole('link', { name: String(id) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/desk/order/${id}/$`));
  // The list's «Статус для выбранных» may still be on the page for a moment after the URL changes.
  await expect(page.getByTestId('desk-history')).toBeVisible();
  const dealerEmail = (await restCall<{ dealer: { email: string } }>(page, 'desk-order/get', { id })).dealer.email;
  const mails = (await outbox()).length;
  const history = page.getByTestId('desk-history');

  for (const [from, to] of [
    ['Новый', 'Принят'],
    ['Принят', 'Собирается'],
  ]) {
    await page.getByRole('combobox', { name: 'Статус', exact: true }).click();
    await page.getByRole('option', { name: to }).click();
    await page.getByRole('button', { name: 'Сменить статус' }).click();
    await expect(history).toContainText(`Статус: «${from}» → «${to}»`);
  }
  // A slip: «Есть проблемы» set and taken back, which the dealer is not told of.
  await page.getByLabel('Есть проблемы', { exact: true }).click();
  await expect(history).toContainText('Отмечено: «Есть проблемы»');
  await page.getByLabel('Есть проблемы', { exact: true }).click();
  await expect(history).toContainText('Снята отметка «Есть проблемы»');
  await page.getByLabel('Оплачен', { exact: true }).click();
  await expect(history).toContainText('Заказ отмечен как оплаченный');
  await page.getByRole('combobox', { name: 'Статус', exact: true }).click();
  await page.getByRole('option', { name: 'Отгружен' }).click();
  await page.getByRole('button', { name: 'Сменить статус' }).click();
  await expect(history).toContainText('Статус: «Собирается» → «Отгружен»');
  await both(page, 'order');

  // Nothing yet; one e-mail once the minute has passed, listing what changed from the dealer's side.
  const toDealer = async () =>
    (await outbox()).slice(mails).filter((m) => m.to.includes(dealerEmail) && m.subject.includes(`№ ${id}`));
  expect(await toDealer()).toHaveLength(0);
  await expect.poll(async () => (await toDealer()).length, { timeout: 180_000, intervals: [1_000] }).toBe(1);
  const [mail] = await toDealer();
  expect(mail!.subject).toBe(`Заказ № ${id}: статус «Отгружен»`);
  expect(mail!.text).toContain('Статус: «Новый» → «Отгружен»');
  expect(mail!.text).toContain('Заказ отмечен как оплаченный');
  expect(mail!.text).not.toContain('Есть проблемы');
  expect(mail!.html).toContain(`/order/${id}/`);
  await page.waitForTimeout(3_000);
  expect(await toDealer()).toHaveLength(1);
  await signOut(page);

  // One notice; «Прочитать все» marks it read.
  await signIn(page, 'dealer');
  await page.goto('/notice/');
  await expect(page.getByText(`Заказ № ${id}: статус «Отгружен»`)).toHaveCount(1);
  await both(page, 'notices');
  await page.getByRole('button', { name: /Прочитать все/ }).click();
  await expect(page.getByText('Все уведомления прочитаны')).toBeVisible();
  await expect(page.getByRole('button', { name: /Прочитать все/ })).toHaveCount(0);
});
