import {
  Role,
  can,
  defineMethod,
  methods,
  okResult,
  onlyRoles,
  permission,
  rolesOf,
  type Access,
  type MethodDeclaration,
  type MethodName,
} from '@portal/contract';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from './handlers.js';
import { DEMO_ACCOUNTS } from '../modules/auth/seed.js';
import { createTestApp, type CallResponse, type TestApp, type TestClient } from '../testing/index.js';

/**
 * Every method of the contract × every demo role and an anonymous caller, generated from each declaration's
 * `access` rule and the PERMISSIONS matrix (docs/design.md §8: default deny, tested by a loop, not by hand-picked
 * cases). New methods are picked up as they are added to `methods`.
 */

const ACCOUNTS = ['admin', 'dealer', 'dealer2', 'employee'] as const;
type Caller = (typeof ACCOUNTS)[number] | 'anonymous';
const CALLERS: Caller[] = ['anonymous', ...ACCOUNTS];

/**
 * Public methods that still answer 401 to a caller with neither a signed-in session nor Basic credentials:
 * `profile` is public only because it doubles as the Basic-credentials sign-in of docs/spec/04-states.md.
 */
const NEEDS_SESSION_OR_CREDENTIALS = new Set<string>(['profile']);

/** A field no method declares: a call that reaches its input is refused naming it. */
const PROBE_FIELD = 'fieldNoMethodDeclares';

const table = Object.entries(methods as Record<string, MethodDeclaration>);

function rolesOfCaller(caller: Caller): number | null {
  if (caller === 'anonymous') return null;
  const account = DEMO_ACCOUNTS.find((a) => a.login === caller);
  if (!account) throw new Error(`no demo account ${caller}`);
  return rolesOf(account.groups);
}

/** What the access rule says about a caller: 'allowed', or the refusal it must get. */
function expectedFor(access: Access, roles: number | null): 'allowed' | 'UNAUTHORIZED' | 'FORBIDDEN' {
  switch (access.kind) {
    case 'public':
      return 'allowed';
    case 'auth':
      return roles === null ? 'UNAUTHORIZED' : 'allowed';
    case 'permission':
      if (roles === null) return 'UNAUTHORIZED';
      return can(roles, access.entity, access.action) ? 'allowed' : 'FORBIDDEN';
    case 'roles':
      if (roles === null) return 'UNAUTHORIZED';
      return (roles & access.roles) !== 0 ? 'allowed' : 'FORBIDDEN';
    default:
      // A rule the test does not know is a rule the server must not know either: it must refuse.
      return roles === null ? 'UNAUTHORIZED' : 'FORBIDDEN';
  }
}

function expectEnvelope(r: CallResponse<unknown>) {
  if (r.status === 200) {
    expect(r.body).toHaveProperty('result');
    return;
  }
  expect(typeof r.body.error).toBe('string');
  expect(typeof r.body.error_description).toBe('string');
  expect(r.body.error_description).not.toMatch(/\bat .+\(.+:\d+:\d+\)|SELECT |INSERT |node_modules/);
}

let t: TestApp;
const clients = new Map<Caller, TestClient>();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The caller's browser, signed in again if an earlier call (user/logout, say) ended its session. */
async function clientFor(caller: Caller): Promise<TestClient> {
  let c = clients.get(caller);
  if (caller === 'anonymous') {
    if (!c) {
      c = t.client();
      await c.call('site/get-main-settings', {});
      clients.set(caller, c);
    }
    return c;
  }
  const signedIn =
    c &&
    (await t.app.portal.database.db
      .selectFrom('sessions')
      .select('user_id')
      .where('sessid', '=', c.sessid)
      .where('user_id', 'is not', null)
      .executeTakeFirst());
  if (!c || !signedIn) {
    c = await t.as(caller);
    clients.set(caller, c);
  }
  return c;
}

