import path from 'node:path';
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
 * Import boundaries (docs/conventions.md, "Faces"), checked on the resolved path of every relative import:
 * - a server module (`apps/server/src/modules/<a>/`) reaches another module `<b>` only through its face
 *   `<b>/index.ts`; tests and a module's `testing.ts` may also use another module's `testing.ts` fixtures;
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
    plugins: { house: { rules: { 'file-name': fileNameRule, boundaries: boundariesRule } } },
    rules: { 'house/file-name': 'error', 'house/boundaries': 'error' },
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
