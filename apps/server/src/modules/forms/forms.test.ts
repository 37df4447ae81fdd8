import { AGREEMENT_PREFIX, SUPPORT_FORM_CODE, type PortalForm } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { modernizeShippedForms } from '../../db/migrations/0191-form-order-field.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';

let t: TestApp;
let dealer: TestClient;
let dealer2: TestClient;
let employee: TestClient;
let admin: TestClient;
let support: PortalForm;
let agreementCode: string;

beforeAll(async () => {
  t = await createTestApp();
  [dealer, dealer2, employee, admin] = await Promise.all([
    t.as('dealer'),
    t.as('dealer2'),
    t.as('employee'),
    t.as('admin'),
  ]);
  support = await dealer.ok('form/get', { code: SUPPORT_FORM_CODE });
  agreementCode = support.fields.find((f) => f.type === 'AGREEMENT')!.code;
});
afterAll(() => t.close());

const goodFields = () => [
  { code: 'TOPIC', value: 'OTHER' },
  { code: 'SUBJECT', value: '<script>alert(1)</script> Вопрос' },
  { code: 'MESSAGE', value: 'Подскажите, как сменить способ оплаты?' },
  { code: agreementCode, value: true },
];

describe('form/list and form/get', () => {
  it('rejects anonymous; lists the three seeded forms with their definitions', async () => {
    expect((await t.client().call('form/list', {})).status).toBe(401);
    const list = await dealer.ok('form/list', {});
    expect(list.items.map((f) => f.code)).toEqual([SUPPORT_FORM_CODE, 'CALLBACK', 'DELIVERY_CLAIM']);
    const byId = await dealer.ok('form/get', { id: support.id });
    expect(byId.code).toBe(SUPPORT_FORM_CODE);
    expect(agreementCode.startsWith(AGREEMENT_PREFIX)).toBe(true);
    const subject = support.fields.find((f) => f.code === 'SUBJECT')!;
    expect(subject.required).toBe(true);
    expect(support.fields.find((f) => f.code === 'PHONE')!.required).toBe(false);
    expect((await dealer.call('form/get', { code: 'NOPE' })).status).toBe(404);
    expect((await dealer.call('form/get', {})).status).toBe(400);
  });
});

