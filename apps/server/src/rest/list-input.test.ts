import { MAX_PAGE_SIZE, MAX_ROWS_PER_ANSWER, can, methods, rolesOf, type MethodDeclaration } from '@portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../modules/auth/seed.js';
import { createTestApp, type TestApp, type TestClient } from '../testing/index.js';

/**
 * Walked over the whole contract like access.test.ts: wrong types are a 400
 * VALIDATION on every method (docs/design.md §3), page and size are strict on every list, and `size: -1` is every
 * row or a clear 400, never a silently short page (decision 065).
 */

const table = Object.entries(methods as Record<string, MethodDeclaration>);
const ACCOUNTS = ['admin', 'dealer', 'employee'] as const;
type Account = (typeof ACCOUNTS)[number];

/** A demo account the method's access rule lets in (the refusals are access.test.ts's business). */
function callerFor(declaration: MethodDeclaration): Account | 'anonymous' {
  const access = declaration.access;
  if (access.kind === 'public') return 'anonymous';
  for (const login of ACCOUNTS) {
    const roles = rolesOf(DEMO_ACCOUNTS.find((a) => a.login === login)!.groups);
    if (access.kind === 'auth') return login;
    if (access.kind === 'permission' && can(roles, access.entity, access.action)) return login;
    if (access.kind === 'roles' && (roles & access.roles) !== 0) return login;
  }
  throw new Error(`no demo account may call ${declaration.name}`);
}

/** The shape of an input schema (through `.optional()`), to find the methods that take page and size. */
function shapeOf(schema: z.ZodType): Record<string, unknown> {
  let s = schema as unknown as { shape?: Record<string, unknown>; unwrap?: () => z.ZodType; def?: { type?: string } };
  while (!s.shape && s.unwrap) s = s.unwrap() as never;
  return s.shape ?? {};
}
const paged = table.filter(([, d]) => 'page' in shapeOf(d.input) && 'size' in shapeOf(d.input));

let t: TestApp;
const clients = new Map<string, TestClient>();
async function clientFor(declaration: MethodDeclaration): Promise<TestClient> {
  const who = callerFor(declaration);
  let c = clients.get(who);
  if (!c) {
    c = who === 'anonymous' ? t.client() : await t.as(who);
    if (who === 'anonymous') await c.call('site/get-main-settings', {});
    clients.set(who, c);
  }
  return c;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('wrong types are a 400 VALIDATION on every method', () => {
  // Methods that end or change the caller's session are called last by nobody here: no input reaches them.
  it.each(table)('%s', async (name, declaration) => {
    const c = await clientFor(declaration);
    for (const body of [[], 'text', 42, true, { unknownField: 1 }]) {
      const r = await c.raw(name, body);
      expect(r.status, `${name} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error).toBe('VALIDATION');
      expect(r.body.error_description).not.toMatch(/[a-z]+\.[a-z]+[A-Z]?/); // a text, not a message key
    }
  });
});

describe('page and size are strict on every list', () => {
  it('finds the lists of the contract', () => {
    expect(paged.map(([n]) => n)).toEqual(
      expect.arrayContaining(['product/list', 'order/list', 'basket-item/list', 'news/list', 'user/list']),
    );
    expect(paged.length).toBeGreaterThan(25);
  });

  const wrong: Array<[string, string]> = [
    ['page', '"abc"'],
    ['page', '{}'],
    ['page', '0'],
    ['page', '1.5'],
    ['page', 'null'],
    ['size', '"all"'],
    ['size', '1e309'],
    ['size', '[60]'],
    ['size', '0'],
    ['size', '-2'],
    ['size', String(MAX_PAGE_SIZE + 1)],
  ];

  it.each(paged)('%s refuses a wrong page or size with 400 VALIDATION naming the field', async (name, declaration) => {
    const c = await clientFor(declaration);
    for (const [field, json] of wrong) {
      const r = await c.raw(name, undefined, {
        payload: `{"${field}": ${json}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, `${name} ${field}=${json}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error).toBe('VALIDATION');
      expect(Object.keys(r.body.fields ?? {}), `${name} ${field}=${json}`).toContain(field);
    }
  });
});

describe('size -1 is every row', () => {
  it('product/list answers every product of the catalogue, as many as count says', async () => {
    const dealer = await t.as('dealer');
    const all = await dealer.ok('product/list', { size: -1 });
    expect(all.count).toBeGreaterThan(1000);
    expect(all.items).toHaveLength(all.count);
    expect(new Set(all.items.map((p) => p.id)).size).toBe(all.count);
  });

  it('section/list and favorite/list answer every row too', async () => {
    const dealer = await t.as('dealer');
    const sections = await dealer.ok('section/list', { size: -1 });
    expect(sections.items).toHaveLength(sections.count);
    const favourites = await dealer.ok('favorite/list', { size: -1 });
    expect(favourites.items).toHaveLength(favourites.count);
  });

  it(`a list longer than ${MAX_ROWS_PER_ANSWER} rows answers a clear 400, not a short page`, async () => {
    const db = t.app.portal.database.db;
    // Copies of the demo catalogue until it passes the limit of one answer.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM products WHERE active`.execute(db);
    const copies = Math.ceil((MAX_ROWS_PER_ANSWER + 1 - rows[0]!.n) / rows[0]!.n);
    await sql`INSERT INTO products (section_id, name, article, brand, unit, weight_kg, volume_m3, photos, properties)
      SELECT p.section_id, p.name || ' / ' || g, p.article || '-' || g, p.brand, p.unit, p.weight_kg, p.volume_m3,
        p.photos, p.properties
      FROM products p CROSS JOIN generate_series(1, ${copies}) g WHERE p.active`.execute(db);
    const dealer = await t.as('dealer');
    const r = await dealer.call('product/list', { size: -1 });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(r.body.error_description).toMatch(/^В списке \d[\d ]+ строк — больше, чем отдаётся за один раз \(10 000\)/);
    expect(r.body.fields?.size).toBe(r.body.error_description);
    // Pages still work, and a filtered list that fits still answers every row.
    const page = await dealer.ok('product/list', { page: 2, size: 1000 });
    expect(page.items).toHaveLength(1000);
    // A product names its section only when it is not the answer's common one (decision 160).
    const one = await dealer.ok('product/list', { size: 1 });
    const section = one.items[0]!.sectionId ?? one.dict.sectionId;
    expect(section).toBeGreaterThan(0);
    const inSection = await dealer.ok('product/list', { size: -1, filter: { category: section! } });
    expect(inSection.items).toHaveLength(inSection.count);
  });
});

describe('size -1 on every list of the contract', () => {
  it.each(paged)('%s answers as many rows as its count, or a clear 400', async (name, declaration) => {
    const c = await clientFor(declaration);
    let r = await c.raw(name, { size: -1 });
    if (r.body.error === 'SESSION_FAILED') r = await c.raw(name, { size: -1 });
    if (r.status === 400) {
      // A list that needs more input (a basket id, a filter) says which field; a list longer than one answer
      // (the catalogue copied past the limit above) says so; never a short page.
      expect(r.body.error).toBe('VALIDATION');
      if (r.body.fields?.size) expect(r.body.fields.size).toMatch(/больше, чем отдаётся за один раз/);
      return;
    }
    expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(200);
    const result = r.body.result as { count?: number; items?: unknown[] };
    if (typeof result.count !== 'number') return; // product/get-filter: the filter of a page, not a list
    expect(result.items, name).toHaveLength(result.count!);
  });
});
