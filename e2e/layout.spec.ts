import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { SCREENSHOT_DIR } from './support/env';
import { restCall, signIn } from './support/portal';

/**
 * The screens a dealer works in hold at 1280 px and on a 390 px phone — the page never
 * scrolls sideways, the order control of a table row is on screen, a phone shows more than one product.
 */

const screen = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** A leaf section of the demo catalogue with more products than one screen holds. */
async function leafSection(page: Page): Promise<number> {
  const sections = await restCall<{ items: Array<{ id: number; level: number }> }>(page, 'section/list', { size: -1 });
  return sections.items.find((s) => s.level === 2)!.id;
}

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the category table, the price list and the list view fit', async ({ page }) => {
      await signIn(page, 'dealer');
      const section = await leafSection(page);
      for (const [url, name] of [
        [`/catalog/${section}/table/`, 'category-table'],
        ['/price-list/', 'price-list'],
      ] as const) {
        await page.goto(url);
        const row = page.getByTestId('product-card').first();
        await expect(row).toBeVisible();
        const quantity = row.getByRole('textbox', { name: 'Количество' });
        await expect(quantity).toBeVisible();
        expect(await pageWidth(page), `${url} scrolls sideways`).toBeLessThanOrEqual(width);
        // The order column is on the screen, not cut off or behind a horizontal scroll.
        const box = (await row.getByRole('button', { name: 'В корзину' }).boundingBox())!;
        expect(box.x + box.width, url).toBeLessThanOrEqual(width);
        await screen(page, `layout-${name}-${width}`);
      }
      // The longest sort order is read whole, without an ellipsis.
      await page.getByLabel('Сортировка').click();
      await page.getByRole('option', { name: 'По производителю: по возрастанию' }).click();
      const sort = page.locator('.MuiSelect-select', { hasText: 'По производителю' });
      await expect(sort).toBeVisible();
      expect(await sort.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      await page.goto(`/catalog/${section}/list/`);
      const cards = page.getByTestId('product-card');
      await expect(cards.first()).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      // Not one product per screen: a card takes well under half of a phone's screen.
      const first = (await cards.first().boundingBox())!;
      expect(first.height).toBeLessThan(height / 2);
      await screen(page, `layout-category-list-${width}`);
    });

    test('the order list shows its sum column and the product page fits', async ({ page }) => {
      await signIn(page, 'dealer');
      await page.goto('/order/');
      const sum = page.getByTestId('order-sum').first();
      await expect(sum).toBeVisible();
      await expect(sum).toContainText('₽');
      const box = (await sum.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      // The pagination's «next page» stays inside its card on a phone, not cut off at the right edge.
      const next = page.locator('.MuiTablePagination-actions button').last();
      await expect(next).toBeVisible();
      const card = (await page.locator('.MuiTablePagination-root').boundingBox())!;
      const nextBox = (await next.boundingBox())!;
      expect(nextBox.x + nextBox.width).toBeLessThanOrEqual(card.x + card.width);
      await screen(page, `layout-order-list-${width}`);

      // A basket's sum stays on one line («149 685,28 ₽» never breaks inside the number).
      await page.goto('/basket/');
      const basketSum = page.getByTestId('basket-sum').first();
      await expect(basketSum).toContainText('₽');
      const lines = await basketSum.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);

      // A product names its section only when it is not the answer's common one (decision 160).
      const product = await restCall<{
        items: Array<{ id: number; sectionId?: number }>;
        dict: { sectionId?: number };
      }>(page, 'product/list', { size: 1 });
      const { id } = product.items[0]!;
      const sectionId = product.items[0]!.sectionId ?? product.dict.sectionId;
      await page.goto(`/catalog/${sectionId}/product/${id}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main img').first()).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      await screen(page, `layout-product-${width}`);
    });

    test('the catalogue-tree drawer opens over the top bar with a title and a close button (point 19)', async ({
      page,
    }) => {
      await signIn(page, 'dealer');
      const section = await leafSection(page);
      await page.goto(`/catalog/${section}/`);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await page.getByRole('button', { name: 'Дерево каталога' }).click();
      const drawer = page.getByRole('dialog', { name: 'Дерево каталога' });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('heading', { name: 'Дерево каталога' })).toBeVisible();
      // The first group is visible: what is drawn at its middle is the group itself, not the top bar.
      const first = drawer.getByRole('link').first();
      await expect(first).toBeVisible();
      const box = (await first.boundingBox())!;
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="dialog"]') !== null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(onTop).toBe(true);
      await screen(page, `layout-catalog-tree-${width}`);
      await drawer.getByRole('button', { name: 'Закрыть' }).click();
      await expect(drawer).toBeHidden();
    });
  });
}
