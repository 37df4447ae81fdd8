import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { SCREENSHOT_DIR } from './support/env';
import { shot, signIn } from './support/portal';

/** Toasts and the settings' sticky save bar, the English dashboard (decision 192). */

/** The saved toast lies wholly above the save bar, whose buttons stay uncovered. */
async function saveAndLook(page: Page, name: string) {
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  const toast = page.getByText('Настройки сохранены');
  await expect(toast).toBeVisible();
  await page.waitForTimeout(400); // the toast's entering transition
  const bar = await page.getByRole('button', { name: 'Сохранить', exact: true }).locator('..').boundingBox();
  const box = await toast.boundingBox();
  expect(bar && box).toBeTruthy();
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

test('a toast stands above the settings’ save bar, at 1280 px and on a phone', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/settings/');
  await expect(page.getByRole('heading', { name: 'Настройки сайта', level: 1 })).toBeVisible();
  await saveAndLook(page, 'toast-above-save-bar');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Настройки сайта', level: 1 })).toBeVisible();
  await saveAndLook(page, 'toast-above-save-bar-phone');

  // Away from the settings the toasts sit at the bottom again.
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveAttribute('style', /--portal-toasts-offset/);
});

test('the English interface calls the dashboard «Dashboard»', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await expect(page).toHaveTitle(/^Dashboard — /);
  await expect(page.getByText('Latest orders')).toBeVisible();
  await expect(page.getByText('Desktop')).toHaveCount(0);
  await shot(page, 'dashboard-english');
  await page.evaluate(() => localStorage.removeItem('language'));
});
