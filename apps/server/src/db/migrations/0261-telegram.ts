import { sql, type Kysely } from 'kysely';

/**
 * The supplier's Telegram bot (decision 226): portal accounts linked to Telegram chats, the one-time link codes
 * (kept as their SHA-256), the numbers a chat asked about (so «В корзину» carries only an id), and the offset
 * of the bot's updates already read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE telegram_links (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      chat_id bigint NOT NULL UNIQUE,
      username text NOT NULL DEFAULT '',
      linked_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE telegram_codes (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE telegram_picks (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      chat_id bigint NOT NULL,
      lines jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE telegram_state (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      update_offset bigint NOT NULL DEFAULT 0
    )`.execute(db);
  // A third channel beside the notice and the e-mail in the profile's switches.
  await sql`ALTER TABLE notice_preferences ADD COLUMN telegram boolean NOT NULL DEFAULT true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notice_preferences DROP COLUMN IF EXISTS telegram`.execute(db);
  await sql`DROP TABLE IF EXISTS telegram_state`.execute(db);
  await sql`DROP TABLE IF EXISTS telegram_picks`.execute(db);
  await sql`DROP TABLE IF EXISTS telegram_codes`.execute(db);
  await sql`DROP TABLE IF EXISTS telegram_links`.execute(db);
}
