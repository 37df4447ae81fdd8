import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZE_ALL } from './constants.js';
import { byIdInput, checkedInput, idSchema, listInput } from './method.js';
import { methods } from './methods/index.js';

const list = listInput(z.strictObject({ id: z.array(idSchema).optional(), search: z.string().optional() }), [
  'NAME',
  'PRICE',
]);

describe('listInput page and size (docs/spec/02-screens.md, 09-constants.md; docs/design.md §3: strict at the API)', () => {
  it('takes page 1 and size 60 when absent', () => {
    expect(list.parse({})).toEqual({ page: DEFAULT_PAGE, size: DEFAULT_PAGE_SIZE });
    expect(list.parse({ filter: { search: 'x' } })).toEqual({ page: 1, size: 60, filter: { search: 'x' } });
  });

  it.each([null, 0, -5, 'abc', '', ' ', 'all', '1e3', 1.5, Number.NaN, Infinity, true, {}, [2]])(
    "refuses page %j and size %j instead of falling back (the fallback is the route query string's)",
    (value) => {
      expect(list.safeParse({ page: value }).success).toBe(false);
      expect(list.safeParse({ size: value }).success).toBe(false);
    },
  );

  it('names the field and says what is allowed', () => {
    const r = list.safeParse({ page: 'abc', size: 'all' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['page', 'validation.page'],
      ['size', 'validation.size'],
    ]);
  });

  it('refuses a size over the limit rather than answering a shorter page', () => {
    expect(list.safeParse({ size: 100000 }).success).toBe(false);
    expect(list.safeParse({ size: MAX_PAGE_SIZE + 1 }).success).toBe(false);
    expect(list.parse({ size: MAX_PAGE_SIZE }).size).toBe(MAX_PAGE_SIZE);
  });

  it('keeps a deep page of a large catalogue (a million products at 10 a page is page 100000)', () => {
    expect(list.parse({ page: 100000 }).page).toBe(100000);
  });

  it('refuses a page beyond the largest', () => {
    expect(list.safeParse({ page: 1_000_001 }).success).toBe(false);
    expect(list.safeParse({ page: Number.MAX_SAFE_INTEGER }).success).toBe(false);
  });

  it('keeps valid values, as numbers or digit strings', () => {
    expect(list.parse({ page: 3, size: 120 })).toMatchObject({ page: 3, size: 120 });
    expect(list.parse({ page: '2', size: '240' })).toMatchObject({ page: 2, size: 240 });
  });

  it('keeps size -1 (everything); page -1 is refused', () => {
    expect(list.parse({ size: -1 }).size).toBe(PAGE_SIZE_ALL);
    expect(list.parse({ size: '-1' }).size).toBe(PAGE_SIZE_ALL);
    expect(list.safeParse({ page: -1 }).success).toBe(false);
  });
});

describe('listInput filter and sort', () => {
  it('accepts the filter keys the method declares', () => {
    expect(list.parse({ filter: { search: 'фильтр', id: [1, '2'] } }).filter).toEqual({ search: 'фильтр', id: [1, 2] });
  });

  it('rejects unknown filter keys (strict filter)', () => {
    const result = list.safeParse({ filter: { search: 'x', userId: 2 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['userId'], path: ['filter'] });
  });

  it('rejects unknown top-level keys', () => {
    expect(list.safeParse({ page: 1, price: 0 }).success).toBe(false);
  });

  it('accepts the declared sort keys with either direction, in either case', () => {
    expect(list.parse({ sort: { NAME: 'ASC' } }).sort).toEqual({ NAME: 'ASC' });
    expect(list.parse({ sort: { PRICE: 'desc', NAME: 'asc' } }).sort).toEqual({ PRICE: 'DESC', NAME: 'ASC' });
  });

  it('rejects other sort keys and other directions', () => {
    expect(list.safeParse({ sort: { PASSWORD_HASH: 'ASC' } }).success).toBe(false);
    expect(list.safeParse({ sort: { 'NAME; DROP TABLE users': 'ASC' } }).success).toBe(false);
    expect(list.safeParse({ sort: { NAME: 'UP' } }).success).toBe(false);
    expect(list.safeParse({ sort: { NAME: 'ASC', id: 'ASC' } }).success).toBe(false);
  });

  it('accepts no sort at all when the method declares no sort keys', () => {
    const unsorted = listInput(z.strictObject({}));
    expect(unsorted.safeParse({ sort: {} }).success).toBe(true);
    expect(unsorted.safeParse({ sort: { NAME: 'ASC' } }).success).toBe(false);
  });
});

describe('ids (decision 188: a JSON integer or a string of ASCII digits)', () => {
  it('accept positive whole numbers and digit strings', () => {
    expect(byIdInput.parse({ id: 5 })).toEqual({ id: 5 });
    expect(byIdInput.parse({ id: '12' })).toEqual({ id: 12 });
    expect(byIdInput.parse({ id: 1242 })).toEqual({ id: 1242 });
    expect(byIdInput.parse({ id: '1242' })).toEqual({ id: 1242 });
    expect(byIdInput.parse({ id: '01242' })).toEqual({ id: 1242 });
    expect(byIdInput.parse({ id: 2 ** 31 - 1 })).toEqual({ id: 2 ** 31 - 1 });
    expect(byIdInput.parse({ id: String(2 ** 31 - 1) })).toEqual({ id: 2 ** 31 - 1 });
  });

  // What z.coerce.number read as ids: [1242] and " 1242 " as 1242, "0x4da" as 1242, true as 1.
  it.each([
    0,
    -1,
    1.5,
    'abc',
    '',
    ' ',
    2 ** 31,
    String(2 ** 31),
    null,
    undefined,
    [1242],
    ['1242'],
    '0x4da',
    ' 1242 ',
    '1242 ',
    '+1242',
    '-1242',
    '1242.0',
    '1e3',
    '١٢٤٢',
    '1242'.padStart(11, '0'),
    true,
    false,
    {},
    Number.NaN,
    Infinity,
  ])('refuse %j with validation.id on the field', (id) => {
    const result = byIdInput.safeParse({ id });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['id', 'validation.id']]);
  });

  it('hold in every method that takes one: id lists in filters and ids in fields', () => {
    const issues = (name: keyof typeof methods, input: unknown) =>
      checkedInput(methods[name])
        .safeParse(input)
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('product/list', { filter: { id: [1, [2], '3'] } })).toEqual([['filter.id.1', 'validation.id']]);
    expect(issues('order/list', { filter: { number: '0x1' } })).toEqual([['filter.number', 'validation.id']]);
    expect(issues('message/create', { message: 'Добрый день', dealer: true })).toEqual([['dealer', 'validation.id']]);
    expect(
      issues('order/create', { fields: { basket: 1, company: '1 ', paySystem: 1, shipping: 1, storage: 1 } }),
    ).toEqual(expect.arrayContaining([['fields.company', 'validation.id']]));
    expect(issues('product/get', { id: '1242' })).toBeUndefined();
  });
});

