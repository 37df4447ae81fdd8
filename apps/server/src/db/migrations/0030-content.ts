import { sql, type Kysely } from 'kysely';

/**
 * Content the dealer reads: news (with per-user read marks and a share token), banners, content pages,
 * FAQ, departments with their contacts, and warehouses with address, coordinates and pictures. The
 * catalogue's `stores` stays the stock location; a `storages` row may point at it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE news (
      id serial PRIMARY KEY,
      title text NOT NULL,
      preview_text text NOT NULL DEFAULT '',
      detail_text text NOT NULL DEFAULT '',
      published_at timestamptz NOT NULL DEFAULT now(),
      preview_image jsonb,
      detail_image jsonb,
      access_key text NOT NULL,
      active boolean NOT NULL DEFAULT true
    )`.execute(db);
  await sql`CREATE INDEX news_published_idx ON news (published_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE news_views (
      news_id integer NOT NULL REFERENCES news(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      viewed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, news_id)
    )`.execute(db);

  await sql`
    CREATE TABLE banners (
      id serial PRIMARY KEY,
      name text NOT NULL,
      text text NOT NULL DEFAULT '',
      link text NOT NULL DEFAULT '',
      img jsonb,
      sort integer NOT NULL DEFAULT 500,
      active boolean NOT NULL DEFAULT true
    )`.execute(db);

  await sql`
    CREATE TABLE pages (
      id serial PRIMARY KEY,
      url text NOT NULL UNIQUE,
      title text NOT NULL,
      content text NOT NULL DEFAULT '',
      active boolean NOT NULL DEFAULT true
    )`.execute(db);

  await sql`
    CREATE TABLE faq (
      id serial PRIMARY KEY,
      question text NOT NULL,
      answer text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 500,
      active boolean NOT NULL DEFAULT true
    )`.execute(db);

  await sql`
    CREATE TABLE departments (
      id serial PRIMARY KEY,
      parent_id integer REFERENCES departments(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 500
    )`.execute(db);

  await sql`
    CREATE TABLE contacts (
      id serial PRIMARY KEY,
      department_id integer NOT NULL REFERENCES departments(id) ON DELETE CASCADE,
      name text NOT NULL,
      job_title text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      email text NOT NULL DEFAULT '',
      img jsonb,
      sort integer NOT NULL DEFAULT 500
    )`.execute(db);
  await sql`CREATE INDEX contacts_department_idx ON contacts (department_id, sort)`.execute(db);

  await sql`
    CREATE TABLE storages (
      id serial PRIMARY KEY,
      store_id integer REFERENCES stores(id) ON DELETE SET NULL,
      name text NOT NULL,
      address text NOT NULL DEFAULT '',
      lat double precision,
      lon double precision,
      working text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      emails text[] NOT NULL DEFAULT '{}',
      phones text[] NOT NULL DEFAULT '{}',
      preview jsonb,
      gallery jsonb NOT NULL DEFAULT '[]',
      scheme jsonb,
      sort integer NOT NULL DEFAULT 500,
      active boolean NOT NULL DEFAULT true
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['storages', 'contacts', 'departments', 'faq', 'pages', 'banners', 'news_views', 'news']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