describe('answer/create', () => {
  it('stores an appeal as text, records the consent and tells the managers', async () => {
    const answer = await dealer.ok('answer/create', { payload: { code: SUPPORT_FORM_CODE, fields: goodFields() } });
    expect(answer.status).toBe('NEW');
    expect(answer.statusCss).toBeNull();
    expect(answer.title).toBe(`№ ${answer.id}: <script>alert(1)</script> Вопрос`);
    expect(answer.userFields.find((f) => f.sid === 'TOPIC')?.value).toBe('Другое');
    // The readonly field keeps the form's own value.
    expect(answer.userFields.find((f) => f.sid === 'CHANNEL')?.value).toBe('Дилерский портал');
    const mail = (await t.outbox()).at(-1);
    expect(mail?.to).toContain('employee@dealer-portal.local');
    expect(mail?.subject).toContain(`новое обращение № ${answer.id}`);
  });

  it('checks the form’s own rules, conditions, agreements and refuses unknown fields — saving nothing', async () => {
    const before = (await dealer.ok('answer/list', {})).count;
    const send = (fields: Array<{ code: string; value: string | boolean }>) =>
      dealer.call('answer/create', { payload: { code: SUPPORT_FORM_CODE, fields } });
    const short = await send(goodFields().map((f) => (f.code === 'MESSAGE' ? { ...f, value: 'мало' } : f)));
    expect(short.status).toBe(400);
    expect(short.body.error_description).toBe('Проверьте правильность заполнения полей формы');
    expect(short.body.fields).toEqual({ MESSAGE: 'Опишите вопрос подробнее — не меньше 10 символов' });
    // ORDER_NUMBER shows (and is required) only for the ORDER topic.
    const order = await send(goodFields().map((f) => (f.code === 'TOPIC' ? { ...f, value: 'ORDER' } : f)));
    expect(order.body.fields).toEqual({ ORDER_NUMBER: 'Выберите заказ' });
    const noConsent = await send(goodFields().filter((f) => f.code !== agreementCode));
    expect(noConsent.body.fields).toEqual({ [agreementCode]: 'Необходимо ваше согласие' });
    const unknown = await send([...goodFields(), { code: 'IS_ADMIN', value: 'Y' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ IS_ADMIN: 'Неизвестное поле формы: IS_ADMIN' });
    const badOption = await send(goodFields().map((f) => (f.code === 'TOPIC' ? { ...f, value: 'HACK' } : f)));
    expect(badOption.status).toBe(400);
    const wrongType = await send(goodFields().map((f) => (f.code === 'SUBJECT' ? { ...f, value: true } : f)));
    expect(wrongType.status).toBe(400);
    const extraKey = await dealer.raw('answer/create', {
      payload: { code: SUPPORT_FORM_CODE, fields: goodFields(), status: 'CORRECTED' },
    });
    expect(extraKey.status).toBe(400);
    expect((await dealer.ok('answer/list', {})).count).toBe(before);
  });
});

describe('the support form (decision 191)', () => {
  it('has one subject, a fixed channel and an order chosen from the dealer’s own orders', () => {
    const labels = support.fields.map((f) => f.label);
    expect(labels.filter((l) => /^Тема/.test(l))).toEqual(['Тема']);
    expect(support.fields.find((f) => f.code === 'CHANNEL')).toMatchObject({ readonly: true });
    expect(support.fields.find((f) => f.code === 'ORDER_NUMBER')).toMatchObject({ type: 'ORDER', label: 'Заказ' });
  });

  it('takes the dealer’s own order and refuses another dealer’s, a missing one and a non-number', async () => {
    const own = (await dealer.ok('order/list', { size: 1 })).items[0]!;
    const others = (await admin.ok('order/list', { size: -1 })).items.find((o) => o.user.id !== own.user.id);
    expect(others).toBeDefined();
    const send = (client: TestClient, order: string) =>
      client.call('answer/create', {
        payload: {
          code: SUPPORT_FORM_CODE,
          fields: [
            ...goodFields().map((f) => (f.code === 'TOPIC' ? { ...f, value: 'ORDER' } : f)),
            { code: 'ORDER_NUMBER', value: order },
          ],
        },
      });
    const before = (await dealer.ok('answer/list', {})).count;
    for (const bad of [String(others!.id), '999999', '0x1', '-1']) {
      const r = await send(dealer, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.fields, bad).toEqual({ ORDER_NUMBER: 'Выберите заказ из списка ваших заказов' });
    }
    expect((await dealer.ok('answer/list', {})).count).toBe(before);
    const ok = await send(dealer, String(own.id));
    expect(ok.status).toBe(200);
    expect(ok.body.result?.userFields.find((f) => f.sid === 'ORDER_NUMBER')?.value).toBe(String(own.id));
  });
});

describe('migration 0191', () => {
  it('turns the shipped forms’ typed order number into an order field, and leaves an edited field alone', async () => {
    const db = (t.app as unknown as { portal: { database: { db: Db } } }).portal.database.db;
    const old = support.fields.map((f) =>
      f.code === 'ORDER_NUMBER'
        ? {
            ...f,
            type: 'TEXT',
            label: 'Номер заказа',
            rules: [{ regex: '^\\d{1,10}$', message: 'Укажите номер заказа цифрами' }],
          }
        : f.code === 'TOPIC'
          ? { ...f, label: 'Тема обращения' }
          : f,
    );
    await sql`UPDATE forms SET fields = ${JSON.stringify(old)}::jsonb WHERE code = ${SUPPORT_FORM_CODE}`.execute(db);
    await modernizeShippedForms(db);
    const after = await dealer.ok('form/get', { code: SUPPORT_FORM_CODE });
    expect(after.fields.find((f) => f.code === 'ORDER_NUMBER')).toMatchObject({
      type: 'ORDER',
      label: 'Заказ',
      rules: [{ regex: '^\\d{1,10}$', message: 'Выберите заказ' }],
    });
    expect(after.fields.find((f) => f.code === 'TOPIC')?.label).toBe('Категория');
    const edited = old.map((f) => (f.code === 'ORDER_NUMBER' ? { ...f, label: 'Номер накладной' } : f));
    await sql`UPDATE forms SET fields = ${JSON.stringify(edited)}::jsonb WHERE code = ${SUPPORT_FORM_CODE}`.execute(db);
    await modernizeShippedForms(db);
    const kept = await dealer.ok('form/get', { code: SUPPORT_FORM_CODE });
    expect(kept.fields.find((f) => f.code === 'ORDER_NUMBER')).toMatchObject({
      type: 'TEXT',
      label: 'Номер накладной',
    });
    await sql`UPDATE forms SET fields = ${JSON.stringify(support.fields)}::jsonb WHERE code = ${SUPPORT_FORM_CODE}`.execute(
      db,
    );
  });
});

describe('answer/list, get, update', () => {
  it('a dealer sees their own appeals; another dealer gets 404; staff answer and the dealer gets an e-mail', async () => {
    const answer = await dealer.ok('answer/create', { payload: { code: SUPPORT_FORM_CODE, fields: goodFields() } });
    const hidden = await dealer2.call('answer/get', { id: answer.id });
    const missing = await dealer2.call('answer/get', { id: 999999 });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(
      (await dealer2.ok('answer/list', { filter: { code: SUPPORT_FORM_CODE } })).items.some((a) => a.id === answer.id),
    ).toBe(false);
    expect((await dealer.call('answer/update', { id: answer.id, status: 'CORRECTED', answer: 'x' })).status).toBe(403);
    const updated = await employee.ok('answer/update', {
      id: answer.id,
      status: 'CORRECTED',
      answer: 'Сделано: <b>готово</b>',
    });
    expect(updated.statusCss).toBe('success');
    expect(updated.adminFields[0]?.value).toBe('Сделано: <b>готово</b>');
    const seen = await dealer.ok('answer/get', { id: answer.id });
    expect(seen.adminFields[0]?.value).toBe('Сделано: <b>готово</b>');
    const mail = (await t.outbox()).filter((m) => m.to.includes('dealer@agromash.local')).at(-1);
    expect(mail?.subject).toBe(`Ответ на обращение ${answer.title}`);
    expect(mail?.text).toContain('Статус: Решено.');
    const notCorrected = await admin.ok('answer/update', { id: answer.id, status: 'NOT_CORRECTED', answer: 'Нет' });
    expect(notCorrected.statusCss).toBe('error');
    expect((await employee.ok('answer/list', { filter: { code: SUPPORT_FORM_CODE } })).count).toBeGreaterThan(0);
  });
});

describe('consent and agreement', () => {
  it('creates, reads and withdraws a consent; another user cannot withdraw it', async () => {
    const agreement = await dealer.ok('agreement/get', { code: 'MAILING' });
    expect(agreement.title).toBe('Согласие на получение рассылки');
    expect((await dealer.ok('agreement/get', { id: agreement.id })).code).toBe('MAILING');
    expect((await dealer.call('agreement/get', { id: 999999 })).status).toBe(404);
    const consent = await dealer.ok('consent/create', { payload: { idAgreement: agreement.id, isAgree: true } });
    expect(consent.idAgreement).toBe(agreement.id);
    expect(
      (await dealer.raw('consent/create', { payload: { idAgreement: agreement.id, isAgree: false } })).status,
    ).toBe(400);
    expect((await dealer2.call('consent/delete', { id: consent.id })).status).toBe(404);
    expect((await dealer.ok('consent/delete', { id: consent.id })).ok).toBe(true);
    expect(
      (await t.client().call('consent/create', { payload: { idAgreement: agreement.id, isAgree: true } })).status,
    ).toBe(401);
  });
});
