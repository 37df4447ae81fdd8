import { expect, test } from '@playwright/test';
import { restCall, signIn } from './support/portal';

/** The route shapes of docs/spec/02-screens.md open what they name in the browser. */

test('docs/spec/02-screens.md routes: every product of a category, a product without its section, a warehouse with a token', async ({
  page,
}) => {
  await signIn(page, 'dealer');
  const sections = await restCall<{ items: Array<{ id: number; level: number }> }>(page, 'section/list', { size: -1 });
  const section = sections.items.find((s) => s.level === 2)!.id;
  const inSection = await restCall<{ count: number; items: Array<{ id: number; name: string }> }>(
    page,
    'product/list',
    { size: -1, filter: { category: section } },
  );
  expect(inSection.count).toBeGreaterThan(60);

  // /catalog/{id}/?size=-1: the whole category on one page, no pagination.
  await page.goto(`/catalog/${section}/?size=-1`);
  await expect(page.getByTestId('product-card')).toHaveCount(inSection.count);
  await expect(page.getByRole('navigation', { name: /pagination/i })).toHaveCount(0);

  // /catalog/product/{id}/: the product without its section.
  const product = inSection.items[0]!;
  await page.goto(`/catalog/product/${product.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

  // /storage/{id}/{token}/ is accepted (opens the warehouse, not the 404 page).
  const storages = await restCall<{ items: Array<{ id: number; name: string }> }>(page, 'storage/list', {});
  const storage = storages.items[0]!;
  await page.goto(`/storage/${storage.id}/sometoken/`);
  await expect(page).toHaveURL(new RegExp(`/storage/${storage.id}/sometoken/$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(storage.name);
});

test('the /order/ list takes its filter and sort from the query string', async ({ page }) => {
  await signIn(page, 'dealer');
  const all = await restCall<{ items: Array<{ id: number; status: { id: number } }> }>(page, 'order/list', {
    size: -1,
  });
  const status = all.items[0]!.status.id;
  const expected = all.items.filter((o) => o.status.id === status).length;
  await page.goto(`/order/?status=${status}&sort=ID.ASC`);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(expected);
  const numbers = (await rows.locator('a').allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  // A parameter the list does not know is passed on and answered with a clear message, not ignored.
  await page.goto('/order/?colour=red');
  await expect(page.getByText(/colour|Неизвестн|не ожида/i).first()).toBeVisible();
});
