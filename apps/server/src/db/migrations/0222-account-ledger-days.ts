import { sql, type Kysely } from 'kysely';

/**
 * The ledger's day totals (decision 204): per company, contract and day, how many ledger entries (shipments,
 * payments, returns not marked deleted) there are and what they add to the debt (a shipment raises it, a
 * payment or a return lowers it). A row trigger on `account_documents` keeps them whatever writes a document
 * (the exchange, a re-sent document, the demo seed, a company's cascade), so a ledger page and a balance at any
 * day read at most a row per day instead of every entry before it. Filled from the documents already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS account_ledger_days (
    counterparty_id integer NOT NULL REFERENCES counterparties(id) ON DELETE CASCADE,
    contract_ext text NOT NULL,
    day date NOT NULL,
    entries integer NOT NULL DEFAULT 0,
    turnover numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (counterparty_id, contract_ext, day)
  )`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION account_ledger_days_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        IF OLD.counterparty_id IS NOT NULL AND NOT OLD.deleted AND OLD.kind IN ('shipment', 'payment', 'return') THEN
          UPDATE account_ledger_days SET entries = entries - 1,
            turnover = turnover - CASE WHEN OLD.kind = 'shipment' THEN OLD.sum ELSE -OLD.sum END
          WHERE counterparty_id = OLD.counterparty_id AND contract_ext = OLD.contract_ext AND day = OLD.doc_date;
        END IF;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        IF NEW.counterparty_id IS NOT NULL AND NOT NEW.deleted AND NEW.kind IN ('shipment', 'payment', 'return') THEN
          INSERT INTO account_ledger_days AS t (counterparty_id, contract_ext, day, entries, turnover)
          VALUES (NEW.counterparty_id, NEW.contract_ext, NEW.doc_date, 1,
                  CASE WHEN NEW.kind = 'shipment' THEN NEW.sum ELSE -NEW.sum END)
          ON CONFLICT (counterparty_id, contract_ext, day)
          DO UPDATE SET entries = t.entries + 1, turnover = t.turnover + EXCLUDED.turnover;
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION account_ledger_days_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM account_ledger_days;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER IF EXISTS account_ledger_days_trg ON account_documents`.execute(db);
  await sql`CREATE TRIGGER account_ledger_days_trg AFTER INSERT OR UPDATE OR DELETE ON account_documents
    FOR EACH ROW EXECUTE FUNCTION account_ledger_days_sync()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS account_ledger_days_truncate_trg ON account_documents`.execute(db);
  await sql`CREATE TRIGGER account_ledger_days_truncate_trg AFTER TRUNCATE ON account_documents
    FOR EACH STATEMENT EXECUTE FUNCTION account_ledger_days_truncate()`.execute(db);
  await sql`DELETE FROM account_ledger_days`.execute(db);
  await sql`INSERT INTO account_ledger_days (counterparty_id, contract_ext, day, entries, turnover)
    SELECT counterparty_id, contract_ext, doc_date, count(*), sum(CASE WHEN kind = 'shipment' THEN sum ELSE -sum END)
    FROM account_documents
    WHERE counterparty_id IS NOT NULL AND NOT deleted AND kind IN ('shipment', 'payment', 'return')
    GROUP BY counterparty_id, contract_ext, doc_date`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS account_ledger_days_truncate_trg ON account_documents`.execute(db);
  await sql`DROP TRIGGER IF EXISTS account_ledger_days_trg ON account_documents`.execute(db);
  await sql`DROP FUNCTION IF EXISTS account_ledger_days_truncate()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS account_ledger_days_sync()`.execute(db);
  await sql`DROP TABLE IF EXISTS account_ledger_days`.execute(db);
}
