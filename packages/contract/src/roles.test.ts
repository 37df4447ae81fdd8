import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  ALL_ROLES,
  ENTITIES,
  PERMISSIONS,
  Role,
  can,
  hasRoutePermission,
  hasUiPermission,
  permissionsFor,
  rolesOf,
  type Action,
  type Entity,
  type RoutePermission,
} from './roles.js';

const { ADMINS, DEALERS, EMPLOYEES } = Role;
const ROLES = { ADMINS, DEALERS, EMPLOYEES } as const;

/**
 * The matrix of docs/spec/06-roles.md, written out independently of roles.ts: who may do what, entity by entity.
 * Project decisions beyond the specification (docs/design.md §1, docs): corrective orders belong with orders;
 * bills and acts are read-only documents of dealers and administrators; users are managed by administrators.
 */
const all = { fetch: 'ADE', create: 'ADE', update: 'ADE', delete: 'ADE' };
const dealersAndAdmins = { fetch: 'AD', create: 'AD', update: 'AD', delete: 'AD' };
const EXPECTED: Record<string, Record<Action, string>> = {
  order: dealersAndAdmins,
  items: dealersAndAdmins,
  basket: dealersAndAdmins,
  company: dealersAndAdmins,
  corrective: dealersAndAdmins,
  bill: { fetch: 'AD', create: '', update: '', delete: '' },
  act: { fetch: 'AD', create: '', update: '', delete: '' },
  comment: { fetch: 'ADE', create: 'AE', update: 'AE', delete: 'AE' },
  returns: { fetch: 'ADE', create: 'AD', update: 'AD', delete: 'AD' },
  user: { fetch: 'ADE', create: 'A', update: 'A', delete: 'A' },
};
const letter = { ADMINS: 'A', DEALERS: 'D', EMPLOYEES: 'E' } as const;

function expected(entity: Entity, action: Action, role: keyof typeof ROLES): boolean {
  return (EXPECTED[entity] ?? all)[action].includes(letter[role]);
}

describe('the permission matrix (docs/spec/06-roles.md)', () => {
  it('has a row for every entity and nothing else', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ENTITIES].sort());
    for (const entity of Object.keys(EXPECTED)) expect(ENTITIES).toContain(entity);
  });

  it('covers the named areas of the specification', () => {
    for (const entity of [
      'order',
      'items',
      'basket',
      'company',
      'comment',
      'returns',
      'wishes',
      'PriceToolbar',
      'product',
      'news',
    ]) {
      expect(ENTITIES).toContain(entity);
    }
  });

  const cases = ENTITIES.flatMap((entity) =>
    ACTIONS.flatMap((action) =>
      (Object.keys(ROLES) as Array<keyof typeof ROLES>).map(
        (role) => [entity, action, role, expected(entity, action, role)] as const,
      ),
    ),
  );

  it.each(cases)('%s.%s for %s is %s', (entity, action, role, allowed) => {
    expect(can(ROLES[role], entity, action)).toBe(allowed);
    expect((PERMISSIONS[entity][action] & ROLES[role]) !== 0).toBe(allowed);
  });

  it('gives nobody without a role anything', () => {
    for (const entity of ENTITIES) for (const action of ACTIONS) expect(can(0, entity, action)).toBe(false);
  });

  it('checks a ui permission by any of its actions', () => {
    const set = permissionsFor(Role.DEALERS);
    expect(hasUiPermission(set, 'PriceToolbar')).toBe(true);
    expect(
      hasUiPermission({ ...set, PriceToolbar: { fetch: 0, create: 0, update: 0, delete: 0 } }, 'PriceToolbar'),
    ).toBe(false);
    expect(
      hasUiPermission({ ...set, PriceToolbar: { fetch: 0, create: 0, update: 1, delete: 0 } }, 'PriceToolbar'),
    ).toBe(true);
    expect(hasUiPermission(undefined, 'PriceToolbar')).toBe(false);
  });

  it('lets all three roles use PriceToolbar', () => {
    for (const role of Object.values(ROLES)) expect(can(role, 'PriceToolbar', 'fetch')).toBe(true);
  });
});

describe('rolesOf', () => {
  it('maps each group to its bit flag', () => {
    expect(rolesOf(['ADMINS'])).toBe(1);
    expect(rolesOf(['DEALERS'])).toBe(2);
    expect(rolesOf(['EMPLOYEES'])).toBe(4);
    expect(ALL_ROLES).toBe(7);
  });

  it('merges groups by OR', () => {
    expect(rolesOf(['DEALERS', 'EMPLOYEES'])).toBe(6);
    expect(rolesOf(['ADMINS', 'DEALERS', 'EMPLOYEES'])).toBe(ALL_ROLES);
    expect(rolesOf(['DEALERS', 'DEALERS'])).toBe(DEALERS);
  });

  it('ignores unknown groups, including names of object properties', () => {
    expect(rolesOf([])).toBe(0);
    expect(rolesOf(['GUESTS'])).toBe(0);
    expect(rolesOf(['admins'])).toBe(0);
    expect(rolesOf(['toString', 'constructor', '__proto__', 'hasOwnProperty'])).toBe(0);
    expect(rolesOf(['GUESTS', 'DEALERS'])).toBe(DEALERS);
  });

  it('gives a user of two groups what either group may do', () => {
    const dealerEmployee = rolesOf(['DEALERS', 'EMPLOYEES']);
    expect(can(dealerEmployee, 'comment', 'create')).toBe(true); // from EMPLOYEES
    expect(can(dealerEmployee, 'order', 'create')).toBe(true); // from DEALERS
    expect(can(dealerEmployee, 'user', 'update')).toBe(false); // from neither
  });
});

