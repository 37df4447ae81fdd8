import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * File names (docs/conventions.md): a component is a PascalCase `.tsx` (`BasketPage.tsx`); every other file is
 * kebab-case (`create-order.ts`, `menu-icons.tsx`), with an optional kind before the extension
 * (`.test`, `.spec`, `.bench`, `.config`, `.d`).
 * @type {import('eslint').Rule.RuleModule}
 */
const fileNameRule = {
  meta: { type: 'suggestion', schema: [], messages: { name: '{{name}}: {{why}} (docs/conventions.md)' } },
  create(context) {
    const name = context.filename.split(/[\\/]/).pop() ?? '';
    const match = /^([^.]+)((?:\.(?:test|spec|bench|config|setup|d))?)\.(tsx|ts|mjs|cjs|js)$/.exec(name);
    if (!match) return {};
    const [, base = '', , ext] = match;
    const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(base);
    const pascal = /^[A-Z][A-Za-z0-9]*$/.test(base);
    const ok = ext === 'tsx' ? kebab || pascal : kebab;
    const why =
      ext === 'tsx'
        ? 'a component file is PascalCase, any other .tsx kebab-case'
        : 'only components (.tsx) are PascalCase; this file must be kebab-case';
    return ok ? {} : { Program: (node) => context.report({ node, messageId: 'name', data: { name, why } }) };
  },
};

/**
 * The floors of the server's modules, lowest first (docs/architecture.md, "Floors"): a module imports only
 * modules on a floor below its own. A new module takes a floor here before lint lets it import anything.
 */
export const serverFloors = [
  ['throttle', 'companies'],
  ['auth'],
  ['audit', 'files', 'notices', 'settings'],
  ['forms'],
  ['mailing'],
  ['content'],
  ['catalog'],
  ['baskets', 'machines'],
  ['orders'],
  ['returns', 'wishes', 'users', 'site', 'account', 'parts', 'keys', 'pricelists'],
  ['exchange', 'desk', 'webhooks', 'telegram'],
];
const floorOf = new Map(serverFloors.flatMap((names, floor) => names.map((name) => [name, floor])));

/**
 * Imports that still run up a floor, file (under `modules/`) → the modules it may still import. The list only
 * shrinks; lint-boundaries.test.ts fails on an entry no longer needed.
 * @type {Record<string, string[]>}
 */
export const floorPending = {};

/**
 * Import boundaries (docs/conventions.md, "Faces"; docs/architecture.md, "Floors"), checked on the resolved
 * path of every relative import, type-only imports included:
 * - a server module (`apps/server/src/modules/<a>/`) reaches another module `<b>` only through its face
 *   `<b>/index.ts`; tests and a module's `testing.ts` may also use another module's `testing.ts` fixtures;
 * - and only a module `<b>` on a floor below its own (`serverFloors`); tests (`*.test.ts`) build one world
 *   across modules and are exempt; `floorPending` lists the upward imports not yet removed;
 * - a web feature (`apps/web/src/features/<a>/`) never imports another feature;
 * - `apps/web/src/lib` and `apps/web/src/components` never import a feature (only `app/` composes features).
 * @type {import('eslint').Rule.RuleModule}
 */
const boundariesRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      face: 'Module "{{from}}" may use module "{{to}}" only through its face ../{{to}}/index.js, not {{path}}.',
      floor:
        'Module "{{from}}" (floor {{fromFloor}}) must not import module "{{to}}" (floor {{toFloor}}): a module imports only modules below it (docs/architecture.md, "Floors"); register from above or move the code.',
      noFloor:
        'Module "{{module}}" has no floor: add it to serverFloors in eslint.config.js (docs/architecture.md, "Floors").',
      feature: 'Feature "{{from}}" must not import feature "{{to}}"; move shared code to lib/ or components/.',
      shared: '{{from}}/ must not import a feature ({{to}}); only app/ composes features.',
    },
  },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    /** @param {import('estree').Node} node @param {unknown} spec */
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const server = /\/apps\/server\/src\/modules\/([^/]+)\//;
      const from = server.exec(file)?.[1];
      const to = server.exec(target)?.[1];
      if (from && to && from !== to) {
        const base = path.posix.basename(target).replace(/\.(js|ts)$/, '');
        const fixture = base === 'testing' && /(\.test\.ts|\/testing\.ts)$/.test(file);
        if (base !== 'index' && !fixture) context.report({ node, messageId: 'face', data: { from, to, path: spec } });
        if (/\.test\.ts$/.test(file)) return;
        const fromFloor = floorOf.get(from);
        const toFloor = floorOf.get(to);
        if (fromFloor === undefined || toFloor === undefined) {
          context.report({ node, messageId: 'noFloor', data: { module: fromFloor === undefined ? from : to } });
          return;
        }
        const own = /\/apps\/server\/src\/modules\/(.*)$/.exec(file)?.[1] ?? '';
        if (toFloor >= fromFloor && !floorPending[own]?.includes(to))
          context.report({ node, messageId: 'floor', data: { from, to, fromFloor, toFloor } });
        return;
      }
      const web = /\/apps\/web\/src\/(features\/([^/]+)|lib|components)(\/|$)/;
      const f = web.exec(file);
      const t = web.exec(target + '/');
      if (!f || !t || !t[2]) return;
      if (f[2] && f[2] !== t[2]) context.report({ node, messageId: 'feature', data: { from: f[2], to: t[2] } });
      if (!f[2]) context.report({ node, messageId: 'shared', data: { from: f[1], to: t[2] } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/**
 * Who owns which table, read from the modules' `tables.ts`: the keys of the `interface Database { … }` each one
 * merges into `db/schema.ts`. A table declared outside `modules/` (the job queue's `jobs`) has no owner here.
 * @param {string} root the repository root
 * @returns {Map<string, string>} table → module
 */
export function tableOwners(root) {
  const modules = path.join(root, 'apps/server/src/modules');
  /** @type {Map<string, string>} */
  const owners = new Map();
  for (const module of readdirSync(modules)) {
    let source;
    try {
      source = readFileSync(path.join(modules, module, 'tables.ts'), 'utf8');
    } catch {
      continue;
    }
    const block = /interface Database \{([^}]*)\}/.exec(source)?.[1] ?? '';
    for (const [, table = ''] of block.matchAll(/^\s*([a-z_][a-z0-9_]*)\??\s*:/gm)) owners.set(table, module);
  }
  return owners;
}

const owners = tableOwners(path.dirname(fileURLToPath(import.meta.url)));

/** Kysely builder methods whose first argument names a table (or an array of them). */
const tableMethods = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoin',
  'using',
]);

/** In a raw `sql` template, the name after these keywords is a table (`FROM users u`, `JOIN public.orders o`). */
const sqlTableWords = /\b(?:from|join|into|update)\s+(?:only\s+)?"?([a-z_][a-z0-9_.]*)"?/gi;

/**
 * Queries that still name another module's table (decisions 150 and 175), file (under `modules/`) → tables. The list only
 * shrinks: lint-boundaries.test.ts fails on an entry the file no longer needs, and a table or file not listed
 * is reported as usual.
 * @type {Record<string, string[]>}
 */
export const tableOwnerPending = {};

/**
 * Table ownership (docs/conventions.md, "Tables"): code in `apps/server/src/modules/<m>/` names in a Kysely call
 * (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`, the joins, …) only tables `<m>/tables.ts` declares;
 * another module's table is reached through a function of that module's face. Seen: string literals of those
 * calls (`'users'`, `'users as u'`, `['users', 'orders']`), `sql.table('users')`, and the text of a raw `sql`
 * template after `FROM`, `JOIN`, `INTO`, `UPDATE` (`sql\`… JOIN users u …\``); a table interpolated into the
 * template (`JOIN ${orderUsers()} u`) is the owner's builder and passes. Names built at run time are not seen.
 * Exempt: tests, `testing.ts` fixtures and `seed.ts` demo data, which build a world across modules; and the
 * `pending` option (file → tables not yet moved behind their owner's face).
 * @type {import('eslint').Rule.RuleModule}
 */
const tableOwnerRule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { pending: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        additionalProperties: false,
      },
    ],
    messages: {
      owner:
        'Module "{{from}}" must not query table "{{table}}" of module "{{owner}}"; use a function of ../{{owner}}/index.js.',
    },
  },
  create(context) {
    const match = /\/apps\/server\/src\/modules\/(([^/]+)\/.*)$/.exec(context.filename.replaceAll('\\', '/'));
    if (!match || /(\.test\.ts|\/testing\.ts|\/seed\.ts)$/.test(match[1] ?? '')) return {};
    const [, file = '', from = ''] = match;
    /** @type {{ pending?: Record<string, string[]> }} */
    const options = context.options[0] ?? {};
    const allowed = new Set(options.pending?.[file] ?? []);
    /** @param {import('estree').Node} node */
    const check = (node) => {
      /** @type {string | undefined} */
      let text;
      if (node.type === 'Literal' && typeof node.value === 'string') text = node.value;
      else if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
        text = node.quasis[0]?.value.cooked ?? undefined;
      else if (node.type === 'ArrayExpression') {
        for (const element of node.elements) if (element && element.type !== 'SpreadElement') check(element);
        return;
      }
      if (text === undefined) return;
      const table =
        text
          .trim()
          .split(/\s+/)[0]
          ?.replace(/^public\./, '') ?? '';
      const owner = owners.get(table);
      if (owner && owner !== from && !allowed.has(table))
        context.report({ node, messageId: 'owner', data: { from, table, owner } });
    };
    return {
      /** @param {import('estree').CallExpression} node */
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const sqlTable =
          callee.object.type === 'Identifier' && callee.object.name === 'sql' && callee.property.name === 'table';
        if ((!sqlTable && !tableMethods.has(callee.property.name)) || !node.arguments[0]) return;
        check(node.arguments[0]);
      },
      /** @param {import('estree').TaggedTemplateExpression} node */
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        for (const quasi of node.quasi.quasis)
          for (const [, name = ''] of (quasi.value.cooked ?? '').matchAll(sqlTableWords)) {
            const table = name.replace(/^public\./, '');
            const owner = owners.get(table);
            if (owner && owner !== from && !allowed.has(table))
              context.report({ node: quasi, messageId: 'owner', data: { from, table, owner } });
          }
      },
    };
  },
};

