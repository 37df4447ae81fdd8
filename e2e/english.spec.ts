import { expect, test, type Locator, type Page } from '@playwright/test';
import { restCall, shot, signIn } from './support/portal';

/**
 * Decision 145: what the server writes into the page (forms and their fields, the bill,
 * units, statuses, notices, error messages) follows the page's language. Names and texts people typed
 * (companies, products, addresses) stay as they were entered, so each check reads the server-driven parts.
 */
const CYRILLIC = /[А-Яа-яЁё]/;
/** Latin words other than the product names, units and marks a Russian page legitimately shows. */
const ENGLISH_WORD = /\b(?!VIN\b|E-mail\b|Excel\b|xlsx\b)[A-Za-z]{3,}\b/;

async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).trim();
}

async function inLanguage(page: Page, language: 'ru' | 'en') {
  await page.evaluate((l) => localStorage.setItem('language', l), language);
}

test('a page in English gets the server-driven texts in English, a page in Russian in Russian', async ({ page }) => {
  // An error message of the server: a wrong password on the English sign-in page.
  await page.goto('/auth/');
  await inLanguage(page, 'en');
  await page.reload();
  await page.getByLabel('Login').fill('dealer');
  await page.getByLabel('Password').fill('Wrong#2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong login or password')).toBeVisible();
  await inLanguage(page, 'ru');

  await signIn(page, 'dealer');
  const orders = await restCall<{ items: Array<{ id: number }> }>(page, 'order/list', {});
  const orderId = orders.items[0]!.id;
  const forms = await restCall<{ items: Array<{ id: number; code: string }> }>(page, 'form/list', {});
  const support = forms.items.find((f) => f.code === 'USER_SUPPORT')!;

  await inLanguage(page, 'en');
  // A form: its title, fields, options and, on an empty submit, its rule messages.
  await page.goto(`/form/${support.id}/`);
  const form = page.getByRole('form', { name: 'Support request' });
  await expect(form.getByRole('combobox', { name: 'Category' })).toHaveText('Other');
  await expect(page.getByText(/^Ask the portal support a question/)).toBeVisible();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Your consent is required')).toBeVisible();
  expect(await text(form)).not.toMatch(CYRILLIC);
  await shot(page, 'english-form');

  // The bill: every label, the title, the note, the units and the sum in words.
  await page.goto(`/bill/${orderId}/print/`);
  const bill = page.getByTestId('bill');
  await expect(bill.getByRole('heading', { level: 1 })).toHaveText(/^Invoice No\. \d+ of /);
  await expect(bill.getByTestId('bill-words')).toHaveText(/roubles \d\d kopeck/);
  for (const part of [bill.getByRole('heading', { level: 1 }), bill.locator('thead'), bill.getByTestId('bill-words')]) {
    expect(await text(part)).not.toMatch(CYRILLIC);
  }
  await expect(bill.getByText('Basis', { exact: true })).toBeVisible();
  await expect(bill.getByText('Payment', { exact: true })).toBeVisible();
  await expect(bill.getByText(/Items in total: \d+\. The invoice is valid/)).toBeVisible();
  await expect(bill.locator('tbody td', { hasText: /^pcs$/ }).first()).toBeVisible();
  await shot(page, 'english-bill');

  // The order: its status, payment, delivery and units.
  await page.goto(`/order/${orderId}/`);
  await expect(page.getByText(/\d+ pcs/).first()).toBeVisible();
  await expect(page.getByText('Bank transfer').first()).toBeVisible();

  // A product with its unit and warehouses.
  await page.goto('/catalog/product/1/');
  await expect(page.getByText(/pcs/).first()).toBeVisible();
  expect(await page.getByText(/\bшт\b/).count()).toBe(0);

  // Notices.
  await page.goto('/notice/');
  await expect(page.getByText('Welcome to the dealer portal')).toBeVisible();

  // The same screens in Russian: no stray English.
  await inLanguage(page, 'ru');
  await page.goto(`/form/${support.id}/`);
  const formRu = page.getByRole('form', { name: 'Обращение в поддержку' });
  await formRu.getByRole('button', { name: 'Отправить' }).click();
  await expect(formRu.getByText('Необходимо ваше согласие')).toBeVisible();
  expect(await text(formRu)).not.toMatch(ENGLISH_WORD);
  await page.goto(`/bill/${orderId}/print/`);
  await expect(bill.getByRole('heading', { level: 1 })).toHaveText(/^Счёт на оплату № \d+ от /);
  for (const part of [bill.getByRole('heading', { level: 1 }), bill.locator('thead'), bill.getByTestId('bill-words')]) {
    expect(await text(part)).not.toMatch(ENGLISH_WORD);
  }
  await expect(bill.locator('tbody td', { hasText: /^шт$/ }).first()).toBeVisible();
  await page.goto('/notice/');
  await expect(page.getByText('Добро пожаловать на дилерский портал')).toBeVisible();
});

test('a user chooses English on the profile, keeps it after a reload, and goes back to Russian', async ({ page }) => {
  await signIn(page, 'dealer');
  await page.goto('/profile/');
  const card = page.getByRole('region', { name: 'Язык' });
  await card.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Language saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Language' }).getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shot(page, 'profile-language-en');
  await page.getByRole('region', { name: 'Language' }).getByRole('button', { name: 'Русский' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expect(page.getByText('Язык сохранён')).toBeVisible();
});
