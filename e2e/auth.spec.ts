import { expect, test } from '@playwright/test';
import { ACCOUNTS, lastMailTo, restCall, shot, signIn, signOut, type Account } from './support/portal';

test.describe('signing in and out', () => {
  for (const account of ['admin', 'dealer', 'dealer2', 'employee'] as Account[]) {
    test(`${account} signs in, lands on the dashboard and signs out`, async ({ page }) => {
      await signIn(page, account);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('navigation').getByText('Каталог')).toBeVisible();
      await shot(page, `dashboard-${account}`);
      if (account === 'dealer') {
        await page.setViewportSize({ width: 390, height: 844 });
        await shot(page, 'dashboard-phone');
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await expect(page.getByRole('navigation').getByText('Заказы')).toBeVisible();
        await page.waitForTimeout(400); // the drawer's slide-in
        await shot(page, 'menu-phone');
        await page.keyboard.press('Escape');
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto('/');
      }
      await signOut(page);
      await page.goto('/');
      await expect(page).toHaveURL(/\/auth\//);
    });
  }

  test('the sign-in page is Russian and explains a wrong password', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\//);
    await expect(page.getByRole('heading', { name: 'Вход в портал' })).toBeVisible();
    await shot(page, 'auth');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByText('Не может быть пустым').first()).toBeVisible();
    await page.getByLabel('Логин').fill('dealer');
    await page.getByLabel('Пароль').fill('Wrong#2026');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toHaveText('Неверный логин или пароль');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'auth-phone');
  });

  test('a two-step account signs in with the e-mailed code', async ({ page }) => {
    await page.goto('/auth/');
    await page.getByLabel('Логин').fill(ACCOUNTS.secure.login);
    await page.getByLabel('Пароль').fill(ACCOUNTS.secure.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('heading', { name: 'Подтверждение входа' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Отправить повторно через \d+ с/ })).toBeDisabled();
    const mail = await lastMailTo('secure@agromash.local');
    const code = /(\d{6})/.exec(mail.text)?.[1];
    expect(code).toBeTruthy();
    await shot(page, 'auth-code');
    await page.getByLabel('Код из письма').fill(code!);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Дмитрий');
  });

  test('a signed-in user opening /auth/ is sent to the dashboard', async ({ page }) => {
    await signIn(page, 'dealer');
    await page.goto('/auth/');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/registration/');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown route shows the 404 page with links to the catalogue and home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'В каталог' })).toHaveAttribute('href', '/catalog/');
    await expect(page.getByRole('link', { name: 'На рабочий стол' })).toHaveAttribute('href', '/');
    await shot(page, '404');
  });

  test('a missing order, category or product is a titled not-found state with a way back, no «Повторить»', async ({
    page,
  }) => {
    await signIn(page, 'dealer2');
    const dealer2Orders = await restCall<{ items: Array<{ id: number }> }>(page, 'order/list', { size: 1 });
    const foreign = dealer2Orders.items[0]!.id;
    await signOut(page);
    await signIn(page, 'dealer');
    // A missing order, and another dealer's order, look the same.
    for (const id of [987654, foreign]) {
      await page.goto(`/order/${id}/`);
      await expect(page.getByRole('heading', { name: `Заказ № ${id} не найден` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'К списку заказов' })).toHaveAttribute('href', '/order/');
      await expect(page.getByRole('button', { name: 'Повторить' })).toHaveCount(0);
    }
    await shot(page, 'not-found-order');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'not-found-order-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/catalog/987654/');
    await expect(page.getByRole('heading', { name: 'Раздел каталога не найден' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/catalog/');
    await expect(page.getByRole('button', { name: 'Повторить' })).toHaveCount(0);
    await page.goto('/product/987654');
    await expect(page.getByRole('heading', { name: 'Товар не найден' })).toBeVisible();
    await page.getByRole('link', { name: 'Перейти в каталог' }).click();
    await expect(page).toHaveURL(/\/catalog\/$/);
  });
});

test('a newcomer registers and waits for moderation', async ({ page }) => {
  const login = `newdealer${Date.now() % 100000}`;
  await page.goto('/registration/');
  await expect(page.getByRole('heading', { name: 'Регистрация дилера' })).toBeVisible();
  await shot(page, 'registration');
  await page.getByLabel('Фамилия').fill('Новиков');
  await page.getByLabel(/^Имя/).fill('Пётр');
  await page.getByLabel('Компания').fill('ООО «Новая техника»');
  await page.getByLabel('ИНН').fill('7707083893');
  await page.getByLabel('Телефон').fill('+7 (900) 123-45-67');
  await page.getByLabel('E-mail').fill(`${login}@example.ru`);
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel(/^Пароль/).fill('weak');
  await page.getByLabel('Повторите пароль').fill('weak');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText('Пароль должен содержать минимум 6 символов')).toBeVisible();
  await page.getByLabel(/^Пароль/).fill('Strong#2026');
  await page.getByLabel('Повторите пароль').fill('Strong#2026');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText('отправлена на модерацию')).toBeVisible();
  const toAdmin = await lastMailTo('admin@dealer-portal.local', 'Новая регистрация');
  expect(toAdmin.text).toContain(login);
  await page.goto('/auth/');
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill('Strong#2026');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toContainText('ожидает подтверждения');
});

async function mailedResetLink(page: import('@playwright/test').Page, login: string, email: string): Promise<string> {
  const before = (await lastMailTo(email).catch(() => null))?.text;
  await page.goto(`/recovery/?USER_LOGIN=${login}`);
  await expect(page.getByLabel('Логин или e-mail')).toHaveValue(login);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByText('Ссылка действует 24 часа')).toBeVisible();
  await expect.poll(async () => (await lastMailTo(email)).text !== before).toBe(true);
  const link = /(http\S+\/auth\/reset\?\S+)/.exec((await lastMailTo(email)).text)?.[1];
  expect(link).toBeTruthy();
  return link!.replace(/^https?:\/\/[^/]+/, '');
}

test('a user who forgot the password restores it by the e-mailed link', async ({ page }) => {
  const email = 'dealer2@sibtech.local';
  await page.goto('/recovery/?USER_LOGIN=dealer2');
  await shot(page, 'recovery');
  await page.goto(await mailedResetLink(page, 'dealer2', email));
  await shot(page, 'reset');
  await page.getByLabel('Новый пароль').fill('Changed#2026');
  await page.getByLabel('Повторите пароль').fill('Changed#2027');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await page.getByLabel('Повторите пароль').fill('Changed#2026');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Пароль изменён')).toBeVisible();
  await page.goto('/auth/');
  await page.getByLabel('Логин').fill('dealer2');
  await page.getByLabel('Пароль').fill('Changed#2026');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ольга');
  await signOut(page);
  // The demo password goes back, the same way, for the tests that follow.
  await page.goto(await mailedResetLink(page, 'dealer2', email));
  await page.getByLabel('Новый пароль').fill(ACCOUNTS.dealer2.password);
  await page.getByLabel('Повторите пароль').fill(ACCOUNTS.dealer2.password);
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Пароль изменён')).toBeVisible();
});