/** Kysely calls that build a query (a transaction, `db.transaction()`, only holds one). */
const queryMethods = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'selectNoFrom', 'mergeInto']);

/**
 * Thin handlers (decision 185, docs/conventions.md "Where the SQL lives"): a handler file (`*handlers.ts`, a
 * module's `admin.ts`) tells the method's story (access, input, one or two calls, the answer) and builds no
 * query: no `db.selectFrom(…)`, `insertInto`, `updateTable`, `deleteFrom`, `selectNoFrom`, no raw `sql` template
 * or `sql.ref(…)`-like helper. The SQL is a named function in the module's `queries.ts`; the handler calls it,
 * passing its transaction (`trx`) where writes belong together. The files are chosen in the config below.
 * @type {import('eslint').Rule.RuleModule}
 */
const thinHandlersRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      query:
        "Handlers build no queries: move this {{what}} into a named function of the module's queries.ts and call it (decision 185).",
    },
  },
  create(context) {
    return reportQueries(context, 'query');
  },
};

/**
 * Where the SQL lives (docs/conventions.md, "Where the SQL lives"; decision 216): in a server module, a query is
 * built only in a file named for SQL — the module's `queries.ts`, a `<name>-queries.ts` beside the logic file
 * it serves (`create-order.ts` → `checkout-queries.ts`), or one of the read-model files below, each holding
 * nothing but named reads or writes — and in the files that build a world across modules (`*.test.ts`,
 * `testing.ts`, `seed.ts`). Handler files have their own rule (`house/thin-handlers`). Paths are under
 * `apps/server/src/modules/`.
 */
export const sqlFiles = [
  'auth/dealer-filter.ts',
  'auth/user-admin.ts',
  'catalog/bulk-writes.ts',
  'catalog/by-article.ts',
  'catalog/filter.ts',
  'catalog/groups.ts',
  'catalog/names.ts',
  'catalog/offers.ts',
  'catalog/price-list.ts',
  'catalog/price-mappings.ts',
  'catalog/pricing-settings.ts',
  'catalog/products.ts',
  'catalog/search.ts',
  'content/admin-crud.ts',
  'exchange/history.ts',
  'orders/exchange.ts',
  'orders/for-returns.ts',
  'orders/heads.ts',
  'orders/view.ts',
  'returns/views.ts',
];

/**
 * Logic files that still build queries, under `modules/`. The list only shrinks: lint-boundaries.test.ts lints
 * every module file with no list and fails unless what it reports is exactly this list. The orders' files are
 * being reshaped with the desk's line edits (`change-order.ts` and what it uses: totals, history, supplier
 * lines), their SQL moving to the orders' queries as that lands; `replacement-hook.ts` goes with the parts'.
 * @type {string[]}
 */
export const sqlPending = [];

/** @param {string} file a path under `apps/server/src/modules/` */
const isSqlFile = (file) =>
  /(^|\/)([a-z0-9-]+-)?queries\.ts$/.test(file) ||
  /(\.test\.ts|\.bench\.ts|\/testing\.ts|\/seed\.ts)$/.test(file) ||
  sqlFiles.includes(file);

/** The `pending` option of a rule whose list of files not yet moved only shrinks. */
const pendingSchema = [
  {
    type: 'object',
    properties: { pending: { type: 'array', items: { type: 'string' } } },
    additionalProperties: false,
  },
];

/**
 * The linted file's path under `root` (`/apps/server/src/modules/`), or null when it is elsewhere or listed in
 * the rule's `pending` option (files not yet moved; the lists only shrink).
 * @param {import('eslint').Rule.RuleContext} context
 * @param {string} root
 */
function pendingAware(context, root) {
  const filename = context.filename.replaceAll('\\', '/');
  const at = filename.indexOf(root);
  if (at < 0) return null;
  const file = filename.slice(at + root.length);
  /** @type {{ pending?: string[] }} */
  const options = context.options[0] ?? {};
  return options.pending?.includes(file) ? null : file;
}

