import { sql, type Kysely } from 'kysely';

/** Users, sessions, sign-in throttling, one-time codes, password restores, site settings, menu. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id serial PRIMARY KEY,
      login text NOT NULL,
      email text NOT NULL DEFAULT '',
      password_hash text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      middle_name text NOT NULL DEFAULT '',
      inn text NOT NULL DEFAULT '',
      city text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      company text NOT NULL DEFAULT '',
      groups text[] NOT NULL DEFAULT '{DEALERS}',
      price_type_id integer,
      pay_system_id integer,
      is_on_order boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      approved boolean NOT NULL DEFAULT true,
      two_factor boolean NOT NULL DEFAULT false,
      language text NOT NULL DEFAULT 'ru',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_login_key ON users (lower(login))`.execute(db);
  await sql`CREATE INDEX users_email_idx ON users (lower(email))`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      sessid text NOT NULL,
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      persistent boolean NOT NULL DEFAULT false,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sessions_expires_idx ON sessions (expires_at)`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      id serial PRIMARY KEY,
      login text NOT NULL,
      ip text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_login_idx ON login_failures (login, at)`.execute(db);
  await sql`CREATE INDEX login_failures_ip_idx ON login_failures (ip, at)`.execute(db);

  await sql`
    CREATE TABLE auth_codes (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      sent_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE password_restores (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      checkword_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX password_restores_user_idx ON password_restores (user_id)`.execute(db);

  await sql`
    CREATE TABLE site_settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE menu_items (
      id serial PRIMARY KEY,
      menu text NOT NULL DEFAULT 'left',
      parent_id integer REFERENCES menu_items(id) ON DELETE CASCADE,
      sort integer NOT NULL DEFAULT 500,
      label_ru text NOT NULL,
      label_en text NOT NULL,
      link text NOT NULL,
      permission text,
      icon text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'menu_items',
    'site_settings',
    'password_restores',
    'auth_codes',
    'login_failures',
    'sessions',
    'users',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
