import { sql, type Kysely } from 'kysely';

/**
 * The 1C exchange (decisions 090–095): the 1C Ид of catalogue rows, price types, warehouses and
 * order statuses; what was delivered to 1C of each order; the exchange's own sessions, received files (kept
 * as parts in the file storage), runs (one per imported file: the history the back office shows), the
 * staging rows a run parses into before it changes the catalogue, and the pictures 1C sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Building the unique indexes reads every product (a million on a benchmark database).
  await sql`SET LOCAL statement_timeout = 0`.execute(db);
  for (const table of ['sections', 'products', 'price_types', 'stores', 'order_statuses']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN external_id text`.execute(db);
    await sql`CREATE UNIQUE INDEX ${sql.id(`${table}_external_id_idx`)} ON ${sql.table(table)} (external_id)`.execute(
      db,
    );
  }
  await sql`
    ALTER TABLE orders
      ADD COLUMN external_id text,
      ADD COLUMN number_1c text NOT NULL DEFAULT '',
      -- The updated_at 1C last received (query + success): an order whose updated_at differs goes out again.
      ADD COLUMN exchange_version timestamptz`.execute(db);
  await sql`CREATE INDEX orders_exchange_pending_idx ON orders (id) WHERE exchange_version IS DISTINCT FROM updated_at`.execute(
    db,
  );

  await sql`
    CREATE TABLE exchange_sessions (
      id serial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      source text NOT NULL DEFAULT '1c',
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      ip text NOT NULL DEFAULT '',
      started_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      -- Orders answered to the last sale query, with the version each had: success marks them delivered.
      sale_pending jsonb
    )`.execute(db);
  await sql`CREATE INDEX exchange_sessions_started_idx ON exchange_sessions (started_at DESC)`.execute(db);

  await sql`
    CREATE TABLE exchange_files (
      id serial PRIMARY KEY,
      session_id integer NOT NULL REFERENCES exchange_sessions(id) ON DELETE CASCADE,
      name text NOT NULL,
      size bigint NOT NULL DEFAULT 0,
      parts integer NOT NULL DEFAULT 0,
      -- receiving → done (an archive: unpacked; a picture: registered)
      state text NOT NULL DEFAULT 'receiving',
      from_archive integer REFERENCES exchange_files(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (session_id, name)
    )`.execute(db);
  await sql`
    CREATE TABLE exchange_file_parts (
      file_id integer NOT NULL REFERENCES exchange_files(id) ON DELETE CASCADE,
      no integer NOT NULL,
      start_at bigint NOT NULL,
      size integer NOT NULL,
      key text NOT NULL,
      PRIMARY KEY (file_id, no)
    )`.execute(db);

  await sql`
    CREATE TABLE exchange_runs (
      id serial PRIMARY KEY,
      session_id integer NOT NULL REFERENCES exchange_sessions(id) ON DELETE CASCADE,
      file_id integer REFERENCES exchange_files(id) ON DELETE SET NULL,
      type text NOT NULL,
      file_name text NOT NULL,
      -- running → done | failed
      status text NOT NULL DEFAULT 'running',
      phase text NOT NULL DEFAULT 'parse',
      cursor jsonb NOT NULL DEFAULT '{}',
      stats jsonb NOT NULL DEFAULT '{}',
      error text,
      lease_until timestamptz,
      started_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX exchange_runs_session_idx ON exchange_runs (session_id, id)`.execute(db);

  await sql`
    CREATE TABLE exchange_stage (
      run_id integer NOT NULL REFERENCES exchange_runs(id) ON DELETE CASCADE,
      seq integer NOT NULL,
      kind text NOT NULL,
      ext_id text NOT NULL DEFAULT '',
      data jsonb NOT NULL,
      PRIMARY KEY (run_id, seq)
    )`.execute(db);
  await sql`CREATE INDEX exchange_stage_kind_idx ON exchange_stage (run_id, kind, seq)`.execute(db);

  // What 1C's classifier said that has no catalogue row of its own: properties with their values, units.
  await sql`
    CREATE TABLE exchange_refs (
      kind text NOT NULL,
      ext_id text NOT NULL,
      name text NOT NULL DEFAULT '',
      data jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, ext_id)
    )`.execute(db);

  await sql`
    CREATE TABLE exchange_pictures (
      source text PRIMARY KEY,
      key text NOT NULL,
      content_type text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      size integer NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX exchange_pictures_key_idx ON exchange_pictures (key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'exchange_refs',
    'exchange_pictures',
    'exchange_stage',
    'exchange_runs',
    'exchange_file_parts',
    'exchange_files',
    'exchange_sessions',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS orders_exchange_pending_idx`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS external_id, DROP COLUMN IF EXISTS number_1c, DROP COLUMN IF EXISTS exchange_version`.execute(
    db,
  );
  for (const table of ['sections', 'products', 'price_types', 'stores', 'order_statuses']) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS external_id`.execute(db);
  }
}
