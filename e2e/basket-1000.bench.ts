import { expect, test } from '@playwright/test';
import { restCall, signIn } from './support/portal';

/**
 * The basket screen with 1,000 lines is interactive under 1 s. Fills a basket through the API,
 * opens /basket/{id}/ and reports the time from navigation start until the table is shown and the page's
 * main thread answers again (a task queued after the render is the first moment a click would be handled).
 * The figure is printed, not asserted: the test machine is shared, docs/performance.md has the runs.
 */
test('basket screen with 1,000 lines: time to interactive', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'dealer');
  const ids: number[] = [];
  for (let p = 1; ids.length < 1000 && p <= 20; p++) {
    const list = await restCall<{ items: Array<{ id: number; price: unknown }> }>(page, 'product/list', {
      page: p,
      size: 240,
      sort: { NAME: 'ASC' },
    });
    if (list.items.length === 0) break;
    for (const item of list.items) if (item.price && !ids.includes(item.id)) ids.push(item.id);
  }
  expect(ids.length).toBeGreaterThanOrEqual(1000);
  const basket = await restCall<{ id: number }>(page, 'basket/create', { name: 'e2e 1000' });
  const added = await restCall<{ added: number }>(page, 'basket/add', {
    id: basket.id,
    fields: ids.slice(0, 1000).map((product) => ({ product, quantity: 1 })),
  });
  expect(added.added).toBe(1000);

  // Measured in the page, not by polling from the test: an observer notes the first moment the first line and
  // the totals are both shown, and a task queued then notes when the main thread is free again.
  await page.addInitScript(() => {
    const w = window as unknown as { basketReady?: number };
    const check = () => {
      if (w.basketReady !== undefined) return;
      const totals = document.querySelector('[data-testid="basket-totals"]');
      if (document.querySelector('[data-testid="basket-line"]') && totals?.textContent?.includes('1000')) {
        w.basketReady = -1;
        observer.disconnect();
        setTimeout(() => (w.basketReady = performance.now()), 0);
      }
    };
    const observer = new MutationObserver(check);
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { childList: true, subtree: true, characterData: true }),
    );
  });
  const runs: number[] = [];
  for (let k = 0; k < 5; k++) {
    await page.goto('/');
    await page.goto(`/basket/${basket.id}/`);
    await expect(page.getByTestId('basket-line').first()).toBeVisible();
    await expect(page.getByTestId('basket-totals')).toContainText('1000');
    await page.waitForFunction(() => ((window as unknown as { basketReady?: number }).basketReady ?? -1) > 0);
    runs.push(await page.evaluate(() => (window as unknown as { basketReady: number }).basketReady));
  }
  // All 1,000 rows (the rows-per-page choice «Все»): the table is virtualised (decision 222), so it renders the
  // rows in view, not 1,000; timed until they are shown and the main thread answers, then a scroll to the end.
  await page.getByRole('combobox').last().click();
  const t0 = Date.now();
  await page.getByRole('option', { name: 'Все' }).click();
  await expect(page.getByTestId('basket-line').first()).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const allMs = Date.now() - t0;
  const rendered = await page.getByTestId('basket-line').count();
  const t1 = Date.now();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByTestId('basket-line').last()).toBeInViewport();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const scrollMs = Date.now() - t1;
  const sorted = [...runs].sort((a, b) => a - b);
  console.log(
    `basket screen, 1,000 lines: interactive after ${sorted.map((ms) => ms.toFixed(0)).join(', ')} ms ` +
      `(median ${sorted[2]!.toFixed(0)} ms); «Все»: ${rendered} rows rendered after ${allMs} ms, ` +
      `scrolled to the end in ${scrollMs} ms`,
  );
  await restCall(page, 'basket/delete', { id: basket.id });
});
