import { sql, type Kysely } from 'kysely';

/**
 * Replacement numbers (decision 205): one row per link between two part numbers, keyed by their normalised
 * numbers so that an old number the catalogue no longer carries still leads to the current part. REPLACED is
 * one-way (order the new one; several rows from one old number are a set, each with its ratio), INTERCHANGEABLE
 * two-way. Search hits are cached under the catalogue version (decision 165), so a change here bumps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE part_replacements (
      id serial PRIMARY KEY,
      old_article text NOT NULL,
      old_article_key text NOT NULL,
      old_brand text NOT NULL DEFAULT '',
      new_article text NOT NULL,
      new_article_key text NOT NULL,
      new_brand text NOT NULL DEFAULT '',
      kind text NOT NULL DEFAULT 'REPLACED' CHECK (kind IN ('REPLACED', 'INTERCHANGEABLE')),
      ratio integer NOT NULL DEFAULT 1 CHECK (ratio BETWEEN 1 AND 10000),
      effective_from date,
      source text NOT NULL DEFAULT 'MANUAL' CHECK (source IN ('MANUAL', 'XLSX', '1C')),
      -- The number whose card (1C product, back-office editor, spreadsheet row) states the link: its source
      -- replaces the links it carries, and only those.
      carrier_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (old_article_key <> new_article_key),
      UNIQUE (old_article_key, new_article_key, kind)
    )`.execute(db);
  await sql`CREATE INDEX part_replacements_new_idx ON part_replacements (new_article_key)`.execute(db);
  await sql`CREATE INDEX part_replacements_carrier_idx ON part_replacements (carrier_key, source)`.execute(db);
  await sql`
    CREATE TRIGGER part_replacements_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON part_replacements FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS part_replacements`.execute(db);
}
