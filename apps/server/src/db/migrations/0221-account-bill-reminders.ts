import { sql, type Kysely } from 'kysely';

/**
 * The daily reminder of bills due in 3 days or overdue (decision 203): one row per bill (contract and number)
 * per day it was reminded of. The primary key makes the reminder once per bill per day, whichever worker runs
 * it and however often: the one whose insert lands tells the dealer, the others find the row taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS account_bill_reminders (
    contract_id integer NOT NULL REFERENCES account_contracts(id) ON DELETE CASCADE,
    number text NOT NULL,
    day date NOT NULL,
    user_id integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (contract_id, number, day)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS account_bill_reminders`.execute(db);
}
