import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mail throttling', () => {
  it('stops password-recovery mails for one login after five an hour, without a 5xx', async () => {
    const c = t.client();
    for (let i = 0; i < 5; i++) expect((await c.call('user/restore-password', { login: 'dealer' })).status).toBe(200);
    const sixth = await c.call('user/restore-password', { login: 'dealer' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      error: 'RATE_LIMITED',
      error_description: 'Слишком много попыток, попробуйте позже',
    });
    expect(sixth.body.retryAfter).toBeGreaterThan(0);
    const mails = (await t.outbox()).filter((m) => m.to.includes('dealer@agromash.local'));
    expect(mails).toHaveLength(5);
    // Another login is not affected by this one's limit.
    expect((await c.call('user/restore-password', { login: 'employee' })).status).toBe(200);
  });

  it('limits one-time codes requested from one address across accounts', async () => {
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await c.call('user/GenerateAuthKey', { login: `nobody${i}` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
