import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

/** Numeric columns: read as numbers (db/database.ts sets the parsers). Dates are read as text in queries. */
type Money = ColumnType<number, number | string, number | string>;
type MoneyOrNull = ColumnType<number | null, number | string | null, number | string | null>;
type Day = ColumnType<string | Date, string, string>;

/** One contract of a company with the supplier and 1C's figures for it (the settlements file, decision 200). */
export interface AccountContractsTable {
  id: Id;
  counterparty_id: number;
  ext_id: string;
  number: Generated<string>;
  name: Generated<string>;
  currency: Generated<string>;
  signed_on: ColumnType<string | Date | null, string | null | undefined, string | null>;
  credit_limit: Money;
  deferral_days: Generated<number>;
  debt: Money;
  overdue: Money;
  figures_on: ColumnType<string | Date | null, string | null | undefined, string | null>;
  updated_at: Generated<Date>;
}

/** An open bill of a contract as the settlements file lists it (replaced whole with each file). */
export interface AccountBillsTable {
  id: Id;
  contract_id: number;
  number: string;
  issued_on: ColumnType<string | Date | null, string | null | undefined, string | null>;
  sum: Money;
  due_on: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

/** A document of 1C (shipment, bill, invoice, payment, return, order placed in 1C), keyed by its Ид. */
export interface AccountDocumentsTable {
  id: Id;
  ext_id: string;
  kind: string;
  operation: Generated<string>;
  number: Generated<string>;
  doc_date: Day;
  sum: Money;
  currency: Generated<string>;
  counterparty_id: number | null;
  contract_ext: Generated<string>;
  order_id: number | null;
  /** The 1C Ид of the order it belongs to, when that order was placed in 1C (kind `order` here). */
  order_ext: Generated<string>;
  carrier: Generated<string>;
  tracking: Generated<string>;
  status: Generated<string>;
  deleted: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface AccountDocumentLinesTable {
  id: Id;
  document_id: number;
  line: number;
  product_id: number | null;
  product_ext: Generated<string>;
  article: Generated<string>;
  name: Generated<string>;
  quantity: Money;
  price: MoneyOrNull;
  sum: MoneyOrNull;
}

/** A file 1C attached to a document (a PDF of the УПД or the bill), kept with it in one transaction. */
export interface AccountDocumentFilesTable {
  id: Id;
  document_id: number;
  name: string;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: CreatedAt;
}

/** A document the portal could not place (unknown counterparty or order), listed in the exchange history. */
export interface AccountUnmatchedTable {
  id: Id;
  run_id: number | null;
  ext_id: string;
  kind: string;
  number: Generated<string>;
  reason: string;
  created_at: CreatedAt;
}

/** A bill the dealer was reminded of on a day (decision 203): once per bill per day, whichever worker runs. */
export interface AccountBillRemindersTable {
  contract_id: number;
  number: string;
  day: ColumnType<string | Date, string, string>;
  user_id: number;
  created_at: CreatedAt;
}

/**
 * A company's ledger entries of one contract and day, counted and summed (decision 204): kept by a trigger on
 * `account_documents` (migration 0222), read by the ledger page and the balances.
 */
export interface AccountLedgerDaysTable {
  counterparty_id: number;
  contract_ext: string;
  day: Day;
  entries: number;
  turnover: Money;
}

declare module '../../db/schema.js' {
  interface Database {
    account_contracts: AccountContractsTable;
    account_bills: AccountBillsTable;
    account_documents: AccountDocumentsTable;
    account_document_lines: AccountDocumentLinesTable;
    account_document_files: AccountDocumentFilesTable;
    account_unmatched: AccountUnmatchedTable;
    account_bill_reminders: AccountBillRemindersTable;
    account_ledger_days: AccountLedgerDaysTable;
  }
}
