import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { newToken } from './tokens.js';
import './tables.js';

/**
 * The demo dealer's keys (decision 210): their 1C reads with one (used yesterday, a few calls in its log),
 * an old shop key was revoked. The keys themselves are random and shown to nobody: a new one is made in
 * the profile.
 */
export async function seedKeys(db: Db): Promise<void> {
  const dealer = await db.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirst();
  if (!dealer) return;
  const make = (name: string, scope: 'read' | 'order') => {
    const { prefix, hash } = newToken();
    return { user_id: dealer.id, name, scope, prefix, token_hash: hash };
  };
  const [oneC] = await db
    .insertInto('api_keys')
    .values([
      { ...make('1С: Управление торговлей', 'order'), last_used_at: sql<Date>`now() - interval '1 day'` },
      {
        ...make('Интернет-магазин (старый)', 'read'),
        revoked_at: sql<Date>`now() - interval '10 days'`,
        revoked_by: dealer.id,
      },
    ])
    .returning('id')
    .execute();
  if (!oneC) return;
  await db
    .insertInto('api_key_calls')
    .values(
      ['product/list', 'basket/resolve', 'order/list'].map((method) => ({
        key_id: oneC.id,
        method,
        status: 200,
        ip: '127.0.0.1',
        created_at: sql<Date>`now() - interval '1 day'`,
      })),
    )
    .execute();
}
