import { sql, type Kysely } from 'kysely';

/**
 * Catalogue search and filter speed (decision 010): full-text vector (Russian config, which stems Latin
 * words with the English stemmer), trigram indexes for part-number fragments and typo-tolerant names,
 * the leading-zero-less key, and denormalised facet columns kept beside the jsonb properties so a
 * section's filter counts come from one index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE products
      ADD COLUMN prop_model text GENERATED ALWAYS AS (coalesce(properties->>'MODEL', '')) STORED,
      ADD COLUMN prop_kind text GENERATED ALWAYS AS (coalesce(properties->>'KIND', '')) STORED,
      ADD COLUMN stock_real numeric(14,3) NOT NULL DEFAULT 0,
      ADD COLUMN stock_virtual numeric(14,3) NOT NULL DEFAULT 0,
      ADD COLUMN availability text GENERATED ALWAYS AS (
        CASE WHEN stock_real > 0 THEN 'Y' WHEN stock_virtual > 0 THEN 'D' ELSE 'N' END) STORED,
      ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
        to_tsvector('russian'::regconfig, name || ' ' || brand || ' ' || preview_text || ' ' || left(detail_text, 2000))) STORED
  `.execute(db);
  await sql`CREATE INDEX products_tsv_idx ON products USING gin (search_tsv)`.execute(db);
  await sql`CREATE INDEX products_article_trgm_idx ON products USING gin (article_key gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX products_name_trgm_idx ON products USING gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX products_article_nozeros_idx ON products ((ltrim(article_key, '0')))`.execute(db);
  // Partial and covering: a section's counts and facets are an index-only scan (no heap visit per product).
  await sql`
    CREATE INDEX products_facets_idx ON products (section_id, brand, prop_model, prop_kind, availability)
    INCLUDE (id) WHERE active`.execute(db);
  // The price of a product for one price type and payment method without visiting the table.
  await sql`
    CREATE INDEX product_prices_cover_idx ON product_prices (product_id, price_type_id, pay_system_id)
    INCLUDE (value, currency)`.execute(db);
  await sql`CREATE INDEX products_section_article_idx ON products (section_id, article_key)`.execute(db);
  await sql`CREATE INDEX product_analogues_target_idx ON product_analogues (analogue_product_id)`.execute(db);
  await sql`CREATE INDEX product_similar_similar_idx ON product_similar (similar_id)`.execute(db);
  await sql`CREATE INDEX favorites_product_idx ON favorites (product_id)`.execute(db);

  // The words of product names: a query word with a typo is corrected to the nearest of them (decision 010).
  await sql`CREATE TABLE catalog_words (word text PRIMARY KEY)`.execute(db);
  await sql`CREATE INDEX catalog_words_trgm_idx ON catalog_words USING gin (word gin_trgm_ops)`.execute(db);

  // Availability follows the stock: a row-level trigger keeps the two sums on the product current.
  await sql`
    CREATE FUNCTION product_stock_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE pid integer;
    BEGIN
      IF TG_OP = 'DELETE' THEN pid := OLD.product_id; ELSE pid := NEW.product_id; END IF;
      UPDATE products p SET
        stock_real = coalesce((SELECT sum(ps.amount) FROM product_stock ps JOIN stores s ON s.id = ps.store_id
                               WHERE ps.product_id = pid AND NOT s.is_virtual), 0),
        stock_virtual = coalesce((SELECT sum(ps.amount) FROM product_stock ps JOIN stores s ON s.id = ps.store_id
                                  WHERE ps.product_id = pid AND s.is_virtual), 0)
      WHERE p.id = pid;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER product_stock_sync_trg AFTER INSERT OR UPDATE OR DELETE ON product_stock
    FOR EACH ROW EXECUTE FUNCTION product_stock_sync()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS product_stock_sync_trg ON product_stock`.execute(db);
  await sql`DROP FUNCTION IF EXISTS product_stock_sync()`.execute(db);
  await sql`DROP TABLE IF EXISTS catalog_words`.execute(db);
  for (const i of [
    'products_tsv_idx',
    'products_article_trgm_idx',
    'products_name_trgm_idx',
    'products_article_nozeros_idx',
    'products_facets_idx',
    'product_prices_cover_idx',
    'products_section_article_idx',
    'product_analogues_target_idx',
    'product_similar_similar_idx',
    'favorites_product_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(i)}`.execute(db);
  }
  await sql`
    ALTER TABLE products DROP COLUMN search_tsv, DROP COLUMN availability, DROP COLUMN stock_virtual,
      DROP COLUMN stock_real, DROP COLUMN prop_kind, DROP COLUMN prop_model`.execute(db);
}
