import { describe, expect, it } from 'vitest';
import { methods } from './methods/index.js';
import { API_KEY_ORDER_METHODS } from './methods/api-keys.js';
import { openApiDocument } from './openapi.js';

describe('openApiDocument', () => {
  it('describes every method with its input and its result', () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe('3.1.0');
    for (const name of Object.keys(methods)) {
      const op = (doc.paths[`/rest/${name}`] as { post: Record<string, unknown> } | undefined)?.post;
      expect(op, name).toBeDefined();
      expect(JSON.stringify(op?.requestBody), name).toContain('schema');
      expect(JSON.stringify(op?.responses), name).toContain('"result"');
    }
    expect(Object.keys(doc.paths)).toHaveLength(Object.keys(methods).length);
  });

  it('lists only real methods as open to API keys', () => {
    for (const name of API_KEY_ORDER_METHODS) expect(Object.keys(methods)).toContain(name);
  });
});
