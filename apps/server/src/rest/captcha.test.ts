import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AGREEMENT_PREFIX, SUPPORT_FORM_CODE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing/index.js';

/**
 * Captcha (decision 141) against a local fake of Google's siteverify: a tiny HTTP server
 * that answers as Google does for the tokens the test sends.
 */

const SECRET = 'test-recaptcha-secret';
const seen: Array<Record<string, string>> = [];
let fake: Server;
let verifyUrl: string;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      seen.push(form);
      const answer =
        form.secret !== SECRET
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : form.response === 'good-token'
            ? { success: true, score: 0.9, action: 'submit', hostname: 'localhost' }
            : form.response === 'robot-token'
              ? { success: true, score: 0.1, action: 'submit', hostname: 'localhost' }
              : { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const application = (n: number) => ({
  login: `captcha${n}`,
  email: `captcha${n}@dealer.local`,
  password: 'Newdealer#2026',
  confirmPassword: 'Newdealer#2026',
  firstName: 'Пётр',
  lastName: 'Сидоров',
  middleName: 'Ильич',
  phone: '+7 (383) 200-00-00',
  company: 'ООО «Новый дилер»',
  inn: '5406000018',
  city: 'Омск',
});
const token = (value: string) => ({ query: { 'g-recaptcha-response': value } });

describe('with RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY set', () => {
  let t: TestApp;
  let dealer: TestClient;
  beforeAll(async () => {
    t = await createTestApp({
      recaptchaSecret: SECRET,
      recaptchaSiteKey: 'test-site-key',
      recaptchaVerifyUrl: verifyUrl,
      recaptchaMinScore: 0.5,
    });
    dealer = await t.as('dealer');
  });
  afterAll(() => t.close());

  it('tells the web app the site key and exactly the methods the server checks', async () => {
    const s = await t.client().ok('site/get-main-settings', {});
    expect(s.captchaSiteKey).toBe('test-site-key');
    expect([...s.captchaMethods].sort()).toEqual([
      'answer/create',
      'mailings/update',
      'user/register',
      'user/restore-password',
    ]);
  });

  it('registration: a missing, invalid or robot’s token is refused in Russian; a valid one passes', async () => {
    const c = t.client();
    const missing = await c.call('user/register', application(1));
    expect(missing.status).toBe(400);
    expect(missing.body.error_description).toBe('Подтвердите, что вы не робот: обновите страницу и попробуйте ещё раз');
    for (const bad of ['forged-token', 'robot-token']) {
      const r = await c.call('user/register', application(1), token(bad));
      expect(r.status).toBe(400);
      expect(r.body.error_description).toBe(
        'Проверка «я не робот» не пройдена: обновите страницу и попробуйте ещё раз',
      );
    }
    const before = seen.length;
    const ok = await c.call('user/register', application(1), token('good-token'));
    expect(ok.status).toBe(200);
    expect(ok.body.result).toEqual({ moderation: true });
    // The server sent Google's form: the secret, the token and the caller's address.
    expect(seen[before]).toMatchObject({ secret: SECRET, response: 'good-token', remoteip: '127.0.0.1' });
  });

  it('recovery, the forms and the mailing need the token too, and succeed with it', async () => {
    const c = t.client();
    expect((await c.call('user/restore-password', { login: 'dealer2' })).status).toBe(400);
    expect((await c.call('user/restore-password', { login: 'dealer2' }, token('good-token'))).status).toBe(200);

    const form = await dealer.ok('form/get', { code: SUPPORT_FORM_CODE });
    const agreement = form.fields.find((f) => f.code.startsWith(AGREEMENT_PREFIX))!.code;
    const payload = {
      code: SUPPORT_FORM_CODE,
      fields: [
        { code: 'TOPIC', value: 'OTHER' },
        { code: 'SUBJECT', value: 'Вопрос' },
        { code: 'MESSAGE', value: 'Подскажите, как сменить способ оплаты?' },
        { code: agreement, value: true },
      ],
    };
    expect((await dealer.call('answer/create', { payload })).status).toBe(400);
    expect((await dealer.call('answer/create', { payload }, token('good-token'))).status).toBe(200);

    const mailing = await dealer.ok('mailings/get', {});
    await dealer.ok('consent/create', { payload: { idAgreement: mailing.agreementId!, isAgree: true } });
    expect((await dealer.call('mailings/update', { email: 'news@agromash.local' })).status).toBe(400);
    const subscribed = await dealer.call('mailings/update', { email: 'news@agromash.local' }, token('good-token'));
    expect(subscribed.status).toBe(200);
  });

  it('methods without captcha are not touched', async () => {
    const before = seen.length;
    expect((await t.client().signIn('dealer2')).status).toBe(200);
    expect((await dealer.call('basket/list', {})).status).toBe(200);
    expect(seen.length).toBe(before);
  });
});

describe('when the verification endpoint cannot be reached', () => {
  it('answers 503 with a Russian message, not a pass', async () => {
    const t = await createTestApp({
      recaptchaSecret: SECRET,
      recaptchaSiteKey: 'test-site-key',
      recaptchaVerifyUrl: 'http://127.0.0.1:9/siteverify',
      recaptchaMinScore: 0.5,
    });
    try {
      const r = await t.client().call('user/register', application(2), token('good-token'));
      expect(r.status).toBe(503);
      expect(r.body.error_description).toBe('Проверка «я не робот» сейчас недоступна: попробуйте через минуту');
    } finally {
      await t.close();
    }
  });
});

describe('without the settings', () => {
  it('nothing changes: no site key for the web app, no token needed, nothing verified', async () => {
    const t = await createTestApp();
    try {
      expect((await t.client().ok('site/get-main-settings', {})).captchaSiteKey).toBe('');
      const before = seen.length;
      const r = await t.client().call('user/register', application(3));
      expect(r.status).toBe(200);
      expect(seen.length).toBe(before);
    } finally {
      await t.close();
    }
  });
});
