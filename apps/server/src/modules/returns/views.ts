import type { GoodReturn, Language, ReturnComment, ReturnStatus } from '@portal/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { fullNameOf, userCards } from '../auth/index.js';
import { counterpartyNames } from '../companies/index.js';
import { orderHeads } from '../orders/index.js';
import { loadFileViews, pick } from '../files/index.js';
import { dateRu } from '../notices/index.js';
import type { GoodReturnStatusesTable } from './tables.js';
import './tables.js';

export type StatusRow = Selectable<GoodReturnStatusesTable>;

export function toStatus(row: StatusRow, language: Language): ReturnStatus {
  return {
    id: row.id,
    code: row.code,
    name: language === 'en' && row.name_en ? row.name_en : row.name,
    description: language === 'en' && row.description_en ? row.description_en : row.description,
    color: row.color,
  };
}

export async function loadStatuses(db: Db): Promise<StatusRow[]> {
  return db.selectFrom('good_return_statuses').selectAll().orderBy('sort').orderBy('id').execute();
}

export const orderTitle = (id: number, created: Date | string, language: Language) =>
  language === 'en' ? `Order No. ${id} of ${dateRu(created)}` : `Заказ № ${id} от ${dateRu(created)}`;

const isoDay = (v: Date | string | null): string | null => {
  if (v === null) return null;
  if (typeof v === 'string') return v.slice(0, 10);
  // A date column comes back as local midnight; keep its calendar day.
  const y = v.getFullYear();
  const m = String(v.getMonth() + 1).padStart(2, '0');
  const d = String(v.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
};

/** Returns as the contract shows them, in the order of `ids`. */
export async function returnViews(db: Db, ids: number[], language: Language): Promise<GoodReturn[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('good_returns as r')
    .innerJoin('good_return_statuses as s', 's.id', 'r.status_id')
    .selectAll('r')
    .select([
      's.code as s_code',
      's.name as s_name',
      's.name_en as s_name_en',
      's.description as s_description',
      's.description_en as s_description_en',
      's.color as s_color',
      's.sort as s_sort',
      sql<number>`(SELECT count(*)::int FROM good_return_comments c WHERE c.good_return_id = r.id)`.as('comments'),
    ])
    .where('r.id', 'in', ids)
    .execute();
  const [files, users, orders] = await Promise.all([
    loadFileViews(
      db,
      rows.flatMap((r) => r.file_ids),
    ),
    userCards(
      db,
      rows.map((r) => r.user_id),
    ),
    orderHeads(
      db,
      rows.map((r) => r.order_id),
    ),
  ]);
  const companies = await counterpartyNames(
    db,
    [...orders.values()].map((o) => o.counterparty_id),
  );
  const byId = new Map(
    rows.flatMap((r) => {
      const u = users.get(r.user_id);
      const o = orders.get(r.order_id);
      if (!u || !o) return [];
      const company = o.counterparty_id === null ? '' : (companies.get(o.counterparty_id) ?? '');
      return [
        [
          r.id,
          {
            id: r.id,
            dateCreate: new Date(r.created_at).toISOString(),
            order: { id: r.order_id, title: orderTitle(r.order_id, o.created_at, language) },
            product: { id: r.product_id, name: r.product_name, article: r.article },
            quantity: r.quantity,
            status: toStatus(
              {
                id: r.status_id,
                code: r.s_code,
                name: r.s_name,
                name_en: r.s_name_en,
                description: r.s_description,
                description_en: r.s_description_en,
                color: r.s_color,
                sort: r.s_sort,
              },
              language,
            ),
            photos: pick(files, r.file_ids),
            user: { id: r.user_id, name: fullNameOf(u) || u.login, email: u.email },
            company: company || u.company,
            packageNumber: r.package_number,
            productDeliveryDate: isoDay(r.product_delivery_date),
            reason: r.reason,
            comment: r.comment,
            commentsCount: Number(r.comments),
          } satisfies GoodReturn,
        ] as const,
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((r): r is GoodReturn => Boolean(r));
}

export async function commentViews(db: Db, ids: number[], language: Language): Promise<ReturnComment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('good_return_comments as c')
    .innerJoin('good_returns as r', 'r.id', 'c.good_return_id')
    .leftJoin('good_return_statuses as s', 's.id', 'c.status_id')
    .selectAll('c')
    .select([
      'r.user_id as owner_id',
      's.code as s_code',
      's.name as s_name',
      's.name_en as s_name_en',
      's.description as s_description',
      's.description_en as s_description_en',
      's.color as s_color',
      's.sort as s_sort',
    ])
    .where('c.id', 'in', ids)
    .execute();
  const [files, users] = await Promise.all([
    loadFileViews(
      db,
      rows.flatMap((r) => r.file_ids),
    ),
    userCards(
      db,
      rows.flatMap((r) => [r.owner_id, r.user_id]),
    ),
  ]);
  const byId = new Map(
    rows.flatMap((r) => {
      const owner = users.get(r.owner_id);
      const u = r.user_id === null ? undefined : users.get(r.user_id);
      if (!owner) return [];
      return [
        [
          r.id,
          {
            id: r.id,
            dateCreate: new Date(r.created_at).toISOString(),
            text: r.text,
            status:
              r.status_id !== null && r.s_code !== null
                ? toStatus(
                    {
                      id: r.status_id,
                      code: r.s_code,
                      name: r.s_name ?? '',
                      name_en: r.s_name_en ?? '',
                      description: r.s_description ?? '',
                      description_en: r.s_description_en ?? '',
                      color: r.s_color ?? 'default',
                      sort: r.s_sort ?? 0,
                    },
                    language,
                  )
                : null,
            photos: pick(files, r.file_ids),
            goodReturn: { id: r.good_return_id, authorEmail: owner.email },
            user: r.user_id !== null && u ? { id: r.user_id, name: fullNameOf(u) || u.login, email: u.email } : null,
          } satisfies ReturnComment,
        ] as const,
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((r): r is ReturnComment => Boolean(r));
}
