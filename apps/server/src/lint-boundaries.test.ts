import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The repository's own ESLint configuration refuses the imports docs/conventions.md forbids: each case lints
 * a probe file at a real path with the real config, and a file that keeps the rules passes, so a rule that
 * reports nothing (or everything) fails here.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint refuses imports across boundaries', () => {
  it('a server module reaches another only through its face', async () => {
    const file = 'apps/server/src/modules/wishes/probe.ts';
    expect(await problems(file, "export { fullNameOf } from '../auth/actor.js';\n")).toEqual([
      expect.stringMatching(/^house\/boundaries: .*only through its face \.\.\/auth\/index\.js/),
    ]);
    expect(
      await problems(file, "import type { OrdersTable } from '../orders/tables.js';\nexport type T = OrdersTable;\n"),
    ).toHaveLength(1);
    expect(await problems(file, "export { fullNameOf } from '../auth/index.js';\n")).toEqual([]);
    // Its own internals are its business.
    expect(await problems(file, "export { wishesHandlers } from './handlers.js';\n")).toEqual([]);
  });

  it('a server module imports only modules on a floor below its own, type-only imports included', async () => {
    // notices sits above auth, beside files and below orders (docs/architecture.md, "Floors").
    const file = 'apps/server/src/modules/notices/probe.ts';
    expect(await problems(file, "export { fullNameOf } from '../auth/index.js';\n")).toEqual([]);
    expect(await problems(file, "export { changeOrder } from '../orders/index.js';\n")).toEqual([
      expect.stringMatching(/^house\/boundaries: Module "notices" \(floor \d+\) must not import module "orders"/),
    ]);
    expect(
      await problems(file, "import type { OrderChange } from '../orders/index.js';\nexport type T = OrderChange;\n"),
    ).toEqual([expect.stringMatching(/must not import module "orders"/)]);
    // The same floor is not below: files and notices are neighbours.
    expect(await problems(file, "export { fileById } from '../files/index.js';\n")).toHaveLength(1);
    expect(await problems(file, "export * from '../exchange/index.js';\n")).toHaveLength(1);
    // A module without a floor is refused until it takes one.
    expect(await problems('apps/server/src/modules/nowhere/probe.ts', "export * from '../auth/index.js';\n")).toEqual([
      expect.stringMatching(/^house\/boundaries: Module "nowhere" has no floor/),
    ]);
    // Tests build one world across modules.
    expect(
      await problems('apps/server/src/modules/auth/probe.test.ts', "export * from '../orders/index.js';\n"),
    ).toEqual([]);
  });

  it('keeps the list of upward imports to exactly those still in the code', async () => {
    const { floorPending } = (await import(path.join(root, 'eslint.config.js'))) as {
      floorPending: Record<string, string[]>;
    };
    for (const [file, modules] of Object.entries(floorPending)) {
      const source = await readFile(path.join(root, 'apps/server/src/modules', file), 'utf8');
      for (const module of modules) expect(source, `${file} → ${module}`).toContain(`'../${module}/index.js'`);
    }
  });

  it('a web feature never imports another feature; lib and components never import a feature', async () => {
    const feature = 'apps/web/src/features/orders/Probe.tsx';
    expect(await problems(feature, "export { basketQuery } from '../baskets/api';\n")).toEqual([
      expect.stringMatching(/^house\/boundaries: Feature "orders" must not import feature "baskets"/),
    ]);
    expect(
      await problems('apps/web/src/features/orders/desk/Probe.tsx', "export * from '../../baskets/api';\n"),
    ).toHaveLength(1);
    expect(await problems('apps/web/src/lib/probe.ts', "export * from '../features/baskets/api';\n")).toEqual([
      expect.stringMatching(/^house\/boundaries: lib\/ must not import a feature/),
    ]);
    expect(await problems(feature, "export * from '../../lib/api';\nexport * from './api';\n")).toEqual([]);
  });

  it('names files by kind: components PascalCase .tsx, the rest kebab-case', async () => {
    expect(await problems('apps/server/src/modules/wishes/WishQueries.ts', 'export {};\n')).toEqual([
      expect.stringMatching(/^house\/file-name: WishQueries\.ts/),
    ]);
    expect(await problems('apps/web/src/features/wishes/wish_list.tsx', 'export {};\n')).toHaveLength(1);
    expect(await problems('apps/web/src/features/wishes/WishList.tsx', 'export {};\n')).toEqual([]);
    expect(await problems('apps/server/src/modules/wishes/wish-queries.test.ts', 'export {};\n')).toEqual([]);
  });
});

