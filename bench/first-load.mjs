// First load of a catalogue page: the compressed JavaScript a signed-in dealer's browser transfers when it
// opens /catalog/{id}/ with an empty cache (the budget of docs/performance.md: under 300 KB). Run against a started portal:
//   PORTAL_URL=http://127.0.0.1:3000 node bench/first-load.mjs
import { chromium } from '@playwright/test';
const base = process.env.PORTAL_URL ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(base + '/auth/');
await page.getByLabel('Логин').fill('dealer');
await page.getByLabel('Пароль').fill('Dealer#2026');
await page.getByRole('button', { name: 'Войти' }).click();
await page.waitForURL(base + '/');
const state = await context.storageState();
const context2 = await browser.newContext({ storageState: state });
const page2 = await context2.newPage();
let total = 0;
/** @type {Array<[string | undefined, number, string | undefined]>} */
const seen = [];
page2.on('requestfinished', async (req) => {
  if (req.resourceType() === 'script') {
    const s = await req.sizes();
    total += Math.max(0, s.responseBodySize);
    seen.push([req.url().split('/').pop(), s.responseBodySize, (await req.response())?.headers()['content-encoding']]);
  }
});
const link = '/catalog/3/';
await page2.goto(base + link);
await page2.waitForLoadState('networkidle');
console.log('first load of', link, '→ compressed JS bytes', total);
console.log(seen.sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 8)));
await browser.close();
