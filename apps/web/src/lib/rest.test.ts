import { methods, type MethodDeclaration } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkCreatedEntity,
  NO_CREATED_ENTITY,
  NOT_ONE_ENTITY,
  onUpdateWithoutEntity,
  RestError,
  retryQuery,
} from './rest';

/** docs/spec/07-calls.md (decision 068): a create or update answering no entity is logged, and an update refetches. */
describe('checkCreatedEntity', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a create without an id, and refetches after an update without one', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refetch = vi.fn();
    onUpdateWithoutEntity(refetch);
    checkCreatedEntity('news/create', { ok: true });
    expect(log).toHaveBeenCalledWith(NO_CREATED_ENTITY, 'news/create');
    expect(refetch).not.toHaveBeenCalled();
    checkCreatedEntity('news/update', null);
    expect(log).toHaveBeenCalledTimes(2);
    expect(refetch).toHaveBeenCalledWith('news/update');
  });

  it('says nothing about an answer with an id, a method that is no create or update, or a non-entity answer', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    checkCreatedEntity('news/create', { id: 5 });
    checkCreatedEntity('news/update', { id: 5, title: 'x' });
    checkCreatedEntity('news/list', { count: 0, items: [] });
    checkCreatedEntity('site-settings/update', { settings: {} });
    expect(log).not.toHaveBeenCalled();
  });

  it('exempts exactly the creates and updates of the contract whose result has no id', () => {
    const without = Object.entries(methods as Record<string, MethodDeclaration>)
      .filter(([name]) => /\/(create|update)$/.test(name))
      .filter(([, d]) => {
        let s = d.result as unknown as { shape?: Record<string, unknown>; unwrap?: () => unknown };
        while (!s.shape && s.unwrap) s = s.unwrap() as typeof s;
        return !s.shape || !('id' in s.shape);
      })
      .map(([name]) => name)
      .sort();
    expect(without).toEqual([...NOT_ONE_ENTITY].sort());
  });
});

/** A 404 is not asked again a second later (a second console error, a late state). */
describe('retryQuery', () => {
  it('tries a network or server failure once more, a refused request never', () => {
    expect(retryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryQuery(0, new RestError(500, 'INTERNAL', 'x'))).toBe(true);
    expect(retryQuery(1, new RestError(500, 'INTERNAL', 'x'))).toBe(false);
    expect(retryQuery(0, new RestError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(retryQuery(0, new RestError(403, 'ACCESS_DENIED', 'x'))).toBe(false);
    expect(retryQuery(0, new RestError(400, 'VALIDATION', 'x'))).toBe(false);
  });
});
