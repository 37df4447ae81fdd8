import { z } from 'zod';
import { API_KEY_ORDER_METHODS, API_KEY_READ_METHODS } from './methods/api-keys.js';
import { methods } from './methods/index.js';
import type { Access, MethodDeclaration } from './method.js';

/** A JSON Schema object as the OpenAPI document carries it. */
export type JsonSchema = Record<string, unknown>;

/**
 * One schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect): inputs as a caller sends them, results as
 * the server answers. A refinement or transform that JSON Schema cannot say is described by its base type.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/**
 * A schema placed in the document: its `$defs` (shared and recursive parts) move to `components.schemas`
 * under names of their own, since a `#/…` reference in OpenAPI 3.1 is read from the document's root.
 */
function placed(schema: JsonSchema, owner: string, components: Record<string, JsonSchema>): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return schema;
  const { $defs: _omitted, ...rest } = schema;
  void _omitted;
  const names = new Map(Object.keys(defs).map((k) => [k, `${owner.replace(/[^A-Za-z0-9]+/g, '_')}_${k}`]));
  const rename = (value: JsonSchema): JsonSchema =>
    JSON.parse(
      JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_m, k: string) =>
        JSON.stringify(`#/components/schemas/${names.get(k) ?? k}`),
      ),
    ) as JsonSchema;
  for (const [k, def] of Object.entries(defs)) components[names.get(k)!] = rename(def);
  return rename(rest);
}

function accessText(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'public';
    case 'auth':
      return 'signed in';
    case 'permission':
      return `permission ${access.entity}:${access.action}`;
    case 'roles':
      return `roles ${access.roles}`;
  }
}

const readByKey = new Set<string>(API_KEY_READ_METHODS);
const orderByKey = new Set<string>(API_KEY_ORDER_METHODS);

/** The error envelope of every refusal (docs/spec/08-errors.md). */
const errorSchema: JsonSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    error_description: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['error', 'error_description'],
};

/**
 * A method's result as described: its one shape, or, for a method that also answers in plain entities
 * (decision 213), either shape — `dict` (the web's, decision 160) or `entities` (an API key's default).
 */
function resultSchemaOf(name: string, raw: MethodDeclaration, schemas: Record<string, JsonSchema>): JsonSchema {
  const lean = placed(jsonSchemaOf(raw.result, 'output'), `${name}/result`, schemas);
  if (!raw.entities) return lean;
  return {
    description:
      'Plain entities (docs/spec/03-entities.md) when the input says `shape: "entities"` or the call carries an ' +
      'API key without `shape: "dict"`; otherwise the lean answer with one `dict` of names (decision 160).',
    anyOf: [
      { title: 'dict', ...lean },
      { title: 'entities', ...placed(jsonSchemaOf(raw.entities, 'output'), `${name}/entities`, schemas) },
    ],
  };
}

/**
 * The OpenAPI 3.1 document of `/rest/`, generated from the contract (decision 211): every method with its
 * input and its result, who may call it, and whether an API key may. Built, not written, so it cannot drift.
 */
export function openApiDocument(options: { title?: string; version?: string; serverUrl?: string } = {}) {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, JsonSchema> = { Error: errorSchema };
  for (const [name, raw] of Object.entries(methods as Record<string, MethodDeclaration>)) {
    const keyScope = readByKey.has(name) ? 'read' : orderByKey.has(name) ? 'order' : null;
    const [tag = name] = name.split('/');
    paths[`/rest/${name}`] = {
      post: {
        operationId: name,
        tags: [tag],
        summary: name,
        description:
          `Access: ${accessText(raw.access)}. ` +
          (keyScope ? `API key: scope «${keyScope}» or wider.` : 'Not available to an API key.'),
        'x-access': raw.access,
        'x-api-key-scope': keyScope,
        ...(keyScope ? { security: [{ apiKey: [] }, { session: [] }] } : { security: [{ session: [] }] }),
        requestBody: {
          required: false,
          content: {
            [raw.upload ? 'multipart/form-data' : 'application/json']: {
              schema: placed(jsonSchemaOf(raw.input, 'input'), `${name}/input`, schemas),
            },
          },
        },
        responses: {
          '200': {
            description: 'The result',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { result: resultSchemaOf(name, raw, schemas) },
                  required: ['result'],
                },
              },
            },
          },
          default: {
            description: 'A refusal: 400 VALIDATION, 401, 403, 404, 409, 429 (Retry-After), 503',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Dealer Portal /rest/',
      version: options.version ?? '1',
      description:
        'Every method is POST /rest/{entity}/{method} with a JSON body. A dealer system calls with ' +
        '`Authorization: Bearer <API key>` (created in the profile); a browser uses its session cookie and ' +
        '`?sessid=`.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from the profile' },
        session: { type: 'apiKey', in: 'cookie', name: 'portal_sid', description: 'Browser session + sessid' },
      },
    },
  };
}
