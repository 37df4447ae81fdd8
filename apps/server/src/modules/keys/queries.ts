import type { ApiKeyScope } from '@portal/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAndPage, type PageInput } from '../../rest/paging.js';
import type { ApiKeysTable } from './tables.js';
import './tables.js';

export type ApiKeyRow = Selectable<ApiKeysTable> & { calls: number };

export interface KeyOfToken {
  id: number;
  userId: number;
  scope: ApiKeyScope;
}

/**
 * The active key with this hash, marking it used, in one statement: a revoked or unknown key finds nothing.
 * `last_used_at` is written at most once a minute, so a busy key does not rewrite its row on every call.
 */
export async function useKey(db: Db, tokenHash: string): Promise<KeyOfToken | null> {
  const row = await db
    .updateTable('api_keys')
    .set({ last_used_at: sql`CASE WHEN last_used_at > now() - interval '1 minute' THEN last_used_at ELSE now() END` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning(['id', 'user_id', 'scope'])
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, scope: row.scope } : null;
}

export async function insertKey(
  db: Db,
  values: { userId: number; name: string; scope: ApiKeyScope; prefix: string; tokenHash: string },
): Promise<ApiKeyRow> {
  const row = await db
    .insertInto('api_keys')
    .values({
      user_id: values.userId,
      name: values.name,
      scope: values.scope,
      prefix: values.prefix,
      token_hash: values.tokenHash,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, calls: 0 };
}

export async function countActiveKeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Keys of one user, or (userId null) of everyone; newest first, with the number of calls made. */
export async function listKeys(
  db: Db,
  filter: { userId: number | null; active?: boolean },
  input: PageInput,
): Promise<{ count: number; rows: ApiKeyRow[] }> {
  let base = db.selectFrom('api_keys as k');
  if (filter.userId !== null) base = base.where('k.user_id', '=', filter.userId);
  if (filter.active === true) base = base.where('k.revoked_at', 'is', null);
  if (filter.active === false) base = base.where('k.revoked_at', 'is not', null);
  return countAndPage(
    base,
    (q) =>
      q
        .selectAll('k')
        .select((eb) =>
          eb
            .selectFrom('api_key_calls as c')
            .whereRef('c.key_id', '=', 'k.id')
            .select((e) => e.fn.countAll<string>().as('n'))
            .as('call_count'),
        )
        .orderBy('k.id', 'desc'),
    input,
  ).then(({ count, rows }) => ({
    count,
    rows: rows.map(({ call_count, ...r }) => ({ ...r, calls: Number(call_count ?? 0) })),
  }));
}

export async function keyById(db: Db, id: number): Promise<ApiKeyRow | null> {
  const { rows } = await listKeysByIds(db, [id]);
  return rows[0] ?? null;
}

async function listKeysByIds(db: Db, ids: number[]) {
  const rows = await db.selectFrom('api_keys').selectAll().where('id', 'in', ids).execute();
  return { rows: rows.map((r) => ({ ...r, calls: 0 })) };
}

/** Revokes a key; an already revoked key stays as it was (its first revocation counts). */
export async function revokeKey(db: Db, id: number, by: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()`, revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function logCall(db: Db, call: { keyId: number; method: string; status: number; ip: string }) {
  await db
    .insertInto('api_key_calls')
    .values({ key_id: call.keyId, method: call.method, status: call.status, ip: call.ip })
    .execute();
}

export async function listCalls(db: Db, keyId: number, input: PageInput) {
  return countAndPage(
    db.selectFrom('api_key_calls').where('key_id', '=', keyId),
    (q) => q.select(['id', 'method', 'status', 'ip', 'created_at']).orderBy('id', 'desc'),
    input,
  );
}
