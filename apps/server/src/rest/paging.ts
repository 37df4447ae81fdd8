import { sql, type SelectQueryBuilder } from 'kysely';
import { formatNumber, MAX_ROWS_PER_ANSWER, PAGE_SIZE_ALL, translate, type Language } from '@portal/contract';
import { AppError } from './app-error.js';

export type PageInput = { page: number; size: number } | undefined;

/**
 * LIMIT/OFFSET of a list input (page and size are already checked by the contract); `size: -1` is every
 * row, `limit: null` (docs/spec/02-screens.md, docs/spec/09-constants.md).
 */
export function pageWindow(input: PageInput): {
  limit: number | null;
  offset: number;
} {
  const page = input?.page ?? 1;
  const size = input?.size ?? 60;
  if (size === PAGE_SIZE_ALL) return { limit: null, offset: 0 };
  return { limit: size, offset: (page - 1) * size };
}

/** A query limited to the page a list input asks for (`size: -1`: no limit, no offset). */
export function paged<Q extends { limit(limit: number): Q; offset(offset: number): Q }>(query: Q, input: PageInput): Q {
  const { limit, offset } = pageWindow(input);
  return limit === null ? query : query.limit(limit).offset(offset);
}

/**
 * A filtered list: how many rows of `base` match (`count(*)`, whatever page is asked for), and the page asked
 * for of the rows `rowsOf` selects and orders from it. Two statements, the count first.
 */
export async function countAndPage<DB, TB extends keyof DB, B, RDB, RTB extends keyof RDB, O>(
  base: SelectQueryBuilder<DB, TB, B>,
  rowsOf: (base: SelectQueryBuilder<DB, TB, B>) => SelectQueryBuilder<RDB, RTB, O>,
  input: PageInput,
): Promise<{ count: number; rows: O[] }> {
  // Kysely cannot name the selection's keys of a generic query: the count's row is cast to its one column.
  const counted = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$castTo<{ n: number | string }>()
    .executeTakeFirstOrThrow();
  const rows = await paged(rowsOf(base), input).execute();
  return { count: Number(counted.n), rows };
}

/**
 * A filtered list of records (returns, wishes, appeals, comments): how many match, and the ids of the page asked
 * for in id order, as the sort asks (by `DATE_CREATE` or `ID`, the same order: ids grow with time), else
 * `unsorted` (newest first by default). The caller builds its views of those ids.
 */
export async function countAndPageIds<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
  idColumn: string,
  input: (PageInput & { sort?: { DATE_CREATE?: 'ASC' | 'DESC'; ID?: 'ASC' | 'DESC' } }) | undefined,
  unsorted: 'asc' | 'desc' = 'desc',
): Promise<{ count: number; ids: number[] }> {
  // Kysely cannot name the selection's keys of a generic query: the shapes are the two selects'.
  const counted = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const asked = input?.sort?.DATE_CREATE ?? input?.sort?.ID;
  const direction = asked === undefined ? unsorted : asked === 'ASC' ? 'asc' : 'desc';
  const id = sql.ref<number>(idColumn);
  const rows = await paged(query.select(id.as('id')).orderBy(id, direction), input).execute();
  return {
    count: Number((counted as unknown as { n: number }).n),
    ids: (rows as unknown as Array<{ id: number }>).map((r) => r.id),
  };
}

/** The page of rows already in memory that a list input asks for. */
export function pageOf<T>(rows: T[], input: PageInput): T[] {
  const { limit, offset } = pageWindow(input);
  return limit === null ? rows : rows.slice(offset, offset + limit);
}

/** A user's text as an ILIKE pattern that matches it literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * For lists that can outgrow one answer (decision 065): with `size: -1` and more than `max` rows, a clear
 * 400 instead of a silently short page. Call it with the list's count before reading the rows.
 */
export function refuseTooManyRows(
  language: Language,
  size: number,
  count: number,
  max: number = MAX_ROWS_PER_ANSWER,
): void {
  if (size === PAGE_SIZE_ALL && count > max) {
    const args = [formatNumber(count, language), formatNumber(max, language)];
    throw new AppError('VALIDATION', 'error.tooManyRows', {
      args,
      fields: { size: translate(language, 'error.tooManyRows', ...args) },
    });
  }
}

/** Rows whose given text columns contain the search (any of them); every row without one. */
export const searchIn = (search: string | undefined, columns: string[]) =>
  search
    ? sql<boolean>`(${sql.join(
        columns.map((c) => sql`${sql.ref(c)} ILIKE ${containsPattern(search)}`),
        sql` OR `,
      )})`
    : sql<boolean>`true`;
