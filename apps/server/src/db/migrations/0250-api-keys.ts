import { sql, type Kysely } from 'kysely';

/**
 * API keys of the dealers' own systems and the log of every call made with one (decision 210). Only the
 * SHA-256 of a key is kept; `prefix` shows which key is which.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      scope text NOT NULL CHECK (scope IN ('read', 'order')),
      prefix text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      revoked_by integer REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX api_keys_user_idx ON api_keys (user_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE api_key_calls (
      id bigserial PRIMARY KEY,
      key_id integer NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
      method text NOT NULL,
      status integer NOT NULL,
      ip text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX api_key_calls_key_idx ON api_key_calls (key_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS api_key_calls`.execute(db);
  await sql`DROP TABLE IF EXISTS api_keys`.execute(db);
}
