import type { GoodReturn, Language, ReturnComment, ReturnStatus } from '@portal/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { fullNameOf } from '../auth/index.js';
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
  language === 'en' ? `Order No. ${id} of ${dateRu(created)}` : `Заказ №${id} от ${dateRu(created)}`;

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
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('counterparties as cp', 'cp.id', 'o.counterparty_id')
    .selectAll('r')
    .select([
      's.code as s_code',
      's.name as s_name',
      's.name_en as s_name_en',
      's.description as s_description',
      's.description_en as s_description_en',
      's.color as s_color',
      's.sort as s_sort',
      'u.email as u_email',
      'u.login as u_login',
      'u.first_name',
      'u.last_name',
      'u.middle_name',
      'o.created_at as order_created_at',
      sql<string>`coalesce(nullif(cp.name, ''), u.company)`.as('company_name'),
      sql<number>`(SELECT count(*)::int FROM good_return_comments c WHERE c.good_return_id = r.id)`.as('comments'),
    ])
    .where('r.id', 'in', ids)
    .execute();
  const files = await loadFileViews(
    db,
    rows.flatMap((r) => r.file_ids),
  );
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        dateCreate: new Date(r.created_at).toISOString(),
        order: { id: r.order_id, title: orderTitle(r.order_id, r.order_created_at, language) },
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
        user: { id: r.user_id, name: fullNameOf(r) || r.u_login, email: r.u_email },
        company: r.company_name,
        packageNumber: r.package_number,
        productDeliveryDate: isoDay(r.product_delivery_date),
        reason: r.reason,
        comment: r.comment,
        commentsCount: Number(r.comments),
      } satisfies GoodReturn,
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((r): r is GoodReturn => Boolean(r));
}

export async function commentViews(db: Db, ids: number[], language: Language): Promise<ReturnComment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('good_return_comments as c')
    .innerJoin('good_returns as r', 'r.id', 'c.good_return_id')
    .innerJoin('users as owner', 'owner.id', 'r.user_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('good_return_statuses as s', 's.id', 'c.status_id')
    .selectAll('c')
    .select([
      'owner.email as owner_email',
      'u.login as u_login',
      'u.email as u_email',
      'u.first_name',
      'u.last_name',
      'u.middle_name',
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
  const files = await loadFileViews(
    db,
    rows.flatMap((r) => r.file_ids),
  );
  const byId = new Map(
    rows.map((r) => [
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
        goodReturn: { id: r.good_return_id, authorEmail: r.owner_email },
        user:
          r.user_id !== null && r.u_login !== null
            ? {
                id: r.user_id,
                name:
                  fullNameOf({
                    last_name: r.last_name ?? '',
                    first_name: r.first_name ?? '',
                    middle_name: r.middle_name ?? '',
                  }) || r.u_login,
                email: r.u_email ?? '',
              }
            : null,
      } satisfies ReturnComment,
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((r): r is ReturnComment => Boolean(r));
}
