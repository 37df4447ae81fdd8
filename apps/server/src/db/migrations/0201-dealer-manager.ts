import { sql, type Kysely } from 'kysely';

/**
 * A personal manager per dealer (decision 199): the employee an administrator assigns to a dealer. The dealer
 * sees them in the cabinet, their desk opens on «Мои дилеры», and the staff e-mails about the dealer go to
 * them. A manager who is deleted leaves the dealer without one (the general address again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN IF NOT EXISTS manager_id integer REFERENCES users (id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS users_manager_id ON users (manager_id) WHERE manager_id IS NOT NULL`.execute(db);
}
