import { sql, type Kysely } from 'kysely';

/**
 * A manager per company (decision 227): an administrator may assign an employee to one of a dealer's
 * companies; for that company's orders the company's manager wins over the dealer's (desk filter, mail
 * routing, the dealer's order page). A manager who is deleted leaves the company to the dealer's manager.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE counterparties ADD COLUMN IF NOT EXISTS manager_id integer REFERENCES users (id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS counterparties_manager_id ON counterparties (manager_id) WHERE manager_id IS NOT NULL`.execute(
    db,
  );
}
