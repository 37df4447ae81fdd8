import { sql, type Kysely } from 'kysely';

/**
 * After-sales: goods returns with their statuses and comments, requests for parts missing from the catalogue
 * (wishes), dynamic forms with their answers, agreements and consents, notices, messages and the mailing.
 * Attached files are kept as a jsonb array of `files.id` on the row that shows them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE good_return_statuses (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      name_en text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      color text NOT NULL DEFAULT 'default',
      sort integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE good_returns (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      order_item_id integer REFERENCES order_items(id) ON DELETE SET NULL,
      product_id integer,
      product_name text NOT NULL DEFAULT '',
      article text NOT NULL DEFAULT '',
      quantity integer NOT NULL CHECK (quantity > 0),
      status_id integer NOT NULL REFERENCES good_return_statuses(id),
      package_number text NOT NULL DEFAULT '',
      product_delivery_date date,
      reason text NOT NULL DEFAULT '',
      comment text NOT NULL DEFAULT '',
      file_ids jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX good_returns_user_idx ON good_returns (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX good_returns_order_idx ON good_returns (order_id)`.execute(db);

  await sql`
    CREATE TABLE good_return_comments (
      id serial PRIMARY KEY,
      good_return_id integer NOT NULL REFERENCES good_returns(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      text text NOT NULL DEFAULT '',
      status_id integer REFERENCES good_return_statuses(id),
      file_ids jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX good_return_comments_return_idx ON good_return_comments (good_return_id, id)`.execute(db);

  await sql`
    CREATE TABLE wishes (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      article text NOT NULL,
      article_key text NOT NULL,
      vin text NOT NULL DEFAULT '',
      model text NOT NULL DEFAULT '',
      count integer NOT NULL DEFAULT 1 CHECK (count BETWEEN 1 AND 10000),
      is_processed boolean NOT NULL DEFAULT false,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX wishes_user_idx ON wishes (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX wishes_key_idx ON wishes (article_key)`.execute(db);

  await sql`
    CREATE TABLE agreements (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      title text NOT NULL,
      text text NOT NULL DEFAULT ''
    )`.execute(db);

  await sql`
    CREATE TABLE consents (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      agreement_id integer NOT NULL REFERENCES agreements(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, agreement_id)
    )`.execute(db);

  await sql`
    CREATE TABLE forms (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      title text NOT NULL,
      title_en text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      fields jsonb NOT NULL DEFAULT '[]',
      sort integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE answers (
      id serial PRIMARY KEY,
      form_id integer NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'NEW',
      user_fields jsonb NOT NULL DEFAULT '[]',
      admin_fields jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX answers_user_idx ON answers (user_id, id DESC)`.execute(db);

  await sql`
    CREATE TABLE notices (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      link text NOT NULL DEFAULT '',
      was_read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX notices_user_idx ON notices (user_id, was_read, id DESC)`.execute(db);

  await sql`
    CREATE TABLE messages (
      id serial PRIMARY KEY,
      dealer_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      author_id integer REFERENCES users(id) ON DELETE SET NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX messages_dealer_idx ON messages (dealer_id, id DESC)`.execute(db);

  await sql`
    CREATE TABLE mailings (
      id serial PRIMARY KEY,
      user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      subscribed boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mailings',
    'messages',
    'notices',
    'answers',
    'forms',
    'consents',
    'agreements',
    'wishes',
    'good_return_comments',
    'good_returns',
    'good_return_statuses',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
