import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes';

/** The routes of docs/spec/02-screens.md that were once missing, matched against the real route table. */
const nameAt = (url: string) => {
  const matches = matchRoutes(
    ROUTES.map((r) => ({ path: r.path, id: r.name })),
    url,
  );
  return { name: matches?.at(-1)?.route.id, params: matches?.at(-1)?.params };
};

describe('the portal routes', () => {
  it('open a product without its section: /catalog/product/{id}/', () => {
    expect(nameAt('/catalog/product/15/')).toEqual({ name: 'catalog/ProductNoSection', params: { id: '15' } });
    expect(nameAt('/catalog/7/product/15/').name).toBe('catalog/Product');
    expect(nameAt('/product/15').name).toBe('catalog/ProductById');
  });

  it('accept a warehouse with a token: /storage/{id}/{token}/', () => {
    expect(nameAt('/storage/3/abc123/')).toEqual({
      name: 'storage/StorageDetail',
      params: { id: '3', token: 'abc123' },
    });
    expect(nameAt('/storage/3/').name).toBe('storage/StorageDetail');
  });

  it('keep a category with every product on one page: /catalog/{id}/?size=-1', () => {
    expect(nameAt('/catalog/7/').name).toBe('catalog/Section');
  });

  it('open the returns dialog over the order detail: /order/{id}/returns/{product}/', () => {
    type Match = { path: string; id: string; children?: Match[] };
    const tree = (routes: typeof ROUTES): Match[] =>
      routes.map((r) => ({ path: r.path, id: r.name, ...(r.children ? { children: tree(r.children) } : {}) }));
    const chain = (url: string) => matchRoutes(tree(ROUTES), url)?.map((m) => m.route.id);
    expect(chain('/order/5/returns/7/')).toEqual(['order/OrderDetail', 'returns/OrderReturn']);
    expect(chain('/order/5/returns/')).toEqual(['order/OrderDetail', 'returns/OrderReturn']);
    expect(chain('/order/5/corrective')).toEqual(['order/OrderDetail', 'order/OrderCorrective']);
  });
});
