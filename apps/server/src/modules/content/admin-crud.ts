import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../rest/app-error.js';
import { inTransaction, type RestContext } from '../../rest/context.js';
import { countAndPage, searchIn, type PageInput } from '../../rest/paging.js';
import { recordAudit } from '../audit/index.js';
import './tables.js';

/** The content tables the back office edits row by row with one scaffold. */
type CrudTable = 'news' | 'banners' | 'faq' | 'pages' | 'storages' | 'contacts';
type Row<T extends CrudTable> = Selectable<Database[T]>;

/** One body serves every table: the spec is typed per table, the queries see rows of plain columns. */
type Loose = Kysely<Record<string, { id: number; [column: string]: unknown }>>;

export interface CrudSpec<T extends CrudTable, F, V> {
  table: T;
  /** The audit log's entity: `news`, `banner`, … */
  entity: string;
  /** The text columns the list's search looks in, and the list's order. */
  search: string[];
  order: Array<[column: string, direction: 'asc' | 'desc']>;
  /** The row as the back office sees it (the list, the answer of a write, the audit's before and after). */
  view: (row: Row<T>) => V;
  /** The columns written from the form; `old` is the row an update replaces (none for a create). */
  values: (fields: F, old?: Row<T>) => Updateable<Database[T]>;
  /** Refuses the fields before a write (`id`: the row updated, `null` for a create). */
  check?: (db: Db, ctx: RestContext, fields: F, id: number | null) => Promise<void>;
}

/**
 * The list, create, update and delete of a content table (decision 120): the list searched and paged, every
 * write one transaction with its audit line (decision 101), a missing row 404.
 */
export function crud<T extends CrudTable, F, V>(spec: CrudSpec<T, F, V>) {
  const { entity, view } = spec;
  const table: string = spec.table;
  const loose = (db: Db) => db as unknown as Loose;
  const row = (r: Record<string, unknown>) => view(r as Row<T>);
  return {
    async list(input: (PageInput & { filter?: { search?: string } }) | undefined, ctx: RestContext) {
      const base = loose(ctx.db).selectFrom(table).where(searchIn(input?.filter?.search, spec.search));
      const { count, rows } = await countAndPage(
        base,
        (q) => {
          let sorted = q.selectAll();
          for (const [column, direction] of spec.order) sorted = sorted.orderBy(column, direction);
          return sorted;
        },
        input,
      );
      return { count, items: rows.map(row) };
    },
    async create({ fields }: { fields: F }, ctx: RestContext) {
      return inTransaction(ctx, async (db) => {
        await spec.check?.(db, ctx, fields, null);
        const created = await loose(db)
          .insertInto(table)
          .values(spec.values(fields) as Record<string, unknown>)
          .returningAll()
          .executeTakeFirstOrThrow();
        const item = row(created);
        await recordAudit(db, ctx, { entity, id: Number(created.id), action: 'create', after: item });
        return item;
      });
    },
    async update({ id, fields }: { id: number; fields: F }, ctx: RestContext) {
      return inTransaction(ctx, async (db) => {
        const old = await loose(db).selectFrom(table).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!old) throw notFound();
        await spec.check?.(db, ctx, fields, id);
        const updated = await loose(db)
          .updateTable(table)
          .set(spec.values(fields, old as Row<T>) as Record<string, unknown>)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const item = row(updated);
        await recordAudit(db, ctx, { entity, id, action: 'update', before: row(old), after: item });
        return item;
      });
    },
    async delete({ id }: { id: number }, ctx: RestContext) {
      return inTransaction(ctx, async (db) => {
        const old = await loose(db).deleteFrom(table).where('id', '=', id).returningAll().executeTakeFirst();
        if (!old) throw notFound();
        await recordAudit(db, ctx, { entity, id, action: 'delete', before: row(old) });
        return { ok: true as const };
      });
    },
  };
}
