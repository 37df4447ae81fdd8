import { expect, test, type Page } from '@playwright/test';
import { orderableArticles, restCall, shotBoth, signIn, signOut } from './support/portal';

/**
 * A manager per company (decision 227): the administrator assigns `employee` to one of the dealer's companies
 * on the dealer's card; the dealer, who has no personal manager, sees that manager on the company's order; the
 * desk's lines of that order read on a phone as cards, without scrolling sideways. Each screen is looked at at
 * 1280 px and 390 px.
 */
const both = (page: Page, name: string) => shotBoth(page, `company-manager-${name}`);

let companyId = 0;

test.afterAll(async ({ browser }) => {
  // Other specs expect the dealer's orders served by the dealer's manager: the assignment is taken back.
  if (!companyId) return;
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'admin');
  await restCall(page, 'manager/set-company', { counterpartyId: companyId, managerId: null });
});

test('the administrator assigns a company’s manager; the dealer sees them on that company’s order', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const users = await restCall<{ items: Array<{ id: number; login: string }> }>(page, 'user/list', {
    filter: { search: 'dealer', group: 'DEALERS' },
    size: 50,
  });
  const dealerId = users.items.find((u) => u.login === 'dealer')!.id;
  const employee = (await restCall<{ items: Array<{ id: number; name: string }> }>(page, 'manager/candidates', {}))
    .items[0]!;
  const card = await restCall<{ manager: unknown; companies: Array<{ id: number; name: string }> }>(
    page,
    'manager/of',
    { userId: dealerId },
  );
  expect(card.manager, 'the dealer has no personal manager here').toBeNull();
  companyId = card.companies[0]!.id;

  await page.goto(`/user/${dealerId}/`);
  const row = page.getByTestId(`company-manager-${companyId}`);
  await expect(row).toContainText('Свой не назначен');
  await row.getByLabel('Менеджер компании').click();
  await page.getByRole('option', { name: employee.name }).click();
  await row.getByRole('button', { name: 'Назначить' }).click();
  await expect(row).toContainText(employee.name);
  // The dealer's own manager is still none.
  await expect(page.getByTestId('dealer-manager')).toContainText('Не назначен');
  await both(page, 'user-card');
  await signOut(page);

  // The dealer: no manager on the dashboard, the company's manager on the company's order.
  await signIn(page, 'dealer');
  const [article] = await orderableArticles(page, 1);
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
      company: companyId,
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      storage: Number(opt('storage')[0]!.value),
    },
  });
  await page.goto(`/order/${order.id}/`);
  await expect(page.getByTestId('my-manager')).toContainText(employee.name);
  await both(page, 'order');
  await signOut(page);

  // The employee's desk: the order's lines as a table at 1280 px and as cards at 390 px.
  await signIn(page, 'employee');
  await page.goto(`/desk/order/${order.id}/`);
  const lines = page.getByTestId('desk-lines');
  await expect(lines.locator('table')).toBeVisible();
  await both(page, 'desk-order');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(lines.locator('table')).toHaveCount(0);
  await expect(lines.getByTestId('desk-line').first()).toContainText('Сумма');
  await page.setViewportSize({ width: 1280, height: 800 });
});
