import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the /rest/ dispatcher', () => {
  it('answers a call without sessid with SESSION_FAILED and a fresh token', async () => {
    const c = t.client();
    const r = await c.raw('site/get-main-settings', {}, { sessid: null });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('SESSION_FAILED');
    expect(r.body.sessid).toMatch(/^[0-9a-f]{32}$/);
    const again = await c.raw('site/get-main-settings', {});
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ language: 'ru', themeSwitch: false, localeSwitch: false });
  });

  it('rejects a stale sessid', async () => {
    const c = t.client();
    await c.call('site/get-main-settings', {});
    const r = await c.raw('site/get-main-settings', {}, { sessid: 'f'.repeat(32) });
    expect(r.body.error).toBe('SESSION_FAILED');
    expect(r.body.sessid).toBe(c.sessid);
  });

  it('does not derive sessid from the cookie: the token is the session’s own stored value', async () => {
    const c = t.client();
    await c.call('site/get-main-settings', {});
    const other = t.client();
    await other.call('site/get-main-settings', {});
    expect(other.sessid).not.toBe(c.sessid);
    expect(c.cookie).not.toContain(c.sessid);

    // Give the session another token in the database: with the same cookie, the old token is now stale and
    // the new one is accepted, so nothing computes the token from the cookie.
    const replaced = 'a'.repeat(32);
    const old = c.sessid;
    await t.app.portal.database.db
      .updateTable('sessions')
      .set({ sessid: replaced })
      .where('sessid', '=', old)
      .execute();
    const stale = await c.raw('site/get-main-settings', {}, { sessid: old });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ error: 'SESSION_FAILED', sessid: replaced });
    const fresh = await c.raw('site/get-main-settings', {}, { sessid: replaced });
    expect(fresh.status).toBe(200);
  });

  it('answers an unknown method with 404 NOT_FOUND in Russian', async () => {
    const r = await t.client().raw('nothing/here', {});
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'NOT_FOUND', error_description: 'Метод не найден' });
  });

  it('answers a GET with 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/rest/profile' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400 and a Russian message', async () => {
    const c = t.client();
    await c.call('site/get-main-settings', {});
    const r = await c.raw('site/get-main-settings', undefined, {
      payload: '{"id": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'VALIDATION', error_description: 'Некорректный запрос' });
  });

  it('answers a body over the limit with 413', async () => {
    const c = t.client();
    await c.call('site/get-main-settings', {});
    const r = await c.raw('site/get-main-settings', undefined, {
      payload: JSON.stringify({ id: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('rejects unknown fields and wrong types with VALIDATION and per-field messages', async () => {
    const c = t.client();
    await c.call('site/get-main-settings', {});
    const unknown = await c.raw('site/get-main-settings', { id: 's1', price: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ price: 'Неизвестное поле' });
    const wrongType = await c.raw('site/get-main-settings', { id: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fields?.id).toBe('Неверное значение');
    const tooLong = await c.raw('site/get-main-settings', { id: 'x'.repeat(51) });
    expect(tooLong.body.fields?.id).toBe('Слишком длинное значение');
  });

  it('answers an unsupported content type with 400, not 415 or 500', async () => {
    const c = t.client();
    await c.call('site/get-main-settings', {});
    const r = await c.raw('site/get-main-settings', undefined, {
      payload: 'a=b',
      headers: { 'content-type': 'text/plain' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
  });

  it('speaks English when the page asks for it', async () => {
    const c = t.client();
    c.language = 'en';
    const r = await c.raw('nothing/here', {});
    expect(r.body.error_description).toBe('Method not found');
  });
});
