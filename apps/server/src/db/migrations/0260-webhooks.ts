import { sql, type Kysely } from 'kysely';

/**
 * Dealers' webhooks (decision 225): endpoints with their events and signing secret, and the log of deliveries,
 * each sent by a `webhook` job of the queue (decision 080).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhooks (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      url text NOT NULL,
      events text[] NOT NULL,
      secret text NOT NULL,
      active boolean NOT NULL DEFAULT true,
      failures integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      disabled_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX webhooks_user_idx ON webhooks (user_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE webhook_deliveries (
      id serial PRIMARY KEY,
      webhook_id integer NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      event text NOT NULL,
      payload jsonb NOT NULL,
      state text NOT NULL DEFAULT 'queued',
      attempts integer NOT NULL DEFAULT 0,
      http_status integer,
      error text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS webhook_deliveries`.execute(db);
  await sql`DROP TABLE IF EXISTS webhooks`.execute(db);
}