describe('the contract', () => {
  it('declares methods, each with an access rule the server knows', () => {
    expect(table.length).toBeGreaterThan(0);
    for (const [name, declaration] of table) {
      expect(declaration.name, name).toBe(name);
      expect(['public', 'auth', 'permission', 'roles'], name).toContain(declaration.access?.kind);
    }
  });
});

/**
 * Decision 193: employees run the order desk; administrators keep settings, the exchange, the audit log and
 * user management. Read from the declarations the loop below calls, so a desk method added for
 * administrators alone fails here.
 */
describe('the staff’s desk', () => {
  const desk = table.filter(([name]) => name.startsWith('desk-order/') || name.startsWith('desk/'));
  const adminOnly = table.filter(([name]) =>
    /^(exchange\/|site-settings\/|audit\/|user\/(create|update|delete|approve|reject|block|unblock)$)/.test(name),
  );

  it('every desk method admits employees and administrators, and no dealer', () => {
    expect(desk.length).toBeGreaterThanOrEqual(7);
    for (const [name, declaration] of desk) {
      expect(expectedFor(declaration.access, rolesOfCaller('employee')), name).toBe('allowed');
      expect(expectedFor(declaration.access, rolesOfCaller('admin')), name).toBe('allowed');
      expect(expectedFor(declaration.access, rolesOfCaller('dealer')), name).toBe('FORBIDDEN');
    }
  });

  it('settings, the exchange, the audit log and user management stay administrators’', () => {
    expect(adminOnly.length).toBeGreaterThan(5);
    for (const [name, declaration] of adminOnly) {
      expect(expectedFor(declaration.access, rolesOfCaller('employee')), name).toBe('FORBIDDEN');
      expect(expectedFor(declaration.access, rolesOfCaller('admin')), name).toBe('allowed');
    }
  });
});

describe.each(table)('%s', (name, declaration) => {
  it.each(CALLERS)('as %s: allowed or refused exactly as its access rule says', async (caller) => {
    const c = await clientFor(caller);
    const expected =
      caller === 'anonymous' && NEEDS_SESSION_OR_CREDENTIALS.has(name)
        ? 'UNAUTHORIZED'
        : expectedFor(declaration.access, rolesOfCaller(caller));
    if (expected === 'allowed') {
      // Allowed means the call got past the access rule to its input (step 8 comes after step 5): the strict
      // schema names a field it does not know, and the handler never runs.
      const probe = await c.call(name as MethodName, { [PROBE_FIELD]: 1 } as never);
      expect(probe.status, JSON.stringify(probe.body)).toBe(400);
      expect(probe.body.error).toBe('VALIDATION');
      expect(Object.keys((probe.body as { fields?: object }).fields ?? {})).toContain(PROBE_FIELD);
    }
    const r = await c.call(name as MethodName, {} as never);

    expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    expectEnvelope(r);
    if (expected === 'UNAUTHORIZED') {
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('UNAUTHORIZED');
      expect(r.headers['www-authenticate']).toBeUndefined();
    } else if (expected === 'FORBIDDEN') {
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: 'FORBIDDEN', error_description: 'Недостаточно прав' });
    } else {
      // Allowed, with an empty input: answered by the handler, or the input is refused field by field.
      if (r.status !== 200) {
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(r.body.error).toBe('VALIDATION');
      }
    }
  });

  it.each(['anonymous', 'dealer'] as const)(
    'as %s: a stale or missing sessid gets 400 SESSION_FAILED',
    async (caller) => {
      const c = await clientFor(caller);
      const current = c.sessid;
      for (const sessid of ['f'.repeat(32), '', null, `${current}x`]) {
        const r = await c.raw(name, {}, { sessid });
        expect(r.status).toBe(400);
        expect(r.body.error).toBe('SESSION_FAILED');
        expect(r.body.sessid).toBe(current);
      }
      // The stale calls did not end the session.
      expect(c.sessid).toBe(current);
      if (caller !== 'anonymous') expect((await c.call('user/get', {})).status).toBe(200);
    },
  );
});

