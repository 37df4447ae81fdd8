import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR, E2E_PORT, SCREENSHOT_DIR } from './env';

export const ACCOUNTS = {
  admin: { login: 'admin', password: 'Admin#2026', name: 'Алексей' },
  dealer: { login: 'dealer', password: 'Dealer#2026', name: 'Иван' },
  dealer2: { login: 'dealer2', password: 'Dealer2#2026', name: 'Ольга' },
  employee: { login: 'employee', password: 'Employee#2026', name: 'Мария' },
  secure: { login: 'secure', password: 'Secure#2026', name: 'Дмитрий' },
} as const;
export type Account = keyof typeof ACCOUNTS;

export async function signIn(page: Page, account: Account): Promise<void> {
  const { login, password } = ACCOUNTS[account];
  await page.goto('/auth/');
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ACCOUNTS[account].name);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth\/$/);
}

/** A screenshot kept in e2e/screenshots for people to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * The page at 1280 px and on a 390 px phone, each kept as a screenshot; nothing on the phone is wider than the
 * screen.
 */
export async function shotBoth(page: Page, name: string): Promise<void> {
  await shot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-phone`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: page wider than 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Messages the server wrote to its outbox (no SMTP in tests), newest last. */
export async function outbox(): Promise<Array<{ to: string; subject: string; text: string; html: string }>> {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (n) => {
      const mail = await simpleParser(readFileSync(path.join(dir, n)));
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
      return {
        to,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
      };
    }),
  );
}

/** The newest message to an address, waiting for it to arrive. */
/**
 * The last message to an address. With `subject` (a part of it, or a pattern), waits until the last one is
 * that message: mail leaves through the outbox after the change that causes it, so an earlier message to the
 * same address may still be the last one for a moment.
 */
export async function lastMailTo(
  address: string,
  subject?: string | RegExp,
): Promise<{ to: string; subject: string; text: string }> {
  let found: { to: string; subject: string; text: string } | undefined;
  const wanted = (s: string) =>
    subject === undefined || (typeof subject === 'string' ? s.includes(subject) : subject.test(s));
  await expect
    .poll(async () => {
      // Other tests' mails (an order's, sent from the outbox a moment later) may arrive after the wanted one.
      found = (await outbox()).filter((m) => m.to.includes(address) && wanted(m.subject)).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** A /rest/ call from inside the signed-in page, as the web app makes it (cookie + sessid). */
export async function restCall<T>(page: Page, name: string, input: unknown): Promise<T> {
  return page.evaluate(
    async ({ name, input }) => {
      const call = async (sessid: string) =>
        (await (
          await fetch(`/rest/${name}?sessid=${sessid}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-language': 'ru' },
            body: JSON.stringify(input),
          })
        ).json()) as { result?: unknown; error?: string; sessid?: string; error_description?: string };
      let answer = await call('');
      if (answer.error === 'SESSION_FAILED' && answer.sessid) answer = await call(answer.sessid);
      if (answer.error) throw new Error(`${name}: ${answer.error_description ?? answer.error}`);
      return answer.result;
    },
    { name, input },
  ) as Promise<T>;
}

/**
 * Part numbers of the demo catalogue that a dealer can order and that resolve to exactly one product with a
 * price, read from the running portal (so the tests follow whatever the seed generates).
 */
export async function orderableArticles(page: Page, count: number): Promise<string[]> {
  const list = await restCall<{ items: Array<{ article: string; price: unknown }> }>(page, 'product/list', {
    size: 240,
    sort: { NAME: 'ASC' },
  });
  const articles = [...new Set(list.items.filter((p) => p.price && p.article).map((p) => p.article))];
  const resolved = await restCall<{
    lines: Array<{ article: string; status: string; candidates: Array<{ price: unknown }> }>;
  }>(page, 'basket/resolve', { text: articles.join('\n') });
  const unique = resolved.lines.filter((l) => l.status === 'found' && l.candidates[0]?.price).map((l) => l.article);
  if (unique.length < count) throw new Error(`only ${unique.length} orderable part numbers in the demo catalogue`);
  return unique.slice(0, count);
}

/**
 * Minutes the desk's changes to an order are gathered before the dealer is told (decision 195), saved by an
 * administrator in a browser of its own as the settings page saves it. The specs that read the dealer's mail
 * right after one change set 0.
 */
export async function setOrderTidingsMinutes(browser: Browser, minutes: number): Promise<void> {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  const page = await context.newPage();
  try {
    await signIn(page, 'admin');
    type View = {
      settings: Record<string, unknown> & {
        supplier: Record<string, unknown> & { signers: Array<{ position: string; name: string; signature: string }> };
        thresholds: Record<string, unknown>;
      };
      paySystems: Array<{ id: number; name: string; description: string; active: boolean }>;
      priceTypes: Array<{ id: number; name: string }>;
      priceMappings: Array<{ id: number; priceTypeId: number | null; paySystemId: number | null }>;
      exchange: { source: string; login: string };
    };
    const view = await restCall<View>(page, 'site-settings/get', {});
    const s = view.settings;
    await restCall(page, 'site-settings/update', {
      siteName: s.siteName,
      logo: s.logo,
      email: s.email,
      feedbackEmail: s.feedbackEmail,
      copyright: s.copyright,
      basketLinkTemplate: s.basketLinkTemplate,
      supplier: {
        ...s.supplier,
        signers: s.supplier.signers.map(({ position, name, signature }) => ({ position, name, signature })),
      },
      thresholds: {
        ...s.thresholds,
        teaSections: s.thresholds.teaSections ?? [],
        coffeeSections: s.thresholds.coffeeSections ?? [],
      },
      returnDays: s.returnDays,
      orderTidingsMinutes: minutes,
      paySystems: view.paySystems.map(({ id, name, description, active }) => ({ id, name, description, active })),
      priceTypes: view.priceTypes.map(({ id, name }) => ({ id, name })),
      priceMappings: view.priceMappings.map(({ id, priceTypeId, paySystemId }) => ({ id, priceTypeId, paySystemId })),
      exchange: { login: view.exchange.source === 'settings' ? view.exchange.login : '', password: '' },
    });
  } finally {
    await context.close();
  }
}
