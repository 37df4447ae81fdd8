import type { auditMethods, ParsedInputOf } from '@portal/contract';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { dayEnd, dayStart } from '../../rest/dates.js';
import { containsPattern, countAndPage } from '../../rest/paging.js';
import type { AuditLogTable } from './tables.js';
import './tables.js';

/** The SQL of the audit log's reader (the writer is `record.ts`). */

/** The entries the filter matches, a page of them (newest first unless asked), and how many match. */
export async function auditEntries(db: Db, input: ParsedInputOf<(typeof auditMethods)['audit/list']>) {
  const f = input.filter ?? {};
  let q = db.selectFrom('audit_log as a');
  if (f.entity) q = q.where('a.entity', '=', f.entity);
  if (f.action) q = q.where('a.action', '=', f.action);
  if (f.entityId) q = q.where('a.entity_id', '=', f.entityId);
  if (f.user) q = q.where('a.user_id', '=', f.user);
  if (f.dateFrom) q = q.where('a.created_at', '>=', dayStart(f.dateFrom));
  if (f.dateTo) q = q.where('a.created_at', '<', dayEnd(f.dateTo));
  if (f.search) {
    const like = containsPattern(f.search);
    q = q.where((eb) =>
      eb.or([
        eb('a.user_login', 'ilike', like),
        eb(sql<string>`coalesce(a.before::text, '')`, 'ilike', like),
        eb(sql<string>`coalesce(a.after::text, '')`, 'ilike', like),
      ]),
    );
  }
  return countAndPage(
    q,
    (base) =>
      base
        .select([
          'a.id',
          'a.created_at',
          'a.user_id',
          'a.user_login',
          'a.ip',
          'a.entity',
          'a.entity_id',
          'a.action',
          'a.before',
          'a.after',
        ])
        .orderBy('a.id', input.sort?.ID === 'ASC' ? 'asc' : 'desc'),
    input,
  );
}

/** Every entity and action the log holds, for the filter's lists. */
export const auditEntities = (db: Db) =>
  db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute();
export const auditActions = (db: Db) =>
  db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();

/** Everyone who wrote in the log (the staff filter's list), with the login the log kept (decision 194). */
export const auditAuthors = (db: Db) =>
  db
    .selectFrom('audit_log')
    .select(['user_id', (eb) => eb.fn.max('user_login').as('login')])
    .where('user_id', 'is not', null)
    .groupBy('user_id')
    .execute();

/** One entry of the audit log (recordAudit decides what it holds). */
export const insertAuditEntry = (db: Db, values: Insertable<AuditLogTable>) =>
  db.insertInto('audit_log').values(values).execute();
