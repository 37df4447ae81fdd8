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
import { paged } from '../../rest/paging.js';
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
export async function ownCounterparty(db: Db, userId: number, id: number): Promise<Row> {
  const row = await db
    .selectFrom('counterparties')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

const columnsOf = (f: {
  name: string;
  inn: string;
  kpp: string;
  ogrn: string;
  legalAddress: string;
  bank: string;
  bik: string;
  account: string;
  corrAccount: string;
}) => ({
  name: f.name,
  inn: f.inn,
  kpp: f.kpp,
  ogrn: f.ogrn,
  legal_address: f.legalAddress,
  bank: f.bank,
  bik: f.bik,
  account: f.account,
  corr_account: f.corrAccount,
});

export const counterpartyHandlers: Handlers<typeof counterpartyMethods> = {
  async 'counterparty/list'(input, ctx) {
    const actor = requireActor(ctx);
    let q = ctx.db.selectFrom('counterparties').where('user_id', '=', actor.id);
    if (input.filter?.id) {
      if (input.filter.id.length === 0) return { count: 0, items: [] };
      q = q.where('id', 'in', input.filter.id);
    }
    if (input.filter?.name) q = q.where('name', 'ilike', `%${input.filter.name.replace(/[%_\\]/g, '\\$&')}%`);
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = q.selectAll();
    rows = input.sort?.NAME ? rows.orderBy('name', input.sort.NAME === 'DESC' ? 'desc' : 'asc') : rows;
    rows = rows.orderBy('id', input.sort?.ID === 'DESC' ? 'desc' : 'asc');
    rows = paged(rows, input);
    const items = await rows.execute();
    return { count: Number(n), items: items.map((r) => toCounterparty(r, ctx.language)) };
  },
  async 'counterparty/get'(input, ctx) {
    return toCounterparty(await ownCounterparty(ctx.db, requireActor(ctx).id, input.id), ctx.language);
  },
  async 'counterparty/create'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await ctx.db
      .insertInto('counterparties')
      .values({ user_id: actor.id, ...columnsOf(input.fields) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCounterparty(row, ctx.language);
  },
  async 'counterparty/update'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await ctx.db
      .updateTable('counterparties')
      .set({ ...columnsOf(input.fields), updated_at: new Date() })
      .where('id', '=', input.id)
      .where('user_id', '=', actor.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound();
    return toCounterparty(row, ctx.language);
  },
  async 'counterparty/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const res = await ctx.db
      .deleteFrom('counterparties')
      .where('id', '=', input.id)
      .where('user_id', '=', actor.id)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound();
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
