import { PAGE_SIZE_ALL } from '@portal/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';
import { countAndPage } from './paging.js';

/** `countAndPage` on a real database: the count of every matching row, the rows of the page asked for. */
let t: TestApp;
type Probe = { paging_probe: { id: number; even: boolean } };
const db = () => t.app.portal.database.db as unknown as Kysely<Probe>;

beforeAll(async () => {
  t = await createTestApp();
  await db().schema.createTable('paging_probe').addColumn('id', 'integer').addColumn('even', 'boolean').execute();
  const ids = Array.from({ length: 12 }, (_, i) => i + 1);
  await db()
    .insertInto('paging_probe')
    .values(ids.map((id) => ({ id, even: id % 2 === 0 })))
    .execute();
});
afterAll(() => t.close());

const evens = () => db().selectFrom('paging_probe').where('even', '=', true);
const byIdDesc = (q: ReturnType<typeof evens>) => q.select(['id']).orderBy('id', 'desc');

describe('countAndPage', () => {
  it('counts every matching row and reads only the page asked for', async () => {
    expect(await countAndPage(evens(), byIdDesc, { page: 1, size: 4 })).toEqual({
      count: 6,
      rows: [{ id: 12 }, { id: 10 }, { id: 8 }, { id: 6 }],
    });
    expect(await countAndPage(evens(), byIdDesc, { page: 2, size: 4 })).toEqual({
      count: 6,
      rows: [{ id: 4 }, { id: 2 }],
    });
    expect(await countAndPage(evens(), byIdDesc, { page: 3, size: 4 })).toEqual({ count: 6, rows: [] });
  });

  it('size -1 reads every matching row; no input is the first page of 60', async () => {
    const all = [12, 10, 8, 6, 4, 2].map((id) => ({ id }));
    expect(await countAndPage(evens(), byIdDesc, { page: 3, size: PAGE_SIZE_ALL })).toEqual({ count: 6, rows: all });
    expect(await countAndPage(evens(), byIdDesc, undefined)).toEqual({ count: 6, rows: all });
  });

  it('the count is a number, also when nothing matches', async () => {
    const none = db().selectFrom('paging_probe').where('id', '>', 100);
    expect(await countAndPage(none, (q) => q.selectAll(), { page: 1, size: 10 })).toEqual({ count: 0, rows: [] });
  });
});
