import { type UserDetail, type UserStatus } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../auth/index.js';
import { toUserView } from '../auth/index.js';
import { paySystemNames, priceTypeNames } from '../catalog/index.js';
import { counterpartiesOfUsers } from '../companies/index.js';

export const statusOf = (row: Pick<UserRow, 'approved' | 'active'>): UserStatus =>
  !row.approved ? 'pending' : row.active ? 'active' : 'blocked';

/** Users with their price type, payment method and legal entities, read in three queries for a page. */
export async function toDetails(db: Db, rows: UserRow[]): Promise<UserDetail[]> {
  if (!rows.length) return [];
  const priceIds = [...new Set(rows.map((r) => r.price_type_id).filter((v): v is number => v !== null))];
  const payIds = [...new Set(rows.map((r) => r.pay_system_id).filter((v): v is number => v !== null))];
  const [prices, pays, companies] = await Promise.all([
    priceTypeNames(db, priceIds),
    paySystemNames(db, payIds),
    counterpartiesOfUsers(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const priceName = prices;
  const payName = pays;
  return rows.map((row) => ({
    ...toUserView(row, row.price_type_id ? (priceName.get(row.price_type_id) ?? '') : ''),
    status: statusOf(row),
    paySystemName: row.pay_system_id ? (payName.get(row.pay_system_id) ?? '') : '',
    createdAt: new Date(row.created_at).toISOString(),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    companies: companies.filter((c) => c.user_id === row.id).map((c) => ({ id: c.id, name: c.name, inn: c.inn })),
  }));
}
