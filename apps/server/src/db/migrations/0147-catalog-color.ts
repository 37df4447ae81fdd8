import { sql, type Kysely } from 'kysely';

/**
 * A part's colour as a smart-filter facet (decision 147): the product property COLOR holds a hex code; the
 * column keeps it in upper case beside the other facet columns (migration 0010), '' when the part has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products
    ADD COLUMN prop_color text GENERATED ALWAYS AS (upper(coalesce(properties->>'COLOR', ''))) STORED`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS prop_color`.execute(db);
}
