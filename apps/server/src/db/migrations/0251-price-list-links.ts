import { sql, type Kysely } from 'kysely';

/**
 * Secret price-list links of the dealers (decision 212): only the SHA-256 of a link's token is kept; a link
 * works until it expires or is revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE price_list_links (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      prefix text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX price_list_links_user_idx ON price_list_links (user_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS price_list_links`.execute(db);
}
