import { sql, type Kysely } from 'kysely';

/**
 * Product cards are kept under the catalogue version (decision 250), and a card lists the product's similar
 * ones, so writes to that relation bump the version too (migration 0013's trigger).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TRIGGER product_similar_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON product_similar FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS product_similar_version_trg ON product_similar`.execute(db);
}
