import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { SCREENSHOT_DIR } from './support/env';
import { restCall, shot, signIn, signOut } from './support/portal';

/** The visible screen only (a phone's full page of 60 tiles is too tall to look at). */
const screen = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

async function quickSearch(page: Page, text: string) {
  const box = page.getByTestId('quick-search');
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/\?search=/);
}

test.describe('catalogue', () => {
  test('browse a section, filter, sort, open a product and add it to favourites', async ({ page }) => {
    await signIn(page, 'dealer');
    await page.goto('/catalog/');
    await expect(page.getByRole('heading', { level: 1, name: 'Каталог' })).toBeVisible();
    await shot(page, 'catalog-sections');
    await page.getByRole('link', { name: /Фильтры масляные/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Фильтры масляные' })).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toBeVisible();

    // Filter by a brand: the URL keeps it and every product shown is that brand's.
    await page.getByRole('checkbox', { name: /^Donaldson \(\d+\)/ }).click();
    await expect(page).toHaveURL(/F_BRAND=Donaldson/);
    await expect(page.getByRole('checkbox', { name: /^Donaldson/ })).toBeChecked();
    await expect(page.getByTestId('product-card').first()).toContainText('Donaldson');

    // Sort by price descending, then the table view.
    await page.getByLabel('Сортировка').click();
    await page.getByRole('option', { name: 'По цене: по убыванию' }).click();
    await expect(page).toHaveURL(/sort=PRICE\.DESC/);
    await page.getByRole('button', { name: 'Таблица' }).click();
    await expect(page).toHaveURL(/\/table\/\?.*F_BRAND=Donaldson/);
    await shot(page, 'catalog-section-table');
    // A link reproduces the screen.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /^Donaldson/ })).toBeChecked();

    await page.getByRole('button', { name: 'Плитка' }).click();
    await page.getByTestId('product-card').first().getByRole('link').first().click();
    await expect(page.getByRole('tab', { name: 'Характеристики' })).toBeVisible();
    await page.getByRole('tab', { name: 'Наличие на складах' }).click();
    await expect(page.getByRole('cell', { name: /Склад|Под заказ|Нет на складах/ }).first()).toBeVisible();
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('button', { name: 'В избранное' }).first().click();
    await expect(page.getByRole('button', { name: 'Убрать из избранного' }).first()).toBeVisible();
    await shot(page, 'catalog-product');

    await page.goto('/favorites/');
    await expect(page.getByRole('heading', { level: 1, name: 'Избранное' })).toBeVisible();
    await expect(page.getByText(title).first()).toBeVisible();
    await shot(page, 'catalog-favorites');
  });

  test('the tree drawer starts above the top bar; sections have their own icons; the year chart names months', async ({
    page,
  }) => {
    await signIn(page, 'dealer');
    await expect(page.getByTestId('history-month').last()).toHaveText(
      new Intl.DateTimeFormat('ru', { month: 'short', timeZone: 'Europe/Moscow' })
        .format(new Date())
        .replace(/\.$/, ''),
    );
    await expect(page.getByTestId('history-month').first()).not.toHaveText(/\d/);
    await page.goto('/catalog/');
    // Decision 191: the demo gives every section of a group one picture; each card shows an icon of its own.
    await expect(page.getByTestId('section-icon')).not.toHaveCount(0);
    await page.getByRole('button', { name: 'Дерево каталога' }).click();
    const heading = page.getByRole('heading', { name: 'Дерево каталога' });
    await expect(heading).toBeVisible();
    const box = (await heading.boundingBox())!;
    // What the user sees at the heading's middle is the heading itself, not the top bar over it.
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="catalog-tree-drawer"]') !== null,
      [box.x + 10, box.y + box.height / 2],
    );
    expect(onTop).toBe(true);
    const first = page.getByTestId('catalog-tree-drawer').getByRole('link').first();
    const firstBox = (await first.boundingBox())!;
    const firstOnTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="catalog-tree-drawer"]') !== null,
      [firstBox.x + 10, firstBox.y + firstBox.height / 2],
    );
    expect(firstOnTop).toBe(true);
  });

  test('finds a part by a number with dashes and by one typed with a Cyrillic letter', async ({ page }) => {
    await signIn(page, 'dealer');
    await quickSearch(page, '6005 028 743');
    const first = page.getByTestId('product-card').first();
    await expect(first).toContainText('6005-028-743');
    await expect(first).toContainText('Совпадение по артикулу');
    await shot(page, 'catalog-search-article');

    // 'С' here is the Cyrillic letter.
    await quickSearch(page, 'СU-890176-NR1');
    await expect(page.getByTestId('product-card').first()).toContainText('CU-890176-NR1');

    // Analogues come with the relation.
    await quickSearch(page, 'RE504836');
    await expect(page.getByText(/Аналог оригинала John Deere RE504836/).first()).toBeVisible();
    await shot(page, 'catalog-search-analogues');

    // Suggestions as you type.
    await page.getByTestId('quick-search').fill('P550428');
    await expect(page.getByRole('option').first()).toContainText('P550428');
    await page.getByRole('option').first().click();
    await expect(page.getByTestId('product-article')).toHaveText('P550428');
  });

  test('an empty search shows no filter box and files the number as a request in one click', async ({ page }) => {
    await signIn(page, 'dealer');
    await quickSearch(page, 'ZX-404-NOPE');
    await expect(page.getByTestId('nothing-found')).toContainText('Ничего не найдено');
    // No filter box and no sort toolbar around an answer of nothing.
    await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Фильтр' })).toHaveCount(0);
    const missing = page.getByTestId('missing-parts');
    await expect(missing).toContainText('ZX-404-NOPE × 1');
    await shot(page, 'catalog-search-nothing');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'catalog-search-nothing-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await missing.getByRole('button', { name: 'Оформить заявку по номерам деталей (1)' }).click();
    await missing.getByRole('link', { name: 'Мои заявки' }).click();
    await expect(page).toHaveURL(/\/wishes\/$/);
    await expect(page.getByText('ZX-404-NOPE').first()).toBeVisible();
  });

  test('a product page comes with its quantity and «В корзину»; an employee gets no basket control', async ({
    page,
  }) => {
    await signIn(page, 'dealer');
    const { items } = await restCall<{ items: Array<{ id: number }> }>(page, 'product/list', { size: 1 });
    const id = items[0]!.id;
    // The order control's code arrives late: the page waits for it instead of showing the product without it.
    await page.route(/ProductOrderControl-[^/]*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(`/product/${id}`);
    await page.getByTestId('product-article').waitFor();
    expect(await page.getByRole('button', { name: 'В корзину', exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('textbox', { name: 'Количество', exact: true }).count()).toBeGreaterThan(0);
    await page.unroute(/ProductOrderControl-[^/]*\.js$/);
    await shot(page, 'catalog-product-order');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'catalog-product-order-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await signOut(page);

    // Staff without the basket permission: no control on the page or in the lists, no basket/* call.
    await signIn(page, 'employee');
    const basketCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/rest\/basket/.test(r.url())) basketCalls.push(r.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.goto(`/product/${id}`);
    await page.getByTestId('product-article').waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'В корзину', exact: true })).toHaveCount(0);
    await page.goto('/search/?search=фильтр');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'В корзину', exact: true })).toHaveCount(0);
    expect(basketCalls).toEqual([]);
  });

  test('a dealer without a payment method is prompted and chooses one; phone layout holds', async ({ page }) => {
    await signIn(page, 'dealer2');
    await page.goto('/product/1');
    await expect(page.getByTestId('payment-prompt')).toBeVisible();
    await shot(page, 'catalog-payment-prompt');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/catalog/');
    await screen(page, 'catalog-sections-phone');
    await page.getByRole('link', { name: /Фильтры масляные/ }).click();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByText('Выберите способ оплаты').first()).toBeVisible();
    await screen(page, 'catalog-section-phone');
    await page.getByTestId('payment-prompt').getByLabel('Способ оплаты').click();
    await page.getByRole('option', { name: 'Наличные' }).click();
    await page.getByRole('button', { name: 'Выбрать' }).click();
    await expect(page.getByTestId('payment-prompt')).toHaveCount(0);
    await expect(page.getByText('Наличные').first()).toBeVisible();
  });

  test('price settings: a dealer changes their payment method; the price list follows it', async ({ page }) => {
    await signIn(page, 'dealer');
    await page.getByTestId('user-menu').click();
    const profile = await page.getByRole('menuitem', { name: 'Профиль' }).getAttribute('href');
    await page.keyboard.press('Escape');
    // The menu leads to the price settings, the price list and the content pages (decision 066).
    const menu = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Прайс-лист' }) });
    await expect(menu.getByRole('link', { name: 'Прайс-лист' })).toHaveAttribute('href', '/price-list/');
    await menu.getByRole('button', { name: 'Информация' }).click();
    await expect(menu.getByRole('link', { name: 'О компании' })).toBeVisible();
    await menu.getByRole('link', { name: 'Цены и способ оплаты' }).click();
    await expect(page).toHaveURL(new RegExp(`${profile}pricing$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Настройки цен' })).toBeVisible();
    await expect(page.getByLabel('Тип цен')).toHaveAttribute('aria-disabled', 'true');
    await page.getByLabel('Способ оплаты').click();
    await page.getByRole('option', { name: 'Наличные' }).click();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByText('Настройки цен сохранены')).toBeVisible();
    await shot(page, 'catalog-pricing');
    await page.goto('/price-list/');
    await expect(page.getByRole('heading', { level: 1, name: 'Прайс-лист' })).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toContainText('Наличные');
    await shot(page, 'catalog-price-list');
  });
});