describe('a refused call', () => {
  it('is refused before its input is read: anonymous callers get 401 even with a malformed body', async () => {
    const guarded = table.filter(([, d]) => d.access.kind !== 'public');
    const c = await clientFor('anonymous');
    for (const [name] of guarded) {
      const r = await c.raw(name, undefined, {
        payload: '{"broken": ',
        headers: { 'content-type': 'application/json' },
      });
      // Malformed JSON is rejected by the parser before the dispatcher; either answer refuses.
      expect([400, 401], name).toContain(r.status);
      const typed = await c.raw(name, { unknownField: 1 });
      expect(typed.status, name).toBe(401);
    }
  });
});

/**
 * Rules no method of the contract may use yet, checked through the real dispatcher with probe methods added
 * to the live tables for this file only: a permission of the matrix, a role mask, and declarations with no
 * rule or a rule the server does not know (default deny: refused, never a 500).
 */
describe('access rules through the dispatcher', () => {
  const probes: Record<string, Access | undefined> = {
    'probe/comment-create': permission('comment', 'create'),
    'probe/order-delete': permission('order', 'delete'),
    'probe/bill-update': permission('bill', 'update'),
    'probe/admins': onlyRoles(Role.ADMINS),
    'probe/dealers-employees': onlyRoles(Role.DEALERS | Role.EMPLOYEES),
    'probe/no-rule': undefined,
    'probe/unknown-rule': { kind: 'everyone' } as unknown as Access,
    'probe/unknown-entity': permission('nothing' as never, 'fetch'),
  };
  const methodTable = methods as Record<string, MethodDeclaration>;
  const handlerTable = handlers as unknown as Record<string, () => unknown>;
  let calls = 0;

  beforeAll(() => {
    for (const [name, access] of Object.entries(probes)) {
      methodTable[name] = defineMethod({
        name,
        input: z.strictObject({}).optional(),
        result: okResult,
        access: access!,
      });
      handlerTable[name] = () => {
        calls++;
        return { ok: true };
      };
    }
  });
  afterAll(() => {
    for (const name of Object.keys(probes)) {
      delete methodTable[name];
      delete handlerTable[name];
    }
  });

  const expected: Record<string, Record<Caller, number>> = {
    'probe/comment-create': { anonymous: 401, admin: 200, dealer: 403, dealer2: 403, employee: 200 },
    'probe/order-delete': { anonymous: 401, admin: 200, dealer: 200, dealer2: 200, employee: 403 },
    'probe/bill-update': { anonymous: 401, admin: 403, dealer: 403, dealer2: 403, employee: 403 },
    'probe/admins': { anonymous: 401, admin: 200, dealer: 403, dealer2: 403, employee: 403 },
    'probe/dealers-employees': { anonymous: 401, admin: 403, dealer: 200, dealer2: 200, employee: 200 },
    'probe/no-rule': { anonymous: 401, admin: 403, dealer: 403, dealer2: 403, employee: 403 },
    'probe/unknown-rule': { anonymous: 401, admin: 403, dealer: 403, dealer2: 403, employee: 403 },
    'probe/unknown-entity': { anonymous: 401, admin: 403, dealer: 403, dealer2: 403, employee: 403 },
  };

  it.each(Object.keys(probes))(
    '%s answers each caller as its rule says, running the handler only when allowed',
    async (name) => {
      for (const caller of CALLERS) {
        const before = calls;
        const r = await (await clientFor(caller)).raw(name, {});
        expect(r.status, `${name} as ${caller}: ${JSON.stringify(r.body)}`).toBe(expected[name]![caller]);
        expect(calls - before, `${name} as ${caller}`).toBe(r.status === 200 ? 1 : 0);
        // The generic rule of the loop above agrees wherever the rule is one it knows.
        const access = probes[name];
        if (access && ['permission', 'roles', 'auth', 'public'].includes(access.kind)) {
          const rule = expectedFor(access, rolesOfCaller(caller));
          expect(rule === 'allowed' ? 200 : rule === 'UNAUTHORIZED' ? 401 : 403).toBe(r.status);
        }
      }
    },
  );
});
