/** Roles are bit flags (docs/spec/06-roles.md); a user's roles are the OR of its groups' flags. */
export const Role = { ADMINS: 1, DEALERS: 2, EMPLOYEES: 4 } as const;
export type GroupCode = keyof typeof Role;
export const GROUP_CODES = Object.keys(Role) as GroupCode[];
export const ALL_ROLES = Role.ADMINS | Role.DEALERS | Role.EMPLOYEES;
export const DEFAULT_GROUP: GroupCode = 'DEALERS';

export const ACTIONS = ['fetch', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Permission areas of docs/spec/03-entities.md and §6. */
export const ENTITIES = [
  'app',
  'auth',
  'user',
  'page',
  'form',
  'items',
  'filter',
  'prices',
  'wishes',
  'company',
  'product',
  'catalog',
  'storage',
  'shipping',
  'payment',
  'navigation',
  'order',
  'basket',
  'comment',
  'returns',
  'news',
  'notice',
  'message',
  'banner',
  'faq',
  'contacts',
  'files',
  'favorite',
  'mailing',
  'answer',
  'consent',
  'agreement',
  'bill',
  'act',
  'corrective',
  'PriceToolbar',
] as const;
export type Entity = (typeof ENTITIES)[number];

type Row = Record<Action, number>;
const everyone: Row = { fetch: ALL_ROLES, create: ALL_ROLES, update: ALL_ROLES, delete: ALL_ROLES };
const dealersAndAdmins = Role.ADMINS | Role.DEALERS;
const staff = Role.ADMINS | Role.EMPLOYEES;
const ownOrders: Row = {
  fetch: dealersAndAdmins,
  create: dealersAndAdmins,
  update: dealersAndAdmins,
  delete: dealersAndAdmins,
};

/**
 * The permission matrix of docs/spec/06-roles.md: most entities are open to all three roles; order, items, basket and
 * company belong to dealers and administrators; comments are written by staff, returns by dealers and
 * administrators. User management is for administrators (every user may read their own profile).
 */
export const PERMISSIONS: Record<Entity, Row> = {
  ...(Object.fromEntries(ENTITIES.map((e) => [e, everyone])) as Record<Entity, Row>),
  order: ownOrders,
  items: ownOrders,
  basket: ownOrders,
  company: ownOrders,
  corrective: ownOrders,
  bill: { ...ownOrders, create: 0, update: 0, delete: 0 },
  act: { ...ownOrders, create: 0, update: 0, delete: 0 },
  comment: { fetch: ALL_ROLES, create: staff, update: staff, delete: staff },
  returns: { fetch: ALL_ROLES, create: dealersAndAdmins, update: dealersAndAdmins, delete: dealersAndAdmins },
  user: { fetch: ALL_ROLES, create: Role.ADMINS, update: Role.ADMINS, delete: Role.ADMINS },
};

export function rolesOf(groups: readonly string[]): number {
  let roles = 0;
  for (const g of groups) roles |= Role[g as GroupCode] ?? 0;
  return roles;
}

export function can(roles: number, entity: Entity, action: Action): boolean {
  // An entity or action outside the matrix is refused, never an exception (default deny).
  const row = Object.hasOwn(PERMISSIONS, entity) ? PERMISSIONS[entity] : undefined;
  const allowed = row && Object.hasOwn(row, action) ? row[action] : 0;
  return (allowed & roles) !== 0;
}

export type PermissionSet = Record<Entity, Record<Action, 0 | 1>>;

/** The `permissions[group][action]` map a user detail carries, merged by OR across the user's groups. */
export function permissionsFor(roles: number): PermissionSet {
  const set = {} as PermissionSet;
  for (const entity of ENTITIES) {
    const row = {} as Record<Action, 0 | 1>;
    for (const action of ACTIONS) row[action] = can(roles, entity, action) ? 1 : 0;
    set[entity] = row;
  }
  return set;
}

/**
 * A ui permission of docs/spec/06-roles.md (`PriceToolbar`): like a group rule, it passes when any of its actions is
 * allowed. The web app checks it before it shows the control it names.
 */
export function hasUiPermission(permissions: PermissionSet | undefined, entity: Entity): boolean {
  return ACTIONS.some((a) => permissions?.[entity]?.[a] === 1);
}

/**
 * Route permissions of docs/spec/06-roles.md: `wishes-create` names an entity and action; a resource/action pair such as
 * `order/items/corrective` passes when each named area has some non-zero action.
 */
export type RoutePermission =
  `${Entity}-${Action}` | 'order/items' | 'order/items/corrective' | 'order/items/returns' | 'basket/items';

export function hasRoutePermission(permissions: PermissionSet, rule: RoutePermission): boolean {
  if (rule.includes('/')) {
    const areas = rule.split('/') as Entity[];
    return areas.every((area) => ACTIONS.some((a) => permissions[area]?.[a] === 1));
  }
  const dash = rule.lastIndexOf('-');
  const entity = rule.slice(0, dash) as Entity;
  const action = rule.slice(dash + 1) as Action;
  return permissions[entity]?.[action] === 1;
}
