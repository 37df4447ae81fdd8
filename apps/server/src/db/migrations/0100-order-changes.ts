import { sql, type Kysely } from 'kysely';

/**
 * The supplier's desk (decision 100): every change of an order leaves a line in its history
 * («Изменения»); a dealer chooses which kinds of tidings reach them as a notice and as an e-mail; an order
 * may carry an attached bill; a dealer's correction waits for the manager's decision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_history (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      author_id integer REFERENCES users(id) ON DELETE SET NULL,
      source text NOT NULL,
      changes jsonb NOT NULL DEFAULT '[]',
      note text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX order_history_order_idx ON order_history (order_id, id)`.execute(db);

  await sql`
    CREATE TABLE notice_preferences (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL,
      notice boolean NOT NULL DEFAULT true,
      email boolean NOT NULL DEFAULT true,
      PRIMARY KEY (user_id, kind)
    )`.execute(db);

  await sql`ALTER TABLE orders ADD COLUMN bill_file_id integer REFERENCES files(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN bill_issued_at timestamptz`.execute(db);

  // Corrections made before the desk existed were applied at once: they count as accepted.
  await sql`ALTER TABLE corrective_orders ADD COLUMN status text NOT NULL DEFAULT 'ACCEPTED'`.execute(db);
  await sql`ALTER TABLE corrective_orders ADD COLUMN decided_by integer REFERENCES users(id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`ALTER TABLE corrective_orders ADD COLUMN decided_at timestamptz`.execute(db);
  await sql`ALTER TABLE corrective_orders ADD COLUMN reason text NOT NULL DEFAULT ''`.execute(db);
  await sql`CREATE INDEX corrective_orders_pending_idx ON corrective_orders (order_id) WHERE status = 'PENDING'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS corrective_orders_pending_idx`.execute(db);
  for (const c of ['reason', 'decided_at', 'decided_by', 'status'])
    await sql`ALTER TABLE corrective_orders DROP COLUMN IF EXISTS ${sql.id(c)}`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS bill_issued_at`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS bill_file_id`.execute(db);
  await sql`DROP TABLE IF EXISTS notice_preferences`.execute(db);
  await sql`DROP TABLE IF EXISTS order_history`.execute(db);
}