/**
 * Reports every query a file builds: the Kysely starts (`selectFrom`, `insertInto`, `updateTable`,
 * `deleteFrom`, `selectNoFrom`, `mergeInto`), a raw `sql` template and `sql.…(…)`; `db.transaction()` passes.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {string} messageId
 */
function reportQueries(context, messageId) {
  return {
    /** @param {import('estree').CallExpression} node */
    CallExpression(node) {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
      const name = callee.property.name;
      if (queryMethods.has(name)) context.report({ node, messageId, data: { what: `.${name}(…)` } });
      else if (callee.object.type === 'Identifier' && callee.object.name === 'sql')
        context.report({ node, messageId, data: { what: `sql.${name}(…)` } });
    },
    /** @param {import('estree').TaggedTemplateExpression} node */
    TaggedTemplateExpression(node) {
      if (node.tag.type === 'Identifier' && node.tag.name === 'sql')
        context.report({ node, messageId, data: { what: 'sql`…` template' } });
    },
  };
}

/**
 * SQL in its place (docs/conventions.md, "Where the SQL lives"; decision 216): a logic file of a server module
 * builds no query; it calls a named function of a SQL file (`isSqlFile`). Option `pending`: files not yet moved.
 * @type {import('eslint').Rule.RuleModule}
 */
const sqlPlaceRule = {
  meta: {
    type: 'problem',
    schema: pendingSchema,
    messages: {
      query:
        "SQL lives in the module's queries.ts (or a <name>-queries.ts, or a read-model file named in docs/conventions.md): move this {{what}} into a named function there and call it (decision 216).",
    },
  },
  create(context) {
    const file = pendingAware(context, '/apps/server/src/modules/');
    if (!file || isSqlFile(file)) return {};
    return reportQueries(context, 'query');
  },
};

/**
 * Web files that still call `rest` themselves, under `apps/web/src/`. The list only shrinks: lint-boundaries.test.ts
 * lints every web file with no list and fails unless what it reports is exactly this list.
 * @type {string[]}
 */
export const restPending = [];

/**
 * One way to write data on the web (docs/conventions.md, "Web features"; decision 217): `rest` from `lib/rest` is
 * imported only by a feature's `api.ts` (its query options, fetchers and mutation hooks) and by `lib/`; a
 * component or page calls those. Tests are exempt. Option `pending`: files not yet moved.
 * @type {import('eslint').Rule.RuleModule}
 */
const restInApiRule = {
  meta: {
    type: 'problem',
    schema: pendingSchema,
    messages: {
      rest: "Call the server from the feature's api.ts: a query option or a mutation hook that puts the answer into the cache (decision 217), not `rest` here.",
    },
  },
  create(context) {
    const file = pendingAware(context, '/apps/web/src/');
    if (!file || /^lib\//.test(file) || /^features\/.+\/api\.ts$/.test(file) || /\.test\.tsx?$/.test(file)) return {};
    return {
      /** @param {import('estree').ImportDeclaration} node */
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string' || !spec.startsWith('.')) return;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        if (target !== 'lib/rest') return;
        for (const s of node.specifiers)
          if (s.type === 'ImportSpecifier' && s.imported.type === 'Identifier' && s.imported.name === 'rest')
            context.report({ node: s, messageId: 'rest' });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.test-template/**',
      '**/.data/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: {
      house: {
        rules: {
          'file-name': fileNameRule,
          boundaries: boundariesRule,
          'table-owner': tableOwnerRule,
          'thin-handlers': thinHandlersRule,
          'sql-place': sqlPlaceRule,
          'rest-in-api': restInApiRule,
        },
      },
    },
    rules: {
      'house/file-name': 'error',
      'house/boundaries': 'error',
      'house/table-owner': ['error', { pending: tableOwnerPending }],
    },
  },
  {
    // The server's handler files build no query: their SQL lives in the module's queries.ts (decision 185).
    files: ['apps/server/src/modules/**/*handlers.ts', 'apps/server/src/modules/*/admin.ts'],
    rules: { 'house/thin-handlers': 'error' },
  },
  {
    // Every other file of a server module builds no query outside the SQL files (decision 216); handler files
    // are held by house/thin-handlers above.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*handlers.ts', 'apps/server/src/modules/*/admin.ts'],
    rules: { 'house/sql-place': ['error', { pending: sqlPending }] },
  },
  {
    // The web app calls the server from the features' api.ts and lib/ only (decision 217).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'house/rest-in-api': ['error', { pending: restPending }] },
  },
  {
    // No import cycles inside the apps and the contract (eslint-plugin-import-x, resolved as TypeScript
    // resolves `.js` specifiers to `.ts` sources). Packages are not followed, which keeps `npm run check` fast.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
