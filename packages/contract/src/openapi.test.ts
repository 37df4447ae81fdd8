import { describe, expect, it } from 'vitest';
import { methods } from './methods/index.js';
import { API_KEY_ORDER_METHODS } from './methods/api-keys.js';
import { plainAnswers } from './lean-products.js';
import type { MethodDeclaration } from './method.js';
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

  it('describes both shapes of the methods that answer in plain entities (decision 213)', () => {
    const doc = openApiDocument();
    const withEntities = Object.entries(methods as Record<string, MethodDeclaration>)
      .filter(([, m]) => m.entities)
      .map(([name]) => name);
    expect(withEntities.sort()).toEqual(Object.keys(plainAnswers).sort());
    for (const name of withEntities) {
      const op = (doc.paths[`/rest/${name}`] as { post: { responses: Record<string, unknown> } }).post;
      const result = JSON.stringify(op.responses['200']);
      expect(result, name).toContain('"anyOf"');
      expect(result, name).toContain('"title":"entities"');
      expect(JSON.stringify(op), name).toContain('"shape"');
    }
  });
});
