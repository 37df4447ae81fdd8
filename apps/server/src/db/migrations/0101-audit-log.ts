import { sql, type Kysely } from 'kysely';

/**
 * The back office's audit log (decision 101): every write staff make records who, when, what
 * and the values before and after. Append-only; administrators read and filter it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      user_login text NOT NULL DEFAULT '',
      ip text NOT NULL DEFAULT '',
      entity text NOT NULL,
      entity_id text,
      action text NOT NULL,
      before jsonb,
      after jsonb
    )`.execute(db);
  await sql`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id)`.execute(db);
  await sql`CREATE INDEX audit_log_user_idx ON audit_log (user_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
}
