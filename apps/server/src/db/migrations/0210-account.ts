import { sql, type Kysely } from 'kysely';

/**
 * The dealer's account with the supplier (decision 200): what 1C sends beside the orders — shipments, bills,
 * invoices, payments, returns, orders placed in 1C, their files, and the settlements per contract. Every
 * document is keyed by its 1C Ид, so a re-sent one updates its row. Amounts are numeric(15,2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS account_contracts (
    id serial PRIMARY KEY,
    counterparty_id integer NOT NULL REFERENCES counterparties(id) ON DELETE CASCADE,
    ext_id text NOT NULL,
    number text NOT NULL DEFAULT '',
    name text NOT NULL DEFAULT '',
    currency text NOT NULL DEFAULT 'RUB',
    signed_on date,
    credit_limit numeric(15,2) NOT NULL DEFAULT 0,
    deferral_days integer NOT NULL DEFAULT 0,
    debt numeric(15,2) NOT NULL DEFAULT 0,
    overdue numeric(15,2) NOT NULL DEFAULT 0,
    figures_on date,
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (counterparty_id, ext_id)
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS account_bills (
    id serial PRIMARY KEY,
    contract_id integer NOT NULL REFERENCES account_contracts(id) ON DELETE CASCADE,
    number text NOT NULL,
    issued_on date,
    sum numeric(15,2) NOT NULL DEFAULT 0,
    due_on date
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS account_bills_contract ON account_bills (contract_id)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS account_documents (
    id serial PRIMARY KEY,
    ext_id text NOT NULL UNIQUE,
    kind text NOT NULL,
    operation text NOT NULL DEFAULT '',
    number text NOT NULL DEFAULT '',
    doc_date date NOT NULL,
    sum numeric(15,2) NOT NULL DEFAULT 0,
    currency text NOT NULL DEFAULT 'RUB',
    counterparty_id integer REFERENCES counterparties(id) ON DELETE CASCADE,
    contract_ext text NOT NULL DEFAULT '',
    order_id integer REFERENCES orders(id) ON DELETE SET NULL,
    order_ext text NOT NULL DEFAULT '',
    carrier text NOT NULL DEFAULT '',
    tracking text NOT NULL DEFAULT '',
    status text NOT NULL DEFAULT '',
    deleted boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS account_documents_company ON account_documents (counterparty_id, doc_date, id)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS account_documents_order ON account_documents (order_id) WHERE order_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS account_documents_order_ext ON account_documents (order_ext) WHERE order_ext <> ''`.execute(
    db,
  );
  await sql`CREATE TABLE IF NOT EXISTS account_document_lines (
    id serial PRIMARY KEY,
    document_id integer NOT NULL REFERENCES account_documents(id) ON DELETE CASCADE,
    line integer NOT NULL,
    product_id integer,
    product_ext text NOT NULL DEFAULT '',
    article text NOT NULL DEFAULT '',
    name text NOT NULL DEFAULT '',
    quantity numeric(15,3) NOT NULL DEFAULT 0,
    price numeric(15,2),
    sum numeric(15,2)
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS account_document_lines_doc ON account_document_lines (document_id, line)`.execute(
    db,
  );
  await sql`CREATE TABLE IF NOT EXISTS account_document_files (
    id serial PRIMARY KEY,
    document_id integer NOT NULL REFERENCES account_documents(id) ON DELETE CASCADE,
    name text NOT NULL,
    content_type text NOT NULL,
    size integer NOT NULL,
    data bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (document_id, name)
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS account_unmatched (
    id serial PRIMARY KEY,
    run_id integer,
    ext_id text NOT NULL,
    kind text NOT NULL,
    number text NOT NULL DEFAULT '',
    reason text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS account_unmatched_run ON account_unmatched (run_id)`.execute(db);
  // The dealer's «Взаиморасчёты» and «Документы» in the sidebar, after «Заказы».
  for (const [ru, en, link, icon, shift] of [
    ['Взаиморасчёты', 'Settlements', '/account/', 'account', 1],
    ['Документы', 'Documents', '/account/documents/', 'documents', 2],
  ] as const) {
    await sql`INSERT INTO menu_items (menu, parent_id, sort, label_ru, label_en, link, permission, icon, audience)
      SELECT 'left', NULL, COALESCE((SELECT sort FROM menu_items WHERE link = '/order/' AND parent_id IS NULL LIMIT 1), 800) + ${shift},
        ${ru}, ${en}, ${link}, NULL, ${icon}, 'dealers'
      WHERE NOT EXISTS (SELECT 1 FROM menu_items WHERE link = ${link})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM menu_items WHERE link IN ('/account/', '/account/documents/')`.execute(db);
  for (const t of [
    'account_unmatched',
    'account_document_files',
    'account_document_lines',
    'account_documents',
    'account_bills',
    'account_contracts',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
