import { describe, expect, it } from 'vitest';
import { orderListQuery } from './list-query';

describe('the /order/ route query (docs/spec/02-screens.md)', () => {
  it('passes every parameter but page, size and sort as a filter, ids as numbers', () => {
    const q = orderListQuery(new URLSearchParams('status=2&company=5&article=RE50&isPayment=Y&unknown=x&page=2'));
    expect(q.filter).toEqual({ status: 2, company: 5, article: 'RE50', isPayment: 'Y', unknown: 'x' });
    expect(q.page).toBe(2);
  });

  it('reads the sort as KEY.DIR, newest first by default', () => {
    expect(orderListQuery(new URLSearchParams('sort=PRICE.ASC')).sort).toEqual({ key: 'PRICE', dir: 'ASC' });
    expect(orderListQuery(new URLSearchParams('sort=date_create.desc')).sort).toEqual({
      key: 'DATE_CREATE',
      dir: 'DESC',
    });
    expect(orderListQuery(new URLSearchParams('sort=WEIGHT.ASC')).sort).toEqual({ key: 'ID', dir: 'DESC' });
    expect(orderListQuery(new URLSearchParams('')).sort).toEqual({ key: 'ID', dir: 'DESC' });
  });

  it('keeps several statuses as a list and falls back on a bad page and size', () => {
    const q = orderListQuery(new URLSearchParams('status=1&status=3&page=abc&size=0'));
    expect(q.filter.status).toEqual([1, 3]);
    expect(q.page).toBe(1);
    expect(q.size).toBe(10);
  });
});
