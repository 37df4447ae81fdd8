import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';
import { helmetHeaders } from './security-headers.js';

/** The security headers are worked out once (decision 234) and go out on every kind of answer. */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('an answer, an error answer and an unknown path all carry the same headers', async () => {
    const browser = t.client();
    const ok = await browser.call('site/get-main-settings', {});
    const refused = await browser.call('profile', {});
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-file.txt' });
    expect([ok.status, refused.status]).toEqual([200, 401]);
    for (const r of [ok, refused, missing]) {
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('https://api-maps.yandex.ru');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('same-origin');
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(r.headers['strict-transport-security']).toBeUndefined();
      expect(r.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('the headers worked out once are those helmet writes on a response', () => {
    const options = { referrerPolicy: { policy: 'same-origin' as const }, strictTransportSecurity: false as const };
    const written = new Map<string, string>();
    helmet(options)(
      {} as never,
      {
        setHeader: (n: string, v: unknown) => written.set(n.toLowerCase(), String(v)),
        removeHeader: (n: string) => written.delete(n.toLowerCase()),
      } as never,
      () => {},
    );
    expect(new Map(helmetHeaders(options))).toEqual(written);
    expect(written.size).toBeGreaterThan(8);
  });
});
