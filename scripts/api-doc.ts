// `npm run docs:api`: writes docs/api.md from the contract, so the reference never drifts from the code.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { methods, PERMISSIONS, type Access } from '@portal/contract';
import { z } from 'zod';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROLE_NAMES: Array<[number, string]> = [
  [1, 'ADMINS'],
  [2, 'DEALERS'],
  [4, 'EMPLOYEES'],
];
const rolesText = (mask: number) =>
  ROLE_NAMES.filter(([bit]) => mask & bit)
    .map(([, name]) => name)
    .join(', ') || 'nobody';

function accessText(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'anyone';
    case 'auth':
      return 'signed in';
    case 'permission':
      return `${access.entity}.${access.action}: ${rolesText(PERMISSIONS[access.entity][access.action])}`;
    case 'roles':
      return rolesText(access.roles);
  }
}

function fieldsOf(schema: z.ZodType): string {
  try {
    const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
      anyOf?: Array<{ properties?: Record<string, unknown>; required?: string[] }>;
    };
    const object = json.properties ? json : json.anyOf?.find((s) => s.properties);
    if (!object?.properties) return '—';
    return Object.keys(object.properties)
      .map((k) => (object.required?.includes(k) ? `\`${k}\`` : `\`${k}?\``))
      .join(', ');
  } catch {
    return '(see the contract)';
  }
}

const lines = [
  '# /rest/ API reference',
  '',
  'Generated from `packages/contract` by `npm run docs:api`; do not edit by hand. Every call is',
  '`POST /rest/{name}?sessid=…` with a JSON body (or multipart where files travel); answers are `{result}` or',
  '`{error, error_description}` (see `architecture.md`). Input objects are strict: unknown fields are refused.',
  '',
  '| method | who may call | input fields | upload | captcha |',
  '| --- | --- | --- | --- | --- |',
];
for (const [name, declaration] of Object.entries(methods).sort(([a], [b]) => a.localeCompare(b))) {
  lines.push(
    `| \`${name}\` | ${accessText(declaration.access)} | ${fieldsOf(declaration.input)} | ${'upload' in declaration && declaration.upload ? 'yes' : ''} | ${'captcha' in declaration && declaration.captcha ? 'yes' : ''} |`,
  );
}
lines.push('', `${Object.keys(methods).length} methods.`, '');
writeFileSync(path.join(root, 'docs/api.md'), lines.join('\n'));
console.log(`docs/api.md: ${Object.keys(methods).length} methods`);
