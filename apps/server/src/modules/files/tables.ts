import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface FilesTable {
  id: Id;
  user_id: number | null;
  name: string;
  content_type: string;
  size: number;
  /** Key in the file storage (storage/): a generated name, never the uploaded one. */
  storage_key: string;
  preview_key: string | null;
  /** What a generated file was made from (`order:3:<hash>`), to reuse it (decision 068); null for uploads. */
  source_key: Generated<string | null>;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    files: FilesTable;
  }
}
