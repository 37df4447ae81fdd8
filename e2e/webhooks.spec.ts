import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { restCall, shotBoth, signIn } from './support/portal';

/**
 * Decision 225: a dealer registers a webhook in the profile against a receiver this test runs on 127.0.0.1
 * (the e2e server allows local endpoints: WEBHOOK_ALLOW_LOCAL), sees the secret once, and after a manager
 * moves one of their orders to another status sees the signed delivery in the log. Screens at 1280 and
 * 390 px (e2e/screenshots/webhooks-*).
 */
const both = (page: Page, name: string) => shotBoth(page, `webhooks-${name}`);

test('a dealer registers a webhook and sees the delivery of an order status change', async ({ page, browser }) => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-hook`;
  try {
    await signIn(page, 'dealer');
    await page.goto('/profile/');
    const card = page.getByRole('region', { name: 'Веб-хуки' });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Добавить веб-хук' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый веб-хук' });
    // An address that is not https is refused with the field's message.
    await dialog.getByLabel('Адрес').fill('http://shop.example.ru/hook');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await expect(dialog.getByText('Адрес должен начинаться с https://')).toBeVisible();
    await dialog.getByLabel('Адрес').fill(url);
    await expect(dialog.getByLabel('Статус заказа')).toBeChecked();
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    const created = page.getByRole('dialog', { name: 'Веб-хук добавлен' });
    await expect(created.getByText('он показывается один раз', { exact: false })).toBeVisible();
    const secret = await created.getByLabel('Секрет').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await both(page, 'created');
    await created.getByRole('button', { name: 'Готово' }).click();
    await expect(card.getByRole('row', { name: /portal-hook/ })).toBeVisible();

    // A manager moves one of the dealer's new orders on.
    const orders = await restCall<{ items: Array<{ id: number; status: { code: string } }> }>(page, 'order/list', {
      size: 60,
    });
    const order = orders.items.find((o) => o.status.code === 'N');
    expect(order, 'the demo dealer has a new order').toBeTruthy();
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signIn(staff, 'admin');
    const statuses = await restCall<{ items: Array<{ id: number; code: string }> }>(staff, 'order-status/list', {});
    await restCall(staff, 'order/set-status', {
      id: order!.id,
      status: statuses.items.find((s) => s.code === 'A')!.id,
    });
    await staffContext.close();

    await page.reload();
    const log = card.getByRole('table', { name: 'Журнал отправок' });
    const row = log.getByRole('row', { name: /Статус заказа/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('Доставлено')).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('ответ 200');
    await both(page, 'log');

    // The receiver got it, signed with the secret the dealer was shown.
    const got = received.find((r) => r.headers['x-portal-event'] === 'order.status')!;
    expect(got).toBeTruthy();
    const ts = got.headers['x-portal-timestamp'];
    const expected = `v1=${createHmac('sha256', secret).update(`${ts}.${got.body}`).digest('hex')}`;
    expect(got.headers['x-portal-signature']).toBe(expected);
    expect(JSON.parse(got.body)).toMatchObject({ event: 'order.status', data: { orderId: order!.id } });

    // Deleting asks first.
    await card.getByRole('button', { name: `Удалить веб-хук ${url}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Удалить веб-хук?' });
    await expect(confirm).toContainText('Это нельзя отменить');
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await expect(card.getByText('Веб-хуков пока нет.')).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
