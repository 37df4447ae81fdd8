import { expect, test, type Page } from '@playwright/test';
import { orderableArticles, restCall, shotBoth, signIn, signOut } from './support/portal';

/**
 * A personal manager per dealer and the desk's line edits (decisions 196, 199): the administrator assigns
 * `employee` as the manager of `dealer` on the dealer's card; the dealer sees the manager on the dashboard and
 * on the order; the employee's desk opens on «Мои дилеры», adds a line by part number, sets a discount, and
 * exports the selected order to Excel. Each screen is looked at at 1280 px and 390 px.
 */
const both = (page: Page, name: string) => shotBoth(page, `desk-manager-${name}`);

let dealerId = 0;

test.afterAll(async ({ browser }) => {
  // Other specs expect the employee's desk without a filter: the assignment is taken back.
  if (!dealerId) return;
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'admin');
  await restCall(page, 'manager/set', { userId: dealerId, managerId: null });
});

test('the administrator assigns a manager, the dealer sees them, the manager edits lines and exports', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const users = await restCall<{ items: Array<{ id: number; login: string }> }>(page, 'user/list', {
    filter: { search: 'dealer', group: 'DEALERS' },
    size: 50,
  });
  dealerId = users.items.find((u) => u.login === 'dealer')!.id;
  const employee = (await restCall<{ items: Array<{ id: number; name: string }> }>(page, 'manager/candidates', {}))
    .items[0]!;
  await page.goto(`/user/${dealerId}/`);
  const card = page.getByTestId('dealer-manager');
  await expect(card).toContainText('Не назначен');
  await card.getByLabel('Менеджер (сотрудник)').click();
  await page.getByRole('option', { name: employee.name }).click();
  await card.getByRole('button', { name: 'Назначить' }).click();
  await expect(card).toContainText(employee.name);
  await both(page, 'user-card');
  await signOut(page);

  // The dealer: the manager on the dashboard and on a new order.
  await signIn(page, 'dealer');
  await expect(page.getByTestId('my-manager')).toContainText(employee.name);
  await both(page, 'dashboard');
  const [article, added] = await orderableArticles(page, 2);
  const resolved = await restCall<{ lines: Array<{ candidates: Array<{ productId: number }> }> }>(
    page,
    'basket/resolve',
    { text: article },
  );
  const basket = await restCall<{ id: number }>(page, 'basket/create', {});
  await restCall(page, 'basket/add', {
    id: basket.id,
    fields: [{ product: resolved.lines[0]!.candidates[0]!.productId, quantity: 2 }],
  });
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
      comment: 'Нужно к пятнице',
    },
  });
  await page.goto(`/order/${order.id}/`);
  await expect(page.getByTestId('my-manager')).toContainText(employee.name);
  await signOut(page);

  // The employee: «Мои дилеры» is on, the order is there.
  await signIn(page, 'employee');
  await page.goto('/desk/order/');
  await expect(page.getByTestId('desk-mine').locator('input')).toBeChecked();
  const row = page.getByTestId('desk-order-row').filter({ has: page.getByRole('link', { name: String(order.id) }) });
  await expect(row).toBeVisible();
  await page.getByRole('link', { name: String(order.id), exact: true }).click();
  await expect(page.getByTestId('desk-summary')).toContainText('Комментарий дилера');

  // A line by part number, typed in lower case with spaces.
  const typed = added!.toLowerCase();
  const adder = page.getByTestId('desk-add-line');
  await adder.getByLabel('Добавить позицию: номер или название').fill(typed);
  await adder.getByRole('button', { name: 'Найти' }).click();
  await expect(adder.getByTestId('desk-candidate').first()).toContainText(added!);
  await adder.getByTestId('desk-candidate').first().getByRole('button', { name: 'Добавить' }).click();
  const history = page.getByTestId('desk-history');
  await expect(history).toContainText(`Добавлено: ${added}`);

  // A number that matches nothing is refused with a message.
  await adder.getByLabel('Добавить позицию: номер или название').fill('НЕТ-ТАКОЙ-ДЕТАЛИ-1');
  await adder.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByTestId('desk-add-line-error')).toContainText('не найдена в каталоге');

  // A discount within the employee's limit on the first line.
  await page.getByRole('button', { name: 'Изменить состав' }).click();
  await page.getByLabel(`Скидка, % ${article}`).fill('5');
  await page.getByRole('button', { name: 'Сохранить состав' }).click();
  await expect(history).toContainText(`${article}`);
  await expect(history).toContainText('цена');
  await both(page, 'desk-order');

  // Bulk: select the order and export it.
  await page.goto('/desk/order/');
  await row.getByRole('checkbox').check();
  await expect(page.getByTestId('desk-bulk')).toContainText('Выбрано: 1');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('desk-export').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  await both(page, 'desk-list');
});