describe("lint refuses queries of another module's tables", () => {
  const db = 'declare const db: { selectFrom(t: unknown): { innerJoin(t: string): unknown } };\n';

  it('reports a Kysely call naming a table another module owns, in any form', async () => {
    // A SQL file of the module (house/sql-place keeps queries there).
    const file = 'apps/server/src/modules/wishes/probe-queries.ts';
    expect(await problems(file, `${db}export const q = () => db.selectFrom('users as u');\n`)).toEqual([
      expect.stringMatching(
        /^house\/table-owner: Module "wishes" must not query table "users" of module "auth"; use .*\.\.\/auth\/index\.js/,
      ),
    ]);
    expect(
      await problems(file, `${db}export const q = () => db.selectFrom('wishes as w').innerJoin('products as p');\n`),
    ).toEqual([expect.stringMatching(/^house\/table-owner: .*table "products" of module "catalog"/)]);
    expect(await problems(file, `${db}export const q = () => db.selectFrom(['wishes', 'orders']);\n`)).toHaveLength(1);
    const writes = ['insertInto', 'updateTable', 'deleteFrom'].map((m) => `w.${m}('baskets');`).join('\n');
    const w = 'declare const w: Record<string, (t: string) => void>;\n';
    expect(await problems(file, `${w}${writes}\nexport {};\n`)).toEqual(
      Array(3).fill(expect.stringMatching(/^house\/table-owner: .*table "baskets" of module "baskets"/)),
    );
  });

  it('reports a raw sql template naming a table another module owns, and passes an interpolated builder', async () => {
    // A SQL file of the module (house/sql-place keeps queries there).
    const file = 'apps/server/src/modules/wishes/probe-queries.ts';
    const tag = "import { sql } from 'kysely';\n";
    const raw = (text: string) => `${tag}export const q = (id: number) => sql<number>\`${text}\`;\n`;
    expect(
      await problems(file, raw('SELECT 1 FROM wishes w JOIN users u ON u.id = w.user_id WHERE w.id = ${id}')),
    ).toEqual([
      expect.stringMatching(/^house\/table-owner: Module "wishes" must not query table "users" of module "auth"/),
    ]);
    expect(
      await problems(file, raw('EXISTS (SELECT 1 FROM order_items oi LEFT JOIN public.products p ON p.id = ${id})')),
    ).toEqual([
      expect.stringMatching(/table "order_items" of module "orders"/),
      expect.stringMatching(/table "products" of module "catalog"/),
    ]);
    expect(await problems(file, raw('UPDATE baskets SET name = 1; INSERT INTO "orders" VALUES (${id})'))).toHaveLength(
      2,
    );
    expect(await problems(file, `${tag}export const t = sql.table('users');\n`)).toHaveLength(1);
    // Its own tables, the owner's builder interpolated, and words that only look like a FROM pass.
    const own = 'SELECT extract(epoch FROM w.created_at) FROM wishes w JOIN ${orderUsers()} u ON u.id = ${id}';
    expect(await problems(file, `declare const orderUsers: () => unknown;\n${raw(own)}`)).toEqual([]);
  });

  it("passes the module's own tables, tables no module owns, and fixtures", async () => {
    // A SQL file of the module (house/sql-place keeps queries there).
    const file = 'apps/server/src/modules/wishes/probe-queries.ts';
    const own = `${db}export const q = () => db.selectFrom('wishes as w').innerJoin('wishes as w2');\n`;
    expect(await problems(file, own)).toEqual([]);
    expect(await problems(file, `${db}export const q = () => db.selectFrom('jobs');\n`)).toEqual([]);
    const foreign = `${db}export const q = () => db.selectFrom('users');\n`;
    expect(await problems('apps/server/src/modules/wishes/probe.test.ts', foreign)).toEqual([]);
    expect(await problems('apps/server/src/modules/wishes/testing.ts', foreign)).toEqual([]);
    expect(await problems('apps/server/src/db/probe.ts', foreign)).toEqual([]);
  });

  it('keeps the pending list to exactly the modules that still query tables of another module', async () => {
    const { tableOwnerPending } = (await import(path.join(root, 'eslint.config.js'))) as {
      tableOwnerPending: Record<string, string[]>;
    };
    // Every module file, linted with this one rule and no pending list: what it reports must be what is listed.
    const strict = new ESLint({
      cwd: root,
      overrideConfig: { rules: { 'house/table-owner': ['error', { pending: {} }] } },
      ruleFilter: ({ ruleId }) => ruleId === 'house/table-owner',
    });
    const modules = path.join(root, 'apps/server/src/modules');
    const results = await strict.lintFiles([path.join(modules, '**/*.ts')]);
    const found = Object.fromEntries(
      results
        .filter((r) => r.messages.length > 0)
        .map((r) => [
          path.relative(modules, r.filePath),
          [...new Set(r.messages.map((m) => /table "([a-z_]+)"/.exec(m.message)?.[1]).filter(Boolean))].sort(),
        ]),
    );
    const listed = Object.fromEntries(Object.entries(tableOwnerPending).map(([f, t]) => [f, [...t].sort()]));
    expect(found).toEqual(listed);
  }, 120_000);
});

