import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';

/**
 * English texts of the portal's own reference data and forms (decision 145): an English page shows them
 * when set, the Russian ones otherwise. The demo rows known by code get their English at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pay_systems ADD COLUMN name_en text NOT NULL DEFAULT '',
    ADD COLUMN description_en text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE shippings ADD COLUMN name_en text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE stores ADD COLUMN name_en text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE price_types ADD COLUMN name_en text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE order_statuses ADD COLUMN description_en text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE good_return_statuses ADD COLUMN description_en text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE forms ADD COLUMN translation_en jsonb NOT NULL DEFAULT '{}'`.execute(db);
  await sql`ALTER TABLE agreements ADD COLUMN title_en text NOT NULL DEFAULT '',
    ADD COLUMN text_en text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE notices ADD COLUMN title_en text NOT NULL DEFAULT '',
    ADD COLUMN description_en text NOT NULL DEFAULT ''`.execute(db);
  await fillEnglish(db);
}

/** Sets the English of the rows the portal ships where it is still empty (also run after the demo seed). */
export async function fillEnglish(db: QueryExecutorProvider): Promise<void> {
  for (const [table, code, column, text] of ENGLISH) {
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${text}
      WHERE code = ${code} AND ${sql.ref(column)} = ''`.execute(db);
  }
}

/** [table, code, column, English] for the rows the portal ships. */
export const ENGLISH: Array<[string, string, string, string]> = [
  ['pay_systems', 'BANK', 'name_en', 'Bank transfer'],
  ['pay_systems', 'BANK', 'description_en', 'Payment by invoice to the bank account'],
  ['pay_systems', 'CASHLESS', 'name_en', 'Bank transfer'],
  ['pay_systems', 'CASHLESS', 'description_en', 'Payment by invoice to the bank account'],
  ['pay_systems', 'CASH', 'name_en', 'Cash'],
  ['pay_systems', 'CASH', 'description_en', 'Payment in cash on collection at the warehouse'],
  ['pay_systems', 'CARD', 'name_en', 'Card payment'],
  ['shippings', 'pickup', 'name_en', 'Pickup'],
  ['shippings', 'delivery', 'name_en', 'Delivery'],
  ['stores', 'ORDER', 'name_en', 'On order'],
  ['price_types', 'BASE', 'name_en', 'Base'],
  ['price_types', 'RETAIL', 'name_en', 'Retail'],
  ['price_types', 'DEALER', 'name_en', 'Dealer'],
  ['order_statuses', 'N', 'description_en', 'The order is received and awaits confirmation by a manager'],
  ['order_statuses', 'A', 'description_en', 'A manager has confirmed the order'],
  ['order_statuses', 'P', 'description_en', 'The order is being picked at the warehouse'],
  ['order_statuses', 'S', 'description_en', 'The order is handed over for delivery or ready for pickup'],
  ['order_statuses', 'F', 'description_en', 'The buyer has received the order'],
  ['order_statuses', 'C', 'description_en', 'The order is cancelled'],
  ['good_return_statuses', 'NEW', 'description_en', 'The request is filed and awaits review'],
  ['good_return_statuses', 'REVIEW', 'description_en', 'A manager is checking the request'],
  ['good_return_statuses', 'APPROVED', 'description_en', 'The return is approved'],
  ['good_return_statuses', 'REJECTED', 'description_en', 'The return is refused'],
  ['good_return_statuses', 'RECEIVED', 'description_en', 'The goods are received at the warehouse'],
  ['good_return_statuses', 'CLOSED', 'description_en', 'The return is completed'],
  ['agreements', 'PERSONAL_DATA', 'title_en', 'Consent to the processing of personal data'],
  ['agreements', 'MAILING', 'title_en', 'Consent to receive the mailing'],
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pay_systems DROP COLUMN IF EXISTS name_en, DROP COLUMN IF EXISTS description_en`.execute(db);
  await sql`ALTER TABLE shippings DROP COLUMN IF EXISTS name_en`.execute(db);
  await sql`ALTER TABLE stores DROP COLUMN IF EXISTS name_en`.execute(db);
  await sql`ALTER TABLE price_types DROP COLUMN IF EXISTS name_en`.execute(db);
  await sql`ALTER TABLE order_statuses DROP COLUMN IF EXISTS description_en`.execute(db);
  await sql`ALTER TABLE good_return_statuses DROP COLUMN IF EXISTS description_en`.execute(db);
  await sql`ALTER TABLE forms DROP COLUMN IF EXISTS translation_en`.execute(db);
  await sql`ALTER TABLE agreements DROP COLUMN IF EXISTS title_en, DROP COLUMN IF EXISTS text_en`.execute(db);
  await sql`ALTER TABLE notices DROP COLUMN IF EXISTS title_en, DROP COLUMN IF EXISTS description_en`.execute(db);
}
