import { sql, type Kysely } from 'kysely';

/**
 * A catalogue version (decision 010): one row, bumped in the writing transaction by a statement-level
 * trigger on every table the facet counts and section counts read (products, their prices, stock and
 * sections), whoever writes — the server, the seed, an import or psql. The server caches counts under
 * the version it read before counting, so any committed write makes every older entry unreachable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE catalog_version (id boolean PRIMARY KEY DEFAULT true CHECK (id), version bigint NOT NULL)`.execute(
    db,
  );
  await sql`INSERT INTO catalog_version (id, version) VALUES (true, 1)`.execute(db);
  await sql`
    CREATE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE catalog_version SET version = version + 1 WHERE id;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['products', 'product_prices', 'product_stock', 'sections']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_version_trg`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
      ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['products', 'product_prices', 'product_stock', 'sections']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_version_trg`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS catalog_version_bump()`.execute(db);
  await sql`DROP TABLE IF EXISTS catalog_version`.execute(db);
}