describe('lint refuses query building in handlers', () => {
  const db = 'declare const db: Record<string, (t?: string) => unknown>;\n';
  const tag = "import { sql } from 'kysely';\n";

  it('reports every Kysely query start and raw sql in a handler file, with the way out', async () => {
    const file = 'apps/server/src/modules/wishes/handlers.ts';
    expect(await problems(file, `${db}export const q = () => db.selectFrom('wishes');\n`)).toEqual([
      expect.stringMatching(
        /^house\/thin-handlers: Handlers build no queries: move this \.selectFrom\(…\) .*queries\.ts/,
      ),
    ]);
    const starts = ['insertInto', 'updateTable', 'deleteFrom', 'selectNoFrom'].map((m) => `db.${m}('wishes');`);
    expect(await problems(file, `${db}${starts.join('\n')}\nexport {};\n`)).toEqual(
      Array(4).fill(expect.stringMatching(/^house\/thin-handlers: /)),
    );
    expect(await problems(file, `${tag}export const q = sql<number>\`SELECT 1\`;\n`)).toEqual([
      expect.stringMatching(/^house\/thin-handlers: .*sql`…` template/),
    ]);
    expect(await problems(file, `${tag}export const r = sql.ref('w.id');\n`)).toHaveLength(1);
    // The back office's handler tables and the other handler files are held to the same.
    const query = `${db}export const q = () => db.deleteFrom('wishes');\n`;
    expect(await problems('apps/server/src/modules/wishes/admin.ts', query)).toHaveLength(1);
    expect(await problems('apps/server/src/modules/wishes/desk-handlers.ts', query)).toHaveLength(1);
  });

  it('passes a handler that calls queries.ts and opens a transaction, and the queries themselves', async () => {
    const handler = `${db}export const h = () => db.transaction?.();\n`;
    expect(await problems('apps/server/src/modules/wishes/handlers.ts', handler)).toEqual([]);
    const query = `${db}${tag}export const q = () => [db.selectFrom('wishes'), sql\`1\`];\n`;
    expect(await problems('apps/server/src/modules/wishes/queries.ts', query)).toEqual([]);
    expect(await problems('apps/server/src/modules/wishes/handlers.test.ts', query)).toEqual([]);
  });
});

describe('lint refuses import cycles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(root, 'apps/server/src/lint-probe-'));
    await writeFile(
      path.join(dir, 'first.ts'),
      "import { second } from './second.js';\nexport const first = () => second;\n",
    );
    await writeFile(
      path.join(dir, 'second.ts'),
      "import { first } from './first.js';\nexport const second = () => first;\n",
    );
    await writeFile(
      path.join(dir, 'third.ts'),
      "import { second } from './second.js';\nexport const third = () => second;\n",
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports both files of a cycle and not a file that only uses it', async () => {
    const [first, second, third] = await eslint.lintFiles(
      ['first.ts', 'second.ts', 'third.ts'].map((f) => path.join(dir, f)),
    );
    expect(first!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
    expect(second!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
    expect(third!.messages).toEqual([]);
  });
});

