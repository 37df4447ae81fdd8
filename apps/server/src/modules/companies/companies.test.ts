import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccount, checkCorrAccount, checkInn, checkOgrn } from '@portal/contract';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';

const valid = {
  name: 'ООО «Тест»',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  legalAddress: 'г. Москва, ул. Вавилова, д. 19',
  bank: 'ПАО Сбербанк',
  bik: '044525225',
  account: '40702810800000054321',
  corrAccount: '30101810400000000225',
};

describe('requisite checksums', () => {
  it('accepts real requisites and rejects a changed digit', () => {
    expect(checkInn('7707083893')).toBeNull();
    expect(checkInn('7707083894')).toBe('validation.innChecksum');
    expect(checkInn('500100732259')).toBeNull();
    expect(checkInn('500100732258')).toBe('validation.innChecksum');
    expect(checkInn('12345')).toBe('validation.inn');
    expect(checkOgrn('1027700132195')).toBeNull();
    expect(checkOgrn('1027700132196')).toBe('validation.ogrnChecksum');
    expect(checkOgrn('304500116000157')).toBeNull();
    expect(checkCorrAccount('30101810400000000225', '044525225')).toBeNull();
    expect(checkAccount('40702810800000054321', '044525225')).toBeNull();
    expect(checkAccount('40702810800000054322', '044525225')).toBe('validation.accountChecksum');
  });
});

describe('counterparty/*', () => {
  let t: TestApp;
  let dealer: TestClient;
  let dealer2: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    dealer = await t.as('dealer');
    dealer2 = await t.as('dealer2');
  });
  afterAll(() => t.close());

  it('rejects anonymous and the wrong role', async () => {
    expect((await t.client().call('counterparty/list', {})).status).toBe(401);
    const employee = await t.as('employee');
    expect((await employee.call('counterparty/list', {})).status).toBe(403);
    expect((await employee.call('counterparty/create', { fields: valid })).status).toBe(403);
  });

  it('creates, reads, updates and deletes own companies', async () => {
    const created = await dealer.ok('counterparty/create', { fields: valid });
    expect(created.inn).toBe('7707083893');
    expect(created.fields.find((f) => f.id === 'inn')?.name).toBe('ИНН');
    const got = await dealer.ok('counterparty/get', { id: created.id });
    expect(got.name).toBe(valid.name);
    const updated = await dealer.ok('counterparty/update', {
      id: created.id,
      fields: { ...valid, name: 'ООО «Тест 2»' },
    });
    expect(updated.title).toBe('ООО «Тест 2»');
    const list = await dealer.ok('counterparty/list', { size: -1 });
    expect(list.items.some((c) => c.id === created.id)).toBe(true);
    const fields = await dealer.ok('counterparty/get-fields', { id: created.id });
    expect(fields.fields.find((f) => f.id === 'name')?.value).toBe('ООО «Тест 2»');
    expect((await dealer.ok('counterparty/get-fields', {})).fields.every((f) => f.value === '')).toBe(true);
    await dealer.ok('counterparty/delete', { id: created.id });
    expect((await dealer.call('counterparty/get', { id: created.id })).status).toBe(404);
  });

  it('hides another dealer’s company exactly like a missing one', async () => {
    const mine = await dealer.ok('counterparty/create', { fields: valid });
    const missing = await dealer2.call('counterparty/get', { id: 999999 });
    for (const call of [
      dealer2.call('counterparty/get', { id: mine.id }),
      dealer2.call('counterparty/update', { id: mine.id, fields: valid }),
      dealer2.call('counterparty/delete', { id: mine.id }),
      dealer2.call('counterparty/get-fields', { id: mine.id }),
    ]) {
      const r = await call;
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    const list = await dealer2.ok('counterparty/list', { size: -1 });
    expect(list.items.some((c) => c.id === mine.id)).toBe(false);
  });

  it('rejects an invalid ИНН, КПП, ОГРН, БИК and accounts with Russian messages', async () => {
    const r = await dealer.call('counterparty/create', {
      fields: {
        ...valid,
        inn: '7707083894',
        kpp: '12',
        ogrn: '1027700132196',
        bik: '123',
        account: '40702810800000054322',
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(r.body.fields?.['fields.inn']).toBe('Неверный ИНН: не сходится контрольное число');
    expect(r.body.fields?.['fields.kpp']).toMatch(/КПП/);
    expect(r.body.fields?.['fields.ogrn']).toMatch(/ОГРН/);
    expect(r.body.fields?.['fields.bik']).toMatch(/БИК/);
    const account = await dealer.call('counterparty/create', { fields: { ...valid, account: '40702810800000054322' } });
    expect(account.body.fields?.['fields.account']).toBe('Счёт не соответствует БИК: не сходится контрольное число');
    const empty = await dealer.call('counterparty/create', { fields: { ...valid, name: '', inn: '' } });
    expect(empty.body.fields?.['fields.name']).toBe('Не может быть пустым');
    expect(empty.body.fields?.['fields.inn']).toBe('Не может быть пустым');
    const extra = await dealer.call('counterparty/create', { fields: { ...valid, userId: 5 } as never });
    expect(extra.status).toBe(400);
  });
});
