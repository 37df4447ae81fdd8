import type { ColumnType, Generated } from 'kysely';
import type { FormField, FormTranslation } from '@portal/contract';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface StoredAnswerField {
  id: number;
  type: string;
  sid: string;
  title: string;
  value: string;
}

export interface AgreementsTable {
  id: Id;
  code: string;
  title: string;
  text: Generated<string>;
  title_en: Generated<string>;
  text_en: Generated<string>;
}

export interface ConsentsTable {
  id: Id;
  user_id: number;
  agreement_id: number;
  created_at: CreatedAt;
}

export interface FormsTable {
  id: Id;
  code: string;
  title: string;
  title_en: Generated<string>;
  description: Generated<string>;
  /** The form definition: what the renderer draws and the server checks. */
  fields: ColumnType<FormField[], string | undefined, string>;
  /** English texts laid over the fields (decision 145). */
  translation_en: ColumnType<FormTranslation, string | undefined, string>;
  sort: Generated<number>;
}

export interface AnswersTable {
  id: Id;
  form_id: number;
  user_id: number;
  status: Generated<string>;
  user_fields: ColumnType<StoredAnswerField[], string | undefined, string>;
  admin_fields: ColumnType<StoredAnswerField[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

declare module '../../db/schema.js' {
  interface Database {
    agreements: AgreementsTable;
    consents: ConsentsTable;
    forms: FormsTable;
    answers: AnswersTable;
  }
}