describe('lint keeps SQL in the named files of a module', () => {
  const db = 'declare const db: Record<string, (t?: string) => unknown>;\n';
  const tag = "import { sql } from 'kysely';\n";

  it('reports a query built in a logic file, with the way out', async () => {
    const file = 'apps/server/src/modules/wishes/create-wish.ts';
    expect(await problems(file, `${db}export const q = () => db.selectFrom('wishes');\n`)).toEqual([
      expect.stringMatching(/^house\/sql-place: SQL lives in the module's queries\.ts .*\.selectFrom\(…\)/),
    ]);
    const starts = ['insertInto', 'updateTable', 'deleteFrom', 'selectNoFrom', 'mergeInto'].map(
      (m) => `db.${m}('wishes');`,
    );
    expect(await problems(file, `${db}${starts.join('\n')}\nexport {};\n`)).toEqual(
      Array(5).fill(expect.stringMatching(/^house\/sql-place: /)),
    );
    expect(await problems(file, `${tag}export const q = sql<number>\`SELECT 1\`;\n`)).toEqual([
      expect.stringMatching(/^house\/sql-place: .*sql`…` template/),
    ]);
    expect(await problems(file, `${tag}export const r = sql.ref('w.id');\n`)).toHaveLength(1);
    // A module's face is a logic file too.
    expect(
      await problems('apps/server/src/modules/wishes/index.ts', `${tag}export const q = sql\`1\`;\n`),
    ).toHaveLength(1);
  });

  it('passes the SQL files: queries.ts, a <name>-queries.ts, a named read-model file, fixtures, seeds and tests', async () => {
    const query = (table: string) => `${db}${tag}export const q = () => [db.selectFrom('${table}'), sql\`1\`];\n`;
    for (const [file, table] of [
      ['apps/server/src/modules/wishes/queries.ts', 'wishes'],
      ['apps/server/src/modules/wishes/create-wish-queries.ts', 'wishes'],
      ['apps/server/src/modules/catalog/offers.ts', 'products'],
      ['apps/server/src/modules/wishes/testing.ts', 'wishes'],
      ['apps/server/src/modules/wishes/seed.ts', 'wishes'],
      ['apps/server/src/modules/wishes/create-wish.test.ts', 'wishes'],
    ] as const)
      expect(await problems(file, query(table)), file).toEqual([]);
    // Opening a transaction builds no query.
    expect(
      await problems(
        'apps/server/src/modules/wishes/create-wish.ts',
        `${db}export const t = () => db.transaction?.();\n`,
      ),
    ).toEqual([]);
  });

  it('keeps the pending list to exactly the logic files that still build queries', async () => {
    const { sqlPending } = (await import(path.join(root, 'eslint.config.js'))) as { sqlPending: string[] };
    // Every module file, linted with this one rule and no pending list: what it reports must be what is listed.
    const strict = new ESLint({
      cwd: root,
      overrideConfig: { rules: { 'house/sql-place': ['error', { pending: [] }] } },
      ruleFilter: ({ ruleId }) => ruleId === 'house/sql-place',
    });
    const modules = path.join(root, 'apps/server/src/modules');
    const results = await strict.lintFiles([path.join(modules, '**/*.ts')]);
    const found = results
      .filter((r) => r.messages.length > 0)
      .map((r) => path.relative(modules, r.filePath))
      .sort();
    expect(found).toEqual([...sqlPending].sort());
  }, 120_000);
});

describe('lint keeps the web app’s calls to the server in the features’ api.ts', () => {
  const call = "import { rest } from '../../lib/rest';\nexport const q = () => rest('basket/list', { size: -1 });\n";

  it('reports rest imported by a component, a page or a hook file, with the way out', async () => {
    expect(await problems('apps/web/src/features/baskets/ProbeControl.tsx', call)).toEqual([
      expect.stringMatching(/^house\/rest-in-api: Call the server from the feature's api\.ts: .*mutation hook/),
    ]);
    expect(
      await problems('apps/web/src/features/baskets/components/use-probe.ts', call.replace('../../', '../../../')),
    ).toHaveLength(1);
    expect(await problems('apps/web/src/app/ProbeCard.tsx', call.replace('../../', '../'))).toHaveLength(1);
    // Its error type is not a call.
    expect(
      await problems(
        'apps/web/src/features/baskets/ProbeControl.tsx',
        "import { RestError } from '../../lib/rest';\nexport const E = RestError;\n",
      ),
    ).toEqual([]);
  });

  it('passes a feature’s api.ts (at any depth of the feature), lib/ and tests', async () => {
    expect(await problems('apps/web/src/features/baskets/api.ts', call)).toEqual([]);
    expect(await problems('apps/web/src/features/orders/desk/api.ts', call.replace('../../', '../../../'))).toEqual([]);
    expect(await problems('apps/web/src/lib/probe.ts', call.replace('../../lib/', './'))).toEqual([]);
    expect(await problems('apps/web/src/features/baskets/Probe.test.tsx', call)).toEqual([]);
  });

  it('keeps the pending list to exactly the web files that still call rest themselves', async () => {
    const { restPending } = (await import(path.join(root, 'eslint.config.js'))) as { restPending: string[] };
    const strict = new ESLint({
      cwd: root,
      overrideConfig: { rules: { 'house/rest-in-api': ['error', { pending: [] }] } },
      ruleFilter: ({ ruleId }) => ruleId === 'house/rest-in-api',
    });
    const web = path.join(root, 'apps/web/src');
    const results = await strict.lintFiles([path.join(web, '**/*.{ts,tsx}')]);
    const found = results
      .filter((r) => r.messages.length > 0)
      .map((r) => path.relative(web, r.filePath))
      .sort();
    expect(found).toEqual([...restPending].sort());
  }, 120_000);
});
