import {
  COUNTERPARTY_FIELDS,
  translate,
  type Counterparty,
  type CounterpartyFieldId,
  type counterpartyMethods,
  type Language,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import * as q from './queries.js';
import type { CounterpartiesTable } from './tables.js';

type Row = Selectable<CounterpartiesTable>;

const LABELS: Record<Language, Record<CounterpartyFieldId, string>> = {
  ru: {
    name: 'Наименование',
    inn: 'ИНН',
    kpp: 'КПП',
    ogrn: 'ОГРН',
    legalAddress: 'Юридический адрес',
    bank: 'Банк',
    bik: 'БИК',
    account: 'Расчётный счёт',
    corrAccount: 'Корреспондентский счёт',
  },
  en: {
    name: 'Name',
    inn: 'INN (tax id)',
    kpp: 'KPP',
    ogrn: 'OGRN',
    legalAddress: 'Legal address',
    bank: 'Bank',
    bik: 'BIK',
    account: 'Settlement account',
    corrAccount: 'Correspondent account',
  },
};

export function toCounterparty(row: Row, language: Language = 'ru'): Counterparty {
  const values: Record<CounterpartyFieldId, string> = {
    name: row.name,
    inn: row.inn,
    kpp: row.kpp,
    ogrn: row.ogrn,
    legalAddress: row.legal_address,
    bank: row.bank,
    bik: row.bik,
    account: row.account,
    corrAccount: row.corr_account,
  };
  return {
    id: row.id,
    title: row.name,
    ...values,
    fields: COUNTERPARTY_FIELDS.map((id) => ({ id, name: LABELS[language][id], value: values[id] })),
  };
}

/** A dealer's own company, or NOT_FOUND (another dealer's looks exactly like a missing one). */
async function ownCounterparty(db: Db, userId: number, id: number) {
  const row = await q.ownCounterparty(db, userId, id);
  if (!row) throw notFound();
  return row;
}

export const counterpartyHandlers: Handlers<typeof counterpartyMethods> = {
  async 'counterparty/list'(input, ctx) {
    const actor = requireActor(ctx);
    if (input.filter?.id?.length === 0) return { count: 0, items: [] };
    const { count, rows } = await q.listCounterparties(ctx.db, actor.id, input);
    return { count, items: rows.map((r) => toCounterparty(r, ctx.language)) };
  },
  async 'counterparty/get'(input, ctx) {
    return toCounterparty(await ownCounterparty(ctx.db, requireActor(ctx).id, input.id), ctx.language);
  },
  async 'counterparty/create'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await q.insertCounterparty(ctx.db, actor.id, input.fields);
    return toCounterparty(row, ctx.language);
  },
  async 'counterparty/update'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await q.updateCounterparty(ctx.db, actor.id, input.id, input.fields);
    if (!row) throw notFound();
    return toCounterparty(row, ctx.language);
  },
  async 'counterparty/delete'(input, ctx) {
    const actor = requireActor(ctx);
    if (!(await q.deleteCounterparty(ctx.db, actor.id, input.id))) throw notFound();
    return { ok: true as const };
  },
  async 'counterparty/get-fields'(input, ctx) {
    const actor = requireActor(ctx);
    const row = input?.id ? await ownCounterparty(ctx.db, actor.id, input.id) : null;
    const values = row ? toCounterparty(row, ctx.language) : null;
    return {
      fields: COUNTERPARTY_FIELDS.map((id) => ({
        id,
        name: LABELS[ctx.language][id],
        value: values ? values[id] : '',
        required: id === 'name' || id === 'inn',
      })),
    };
  },
};

export const requiredMessage = (language: Language) => translate(language, 'validation.required');
