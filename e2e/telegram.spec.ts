import { expect, test, type Page } from '@playwright/test';
import { shotBoth, signIn } from './support/portal';

/**
 * Decision 226: an administrator stores the bot's token on the site settings page (never shown again); a
 * dealer asks for a one-time link code in the profile and sees it with the bot's link; the notice switches have
 * a «В Telegram» column. The e2e server's TELEGRAM_API_URL is a closed local port: nothing leaves the machine.
 * Screens at 1280 and 390 px (e2e/screenshots/telegram-*).
 */
const both = (page: Page, name: string) => shotBoth(page, `telegram-${name}`);

test('the bot is set up in the site settings and a dealer gets a link code in the profile', async ({
  page,
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/admin/settings/');
  const bot = admin.getByRole('region', { name: 'Бот Telegram' });
  await expect(bot.getByText('Бот не подключён: укажите токен.')).toBeVisible();
  await bot.getByLabel('Токен бота').fill('123456:E2E-TOKEN');
  await bot.getByLabel('Имя бота').fill('@zapchasti_dealer_bot');
  await bot.getByRole('button', { name: 'Сохранить бота' }).click();
  await expect(bot.getByText('Бот подключён.')).toBeVisible();
  await expect(bot.getByLabel('Токен бота')).toHaveValue('');
  await bot.scrollIntoViewIfNeeded();
  await both(admin, 'settings');

  try {
    await signIn(page, 'dealer');
    await page.goto('/profile/');
    await expect(
      page.getByRole('region', { name: 'Уведомления о заказах' }).getByRole('columnheader', { name: 'В Telegram' }),
    ).toBeVisible();
    const card = page.getByRole('region', { name: 'Telegram', exact: true });
    await card.getByRole('button', { name: 'Привязать Telegram' }).click();
    const code = card.getByTestId('telegram-code');
    await expect(code).toHaveText(/^[A-Z2-9]{8}$/);
    const value = (await code.textContent())!;
    await expect(card).toContainText(`Откройте бота @zapchasti_dealer_bot и отправьте ему: /start ${value}`);
    await expect(card.getByRole('link', { name: 'Открыть в Telegram' })).toHaveAttribute(
      'href',
      `https://t.me/zapchasti_dealer_bot?start=${value}`,
    );
    await card.scrollIntoViewIfNeeded();
    await both(page, 'code');
  } finally {
    // The bot off again: the worker stops polling for the rest of the suite.
    await bot.getByRole('button', { name: 'Отключить бота' }).click();
    await expect(bot.getByText('Бот не подключён: укажите токен.')).toBeVisible();
    await adminContext.close();
  }
});