describe('permissionsFor', () => {
  it('is the matrix as 0/1 flags per entity and action', () => {
    for (const [name, role] of Object.entries(ROLES) as Array<[keyof typeof ROLES, number]>) {
      const set = permissionsFor(role);
      expect(Object.keys(set).sort()).toEqual([...ENTITIES].sort());
      for (const entity of ENTITIES) {
        expect(Object.keys(set[entity]).sort()).toEqual([...ACTIONS].sort());
        for (const action of ACTIONS) expect(set[entity][action]).toBe(expected(entity, action, name) ? 1 : 0);
      }
    }
  });

  it('merges by OR for a user of several groups', () => {
    const set = permissionsFor(rolesOf(['DEALERS', 'EMPLOYEES']));
    expect(set.comment).toEqual({ fetch: 1, create: 1, update: 1, delete: 1 });
    expect(set.order).toEqual({ fetch: 1, create: 1, update: 1, delete: 1 });
    expect(set.user).toEqual({ fetch: 1, create: 0, update: 0, delete: 0 });
  });

  it('is all zero without a role', () => {
    const set = permissionsFor(0);
    for (const entity of ENTITIES) for (const action of ACTIONS) expect(set[entity][action]).toBe(0);
  });
});

describe('hasRoutePermission', () => {
  const rules: Array<[RoutePermission, { ADMINS: boolean; DEALERS: boolean; EMPLOYEES: boolean }]> = [
    ['wishes-create', { ADMINS: true, DEALERS: true, EMPLOYEES: true }],
    ['wishes-fetch', { ADMINS: true, DEALERS: true, EMPLOYEES: true }],
    ['company-fetch', { ADMINS: true, DEALERS: true, EMPLOYEES: false }],
    ['company-update', { ADMINS: true, DEALERS: true, EMPLOYEES: false }],
    ['company-create', { ADMINS: true, DEALERS: true, EMPLOYEES: false }],
    ['returns-fetch', { ADMINS: true, DEALERS: true, EMPLOYEES: true }],
    ['comment-create', { ADMINS: true, DEALERS: false, EMPLOYEES: true }],
    ['comment-fetch', { ADMINS: true, DEALERS: true, EMPLOYEES: true }],
    ['order-fetch', { ADMINS: true, DEALERS: true, EMPLOYEES: false }],
    ['order/items', { ADMINS: true, DEALERS: true, EMPLOYEES: false }],
    ['order/items/corrective', { ADMINS: true, DEALERS: true, EMPLOYEES: false }],
    ['order/items/returns', { ADMINS: true, DEALERS: true, EMPLOYEES: false }],
    ['basket/items', { ADMINS: true, DEALERS: true, EMPLOYEES: false }],
  ];
  const cases = rules.flatMap(([rule, byRole]) =>
    (Object.keys(ROLES) as Array<keyof typeof ROLES>).map((role) => [rule, role, byRole[role]] as const),
  );

  it.each(cases)('%s for %s is %s', (rule, role, allowed) => {
    expect(hasRoutePermission(permissionsFor(ROLES[role]), rule)).toBe(allowed);
  });

  it('refuses everything to a user without a role', () => {
    for (const [rule] of rules) expect(hasRoutePermission(permissionsFor(0), rule)).toBe(false);
  });

  it('passes a resource/action pair only when every named area has some non-zero action', () => {
    const set = permissionsFor(0);
    set.order.fetch = 1;
    expect(hasRoutePermission(set, 'order/items')).toBe(false);
    set.items.delete = 1;
    expect(hasRoutePermission(set, 'order/items')).toBe(true);
    expect(hasRoutePermission(set, 'order/items/corrective')).toBe(false);
    set.corrective.update = 1;
    expect(hasRoutePermission(set, 'order/items/corrective')).toBe(true);
  });

  it('reads an entity-action rule as that one flag', () => {
    const set = permissionsFor(0);
    set.wishes.fetch = 1;
    expect(hasRoutePermission(set, 'wishes-fetch')).toBe(true);
    expect(hasRoutePermission(set, 'wishes-create')).toBe(false);
  });

  it('refuses a rule naming an unknown area instead of throwing', () => {
    const set = permissionsFor(ALL_ROLES);
    expect(hasRoutePermission(set, 'nothing-fetch' as RoutePermission)).toBe(false);
    expect(hasRoutePermission(set, 'order/nothing' as RoutePermission)).toBe(false);
    expect(hasRoutePermission(set, 'order-nothing' as RoutePermission)).toBe(false);
  });
});

describe('can', () => {
  it('refuses an entity or action outside the matrix instead of throwing (default deny)', () => {
    expect(can(ALL_ROLES, 'nothing' as Entity, 'fetch')).toBe(false);
    expect(can(ALL_ROLES, 'toString' as Entity, 'fetch')).toBe(false);
    expect(can(ALL_ROLES, 'order', 'publish' as Action)).toBe(false);
    expect(can(ALL_ROLES, 'order', 'toString' as Action)).toBe(false);
  });
});
