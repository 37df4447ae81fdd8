import { expect, test, type Page } from '@playwright/test';
import { lastMailTo, shot, signIn, signOut } from './support/portal';

async function phone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the dashboard shows the greeting, banners and the six latest news, each block by itself', async ({ page }) => {
  await signIn(page, 'dealer');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Иван Сергеевич');
  await expect(page.getByText('ООО «АгроМаш»').first()).toBeVisible();
  const banners = page.getByTestId('dashboard-banners');
  await expect(banners.getByRole('group', { name: 'Баннер 1 из 5' })).toBeVisible();
  await banners.getByRole('button', { name: 'Следующий баннер' }).click();
  await expect(banners.getByRole('group', { name: 'Баннер 2 из 5' })).toBeVisible();
  const news = page.getByTestId('dashboard-news');
  await expect(news.getByRole('listitem')).toHaveCount(6);
  await expect(news.getByRole('link', { name: 'Новый склад в Казани открыт для самовывоза' })).toBeVisible();
  // Every picture reserves its size and loads lazily.
  const img = news.locator('img').first();
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(img).toHaveAttribute('width', '480');
  await shot(page, 'content-dashboard');
  await phone(page, 'content-dashboard-phone');
});

test('a news item is read, shared by a link with a token and opened without signing in', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/news/');
  await expect(page.getByRole('heading', { name: 'Новости', level: 1 })).toBeVisible();
  await shot(page, 'content-news');
  await page.getByRole('link', { name: /Поступление фильтров для тракторов John Deere/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поступление фильтров для тракторов John Deere');
  await expect(page.getByText('В наличии более 40 позиций')).toBeVisible();
  const share = page.getByRole('button', { name: 'Поделиться ссылкой' });
  const link = await share.getAttribute('data-share');
  expect(link).toMatch(/^\/news\/\d+\/[0-9a-f]{24}\/$/);
  await shot(page, 'content-news-detail');
  await phone(page, 'content-news-detail-phone');
  await signOut(page);

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поступление фильтров для тракторов John Deere');
  await expect(page.getByRole('button', { name: 'Поделиться ссылкой' })).toHaveCount(0);
  // A wrong token is a missing page; no token means signing in.
  await page.goto(link!.replace(/[0-9a-f]{24}/, 'f'.repeat(24)));
  await expect(page).toHaveURL(/\/404$/);
  await page.goto(link!.replace(/[0-9a-f]{24}\/$/, ''));
  await expect(page).toHaveURL(/\/auth\//);
});

test('the FAQ is searched and its answers open', async ({ page }) => {
  await signIn(page, 'dealer2');
  await page.goto('/question/');
  await expect(page.getByRole('heading', { name: 'Часто задаваемые вопросы', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /\?$/ })).toHaveCount(10);
  await page.getByLabel('Поиск по вопросам и ответам').fill('пароль');
  await expect(page.getByRole('button', { name: /\?$/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Как изменить пароль?' }).click();
  await expect(page.getByText('Откройте «Профиль» и нажмите «Сменить пароль»')).toBeVisible();
  await shot(page, 'content-faq');
  await page.getByLabel('Поиск по вопросам и ответам').fill('квантовый двигатель');
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
});

test('a warehouse without a maps key shows the address, coordinates and a map link', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/storage/');
  await expect(page.getByRole('heading', { name: 'Склады', level: 1 })).toBeVisible();
  await shot(page, 'content-storages');
  await page.getByRole('link', { name: /Склад Москва/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Склад Москва');
  const fallback = page.getByTestId('map-fallback');
  await expect(fallback).toContainText('ключ карт не настроен');
  await expect(fallback).toContainText('55.70120, 37.72450');
  await expect(fallback.getByRole('link', { name: /Построить маршрут/ })).toHaveAttribute(
    'href',
    'https://yandex.ru/maps/?rtext=~55.7012,37.7245&rtt=auto',
  );
  await expect(page.getByText('Пн–Пт 8:00–20:00, Сб 9:00–16:00')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Схема проезда' })).toBeVisible();
  await shot(page, 'content-storage');
  await phone(page, 'content-storage-phone');
  await page.goto('/storage/999/');
  await expect(page).toHaveURL(/\/404$/);
});

test('contacts, content pages and unknown pages', async ({ page }) => {
  await signIn(page, 'employee');
  await page.goto('/department/');
  await expect(page.getByRole('heading', { name: 'Отдел продаж' })).toBeVisible();
  await expect(page.getByText('Соколова Анна Викторовна')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Сервис и гарантия' })).toBeVisible();
  await shot(page, 'content-contacts');
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'О компании', level: 1 })).toBeVisible();
  await expect(page.getByText('более 120 000 позиций')).toBeVisible();
  await page.goto('/page?path=delivery');
  await expect(page.getByRole('heading', { name: 'Доставка', level: 1 })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/page?path=..%2Fabout');
  await expect(page).toHaveURL(/\/404$/);
});

test('an administrator approves a registration and the new dealer signs in', async ({ page }) => {
  const login = `approved${Date.now() % 100000}`;
  const email = `${login}@example.ru`;
  await page.goto('/registration/');
  await page.getByLabel('Фамилия').fill('Громов');
  await page.getByLabel(/^Имя/).fill('Степан');
  await page.getByLabel('Компания').fill('ООО «Поле и техника»');
  await page.getByLabel('ИНН').fill('7707083893');
  await page.getByLabel('Телефон').fill('+7 (900) 765-43-21');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel(/^Пароль/).fill('Strong#2026');
  await page.getByLabel('Повторите пароль').fill('Strong#2026');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText('отправлена на модерацию')).toBeVisible();

  await signIn(page, 'admin');
  await page.goto('/user/');
  await expect(page.getByRole('heading', { name: 'Пользователи', level: 1 })).toBeVisible();
  // Pending registrations come first.
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Громов Степан');
  await expect(firstRow).toContainText('Ожидает подтверждения');
  await shot(page, 'content-users');
  await phone(page, 'content-users-phone');
  await page.getByRole('textbox', { name: /Поиск: ФИО/ }).fill('Поле и техника');
  await expect(page.getByRole('row')).toHaveCount(2);
  await firstRow.getByRole('link', { name: /Громов Степан/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Громов Степан');
  await shot(page, 'content-user-pending');
  await page.getByRole('button', { name: 'Подтвердить регистрацию' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Регистрация подтверждена')).toBeVisible();
  await expect(page.getByText('Активен')).toBeVisible();
  const mail = await lastMailTo(email, 'подтверждена');
  expect(mail.subject).toBe('Регистрация в дилерском портале подтверждена');
  await shot(page, 'content-user-approved');
  await signOut(page);

  await page.goto('/auth/');
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill('Strong#2026');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Степан');
  await expect(page.getByText('ООО «Поле и техника»').first()).toBeVisible();
});

test('a dealer is kept out of the user list and sees someone else as a missing page', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/user/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Недостаточно прав для этого раздела')).toBeVisible();
  await page.goto('/user/1/');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/profile/');
  await expect(page.getByRole('heading', { name: 'Профиль', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Карточка пользователя' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Петров Иван Сергеевич');
  await expect(page.getByRole('button', { name: 'Заблокировать' })).toHaveCount(0);
});

test('a user edits the profile and sees each password rule', async ({ page }) => {
  await signIn(page, 'dealer2');
  await page.goto('/profile/');
  await page.getByLabel('Город').fill('Ачинск');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Данные профиля сохранены')).toBeVisible();
  await page.getByLabel('Текущий пароль').fill('Dealer2#2026');
  await page.getByLabel('Новый пароль', { exact: true }).fill('abc');
  await page.getByLabel('Повторите новый пароль').fill('abd');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Пароль должен содержать заглавную букву')).toBeVisible();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await shot(page, 'content-profile');
  await phone(page, 'content-profile-phone');
});

test('the screens are complete in English', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/question/');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Search questions and answers')).toBeVisible();
  await page.goto('/storage/1/');
  await expect(page.getByTestId('map-fallback')).toContainText('no maps key is configured');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'News' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All news' })).toBeVisible();
  await shot(page, 'content-dashboard-en');
  await page.evaluate(() => localStorage.removeItem('language'));
});

test('an administrator creates a user who can sign in at once', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/user/');
  await page.getByRole('button', { name: 'Добавить пользователя' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый пользователь' });
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(dialog.getByText('Не может быть пустым').first()).toBeVisible();
  await dialog.getByLabel('Логин').fill('manager7');
  await dialog.getByLabel(/^Пароль/).fill('Manager#2026');
  await dialog.getByLabel('Повторите пароль').fill('Manager#2026');
  await dialog.getByLabel('Фамилия').fill('Белов');
  await dialog.getByLabel(/^Имя/).fill('Роман');
  await dialog.getByLabel('E-mail').fill('manager7@agromash.local');
  await dialog.getByLabel('Компания').fill('ООО «АгроМаш»');
  await shot(page, 'content-user-create');
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Белов Роман');
  await expect(page.getByText('Активен')).toBeVisible();
  await signOut(page);
  await page.goto('/auth/');
  await page.getByLabel('Логин').fill('manager7');
  await page.getByLabel('Пароль').fill('Manager#2026');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Роман');
});