describe('other numbers on the wire are held to the same rule', () => {
  const issues = (name: keyof typeof methods, input: unknown) =>
    checkedInput(methods[name])
      .safeParse(input)
      .error?.issues.map((i) => [i.path.join('.'), i.message]);

  it.each([true, [5], ' 5 ', '0x5', '5e0', '', null, {}])('a basket line quantity %j is refused', (amount) => {
    expect(issues('basket-item/update', { id: 1, amount })).toEqual([['amount', 'validation.number']]);
  });

  it('keeps the messages that say what is wrong with a number', () => {
    expect(issues('basket-item/update', { id: 1, amount: '5' })).toBeUndefined();
    expect(issues('basket-item/update', { id: 1, amount: 0 })).toBeUndefined();
    expect(issues('basket-item/update', { id: 1, amount: '1.5' })).toEqual([['amount', 'validation.integer']]);
    expect(issues('basket-item/update', { id: 1, amount: 20000 })).toEqual([['amount', 'validation.quantityRange']]);
    expect(issues('desk-order/list', { filter: { sumFrom: '-1' } })).toEqual([
      ['filter.sumFrom', 'validation.notNegative'],
    ]);
    expect(issues('desk-order/list', { filter: { sumFrom: '10.50', sumTo: 20 } })).toBeUndefined();
    expect(issues('product/list', { filter: { F_PRICE_MIN: '100.5' } })).toBeUndefined();
  });

  it.each([
    ['desk-order/list', { filter: { sumFrom: true } }, 'filter.sumFrom'],
    ['desk-order/list', { filter: { sumTo: [100] } }, 'filter.sumTo'],
    ['desk-order/change', { id: 1, lines: [{ id: 1, quantity: ' 2' }] }, 'lines.0.quantity'],
    ['product/list', { filter: { F_PRICE_MIN: '1e3' } }, 'filter.F_PRICE_MIN'],
    ['product/list', { filter: { F_PRICE_MAX: false } }, 'filter.F_PRICE_MAX'],
    ['section/list', { filter: { level: true } }, 'filter.level'],
    ['section/list', { filter: { parentId: '0x0' } }, 'filter.parentId'],
  ] as const)('%s %j is refused on %s', (name, input, field) => {
    expect(issues(name, input)).toEqual([[field, 'validation.number']]);
  });

  it('an order correction count and a return product are no longer coerced', () => {
    expect(issues('corrective-order/create', { id: 1, products: [{ id: 1, count: true }] })).toEqual([
      ['products.0.count', 'validation.number'],
    ]);
    const product = (product: unknown) =>
      issues('application-good-return/create', {
        fields: { order: 1, product, quantity: 1, reason: 'Брак' },
      });
    expect(product(true)).toEqual([['fields.product', 'validation.chooseProduct']]);
    expect(product('')).toEqual([['fields.product', 'validation.chooseProduct']]);
    expect(product('7')).toBeUndefined();
  });
});

describe('the methods table', () => {
  it('keys each declaration by its wire name and gives each an access rule', () => {
    for (const [name, declaration] of Object.entries(methods)) {
      expect(declaration.name).toBe(name);
      expect(['public', 'auth', 'permission', 'roles']).toContain(declaration.access.kind);
    }
  });
});
