import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, restCall, type Account } from './support/portal';

/**
 * A normal session leaves nothing in the browser's console — the login page asks who is
 * signed in without a 401 (`auth/fetch`, decision 067), and React Router has its HydrateFallback.
 */

function watchConsole(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') said.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => said.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) said.push(`HTTP ${r.status()} ${new URL(r.url()).pathname}`);
  });
  return said;
}

async function signInFromLoginPage(page: Page, account: Account) {
  const { login, password, name } = ACCOUNTS[account];
  await page.goto('/auth/');
  await expect(page.getByLabel('Логин')).toBeVisible();
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
}

test('a visitor opens the login page and a deep link: no 401, no warning', async ({ page }) => {
  const said = watchConsole(page);
  await page.goto('/auth/');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await page.goto('/order/');
  await expect(page).toHaveURL(/\/auth\/\?back=%2Forder%2F/);
  await expect(page.getByLabel('Логин')).toBeVisible();
  expect(said).toEqual([]);
});

test('a dealer works through the portal without a console error', async ({ page }) => {
  const said = watchConsole(page);
  await signInFromLoginPage(page, 'dealer');
  await page.waitForLoadState('networkidle');
  const seen = said.length;
  // The test's own look-ups (restCall starts without a sessid and takes the SESSION_FAILED answer's).
  const sections = await restCall<{ items: Array<{ id: number; level: number }> }>(page, 'section/list', { size: -1 });
  const section = sections.items.find((s) => s.level === 2)!.id;
  const product = (await restCall<{ items: Array<{ id: number }> }>(page, 'product/list', { size: 1 })).items[0]!.id;
  said.splice(seen);
  for (const url of [
    '/catalog/',
    `/catalog/${section}/`,
    `/catalog/${section}/table/`,
    `/catalog/product/${product}/`,
    '/price-list/',
    '/basket/',
    '/order/',
    '/news/',
    '/profile/',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // A first load straight into a screen with a loader (the HydrateFallback case).
  await page.goto(`/catalog/${section}/`);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(said).toEqual([]);
});
