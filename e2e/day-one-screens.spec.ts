import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { SCREENSHOT_DIR } from './support/env';
import { restCall, shot, signIn } from './support/portal';

/**
 * Decision 190, what a newcomer met on the screens: a news summary shown as tags and a picture that widened
 * the page, two phones where one was meant, an ИНН with wrong check digits let through without a word.
 * Each at 1280 px and on a 390 px phone.
 */

/** A 2×2 PNG, written into the text 1,200 px wide as an editor's picture often is. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNg81EHIgYIBQAMxgHlYCGbewAAAABJRU5ErkJggg==';

/** What the viewport shows (the header, a field's error), beside the full-page shots. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const VIEWPORTS = [
  ['desktop', 1280, 900],
  ['phone', 390, 844],
] as const;

test('a news item with a bold summary and a 1,200 px picture fits the page and shows no tags', async ({ page }) => {
  const title = `Новая линейка фильтров ${Date.now() % 1e6}`;
  await signIn(page, 'admin');
  const item = await restCall<{ id: number }>(page, 'news/create', {
    fields: {
      title,
      date: new Date().toISOString().slice(0, 10),
      previewText: '<p>Скидка <strong>15 %</strong> на масляные фильтры до конца месяца.</p>',
      detailText: `<p>Новая линейка уже на складе.</p><p><img src="${PNG}" width="1200" height="600" alt="Склад"></p>
        <table><tr>${'<td>Фильтр масляный LF3349, цена по прайсу дилера</td>'.repeat(8)}</tr></table>`,
      previewImage: null,
      detailImage: null,
      active: true,
    },
  });
  for (const [name, width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.goto('/news/');
    const card = page.getByRole('link', { name: new RegExp(title) });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Скидка 15 % на масляные фильтры');
    await expect(card).not.toContainText('<p>');
    await expect(card).not.toContainText('<strong>');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `day-one-news-list-${name}`);

    await page.goto(`/news/${item.id}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('news-summary').locator('strong')).toHaveText('15 %');
    const img = page.getByRole('img', { name: 'Склад' });
    await expect(img).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const article = await page.getByTestId('news-article').boundingBox();
    const picture = await img.boundingBox();
    expect(picture!.width).toBeLessThanOrEqual(article!.width);
    await shot(page, `day-one-news-detail-${name}`);
  }
});

test('the editor saves a new item as a draft and previews it as the news page shows it', async ({ page }) => {
  const title = `Черновик новости ${Date.now() % 1e6}`;
  await signIn(page, 'admin');
  await page.goto('/admin/content/news/');
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('switch', { name: 'Опубликована' })).not.toBeChecked();
  await dialog.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: 'Анонс' }).click();
  await page.keyboard.type('Анонс ');
  await dialog.getByRole('toolbar', { name: 'Оформление: Анонс' }).getByRole('button', { name: 'Жирный' }).click();
  await page.keyboard.type('жирным');
  await dialog.getByRole('button', { name: 'Предпросмотр' }).click();
  const preview = dialog.getByTestId('editor-preview');
  await expect(preview.getByTestId('news-card-summary')).toHaveText('Анонс жирным');
  await expect(preview.getByTestId('news-summary').locator('strong')).toHaveText('жирным');
  await shot(page, 'day-one-news-preview-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'day-one-news-preview-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Скрыто');
  // Dealers do not see the draft.
  const list = await restCall<{ items: Array<{ title: string }> }>(page, 'news/list', { page: 1, size: 50 });
  expect(list.items.map((n) => n.title)).not.toContain(title);
});

test('the supplier’s one phone is in the header and once in the footer', async ({ page }) => {
  await signIn(page, 'dealer');
  // Whatever another test of the same database set it to.
  const settings = await restCall<{ supplier: { phone: string } }>(page, 'site/get-main-settings', {});
  const phone = settings.supplier.phone;
  const digits = phone.replace(/[^\d+]/g, '');
  for (const [name, width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByText(phone, { exact: false })).toHaveCount(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `day-one-footer-${name}`);
    if (name === 'desktop') {
      const call = page.getByRole('link', { name: `Позвонить поставщику: ${phone}` });
      await expect(call.filter({ visible: true })).toHaveCount(1);
      await expect(call.filter({ visible: true })).toHaveAttribute('href', `tel:${digits}`);
      await viewShot(page, `day-one-header-${name}`);
    } else {
      // A phone's top bar keeps its room for the search; the phone is in the user menu.
      await page.getByTestId('user-menu').click();
      const item = page.getByRole('menuitem', { name: phone });
      await expect(item).toBeVisible();
      await expect(item).toHaveAttribute('href', `tel:${digits}`);
      await viewShot(page, `day-one-header-${name}`);
      await page.keyboard.press('Escape');
    }
  }
});

test('registration refuses an ИНН with wrong check digits, in Russian', async ({ page }) => {
  for (const [name, width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.goto('/registration/');
    await page.getByLabel('ИНН').fill('1234567890');
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await expect(page.getByText('Неверный ИНН: не сходится контрольное число')).toBeVisible();
    await page.getByLabel('ИНН').scrollIntoViewIfNeeded();
    await viewShot(page, `day-one-registration-inn-${name}`);
  }
});

test('the moderator is warned about an account whose ИНН fails its check digits', async ({ page }) => {
  const login = `oldinn${Date.now() % 1e6}`;
  await signIn(page, 'admin');
  // An account from before the check (the back office's form takes any 10 digits).
  const user = await restCall<{ id: number }>(page, 'user/create', {
    login,
    password: 'Oldinn#2026',
    confirmPassword: 'Oldinn#2026',
    email: `${login}@example.ru`,
    firstName: 'Сергей',
    lastName: 'Опечаткин',
    company: 'ООО «Опечатка»',
    inn: '1234567890',
    groups: ['DEALERS'],
  });
  for (const [name, width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.goto(`/user/${user.id}/`);
    await expect(page.getByTestId('inn-warning')).toContainText('Неверный ИНН: не сходится контрольное число');
    await expect(page.getByTestId('inn-warning')).toContainText('ИНН 1234567890 указан с ошибкой');
    await shot(page, `day-one-moderator-card-${name}`);
    await page.goto(`/user/?search=${login}`);
    await expect(page.getByRole('row', { name: /Опечаткин/ }).getByText('ИНН с ошибкой')).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `day-one-moderator-list-${name}`);
  }
});
