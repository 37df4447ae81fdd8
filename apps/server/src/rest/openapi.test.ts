import { methods } from '@portal/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing/index.js';

/**
 * `/rest/openapi.json` (decision 211): every method is described, its schemas are valid JSON Schema
 * 2020-12, and what the server really answers matches the described result.
 */

interface Operation {
  operationId: string;
  requestBody: { content: Record<string, { schema: object }> };
  responses: { '200': { content: { 'application/json': { schema: { properties: { result: object } } } } } };
  'x-api-key-scope': string | null;
}
type Doc = { openapi: string; paths: Record<string, { post: Operation }>; components: object };

let t: TestApp;
let doc: Doc;
let dealer: TestClient;
let admin: TestClient;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

beforeAll(async () => {
  t = await createTestApp();
  [dealer, admin] = await Promise.all([t.as('dealer'), t.as('admin')]);
  const r = await t.app.inject({ method: 'GET', url: '/rest/openapi.json' });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toContain('application/json');
  doc = JSON.parse(r.body) as Doc;
});
afterAll(() => t.close());

const operation = (name: string) => doc.paths[`/rest/${name}`]!.post;
/** A described schema with the document's components beside it, so its `#/components/…` references resolve. */
const standalone = (schema: object) => ({ ...schema, components: doc.components });
const resultSchema = (name: string) => standalone(operation(name).responses['200'].content['application/json'].schema);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and names every method of the contract, no more', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      Object.keys(methods)
        .map((n) => `/rest/${n}`)
        .sort(),
    );
    expect(operation('product/list')['x-api-key-scope']).toBe('read');
    expect(operation('order/create')['x-api-key-scope']).toBe('order');
    expect(operation('api-key/create')['x-api-key-scope']).toBeNull();
    // Parts know-how (decisions 205–207): the dealer's reads and own writes by scope, the back office's never.
    for (const name of [
      'product/replacements',
      'product/arrivals',
      'basket-item/alternatives',
      'arrival-subscription/list',
    ])
      expect(operation(name)['x-api-key-scope'], name).toBe('read');
    for (const name of [
      'arrival-subscription/create',
      'arrival-subscription/delete',
      'basket-item/swap',
      'basket-item/split',
    ])
      expect(operation(name)['x-api-key-scope'], name).toBe('order');
    for (const name of [
      'product/replacements-update',
      'product/replacements-import',
      'product/arrivals-update',
      'product/arrival-stores',
    ])
      expect(operation(name)['x-api-key-scope'], name).toBeNull();
  });

  it('describes every input and result as valid JSON Schema 2020-12', () => {
    for (const name of Object.keys(methods)) {
      const op = operation(name);
      const input = Object.values(op.requestBody.content)[0]!.schema;
      expect(() => ajv.compile(standalone(input)), `${name} input`).not.toThrow();
      expect(() => ajv.compile(resultSchema(name)), `${name} result`).not.toThrow();
    }
  });

  it('describes the results the server really answers', async () => {
    const calls: Array<[TestClient, string, unknown]> = [
      [dealer, 'section/list', {}],
      [dealer, 'product/list', { size: 5 }],
      [dealer, 'product/list', { size: 3, lean: true }],
      // Both shapes of the catalogue (decision 213): the entities an API key gets by default.
      [dealer, 'product/list', { size: 5, shape: 'entities' }],
      [dealer, 'product/list', { size: 5, filter: { search: 'LF3349' }, shape: 'entities' }],
      [dealer, 'favorite/list', { shape: 'entities' }],
      [dealer, 'order/list', { size: 5 }],
      [dealer, 'basket/list', {}],
      [dealer, 'basket/resolve', { text: 'RE504836 2\nLF3349 4\nнет-такого 1' }],
      [dealer, 'payment/list', {}],
      [dealer, 'shipping/list', {}],
      [dealer, 'order-status/list', {}],
      [dealer, 'order/get-fields', {}],
      [dealer, 'profile', {}],
      [dealer, 'menu/list', {}],
      [dealer, 'notice/list', {}],
      [dealer, 'api-key/create', { name: 'openapi', scope: 'read' }],
      [dealer, 'api-key/list', {}],
      [admin, 'user/list', { size: 5 }],
      [admin, 'desk/summary', {}],
    ];
    const first = (await dealer.ok('product/list', { size: 1 })).items[0] as { id: number } | undefined;
    if (first)
      calls.push(
        [dealer, 'product/get', { id: first.id }],
        [dealer, 'product/get', { id: first.id, shape: 'entities' }],
      );
    const checked: string[] = [];
    for (const [client, name, input] of calls) {
      if (!(name in methods)) continue;
      const r = await client.raw(name, input);
      if (r.status !== 200) continue; // an input this list guessed wrong: not what this test checks
      const validate = ajv.compile(resultSchema(name));
      const valid = validate(r.body);
      expect(valid, `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
      checked.push(name);
    }
    // The catalogue, orders, the quick-order resolver and the keys were all checked, not skipped.
    for (const name of ['product/list', 'product/get', 'order/list', 'basket/resolve', 'api-key/list']) {
      expect(checked).toContain(name);
    }
  });

  it('a described result that does not match fails the check', () => {
    const validate = ajv.compile(resultSchema('api-key/list'));
    expect(validate({ result: { count: 1, items: [{ id: 'x' }] } })).toBe(false);
  });
});
