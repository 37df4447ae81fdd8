import { can, methods, type MethodName } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';

/** Every after-sales method: anonymous is refused, and each role gets exactly what the matrix gives it. */
const PREFIXES = [
  'files/',
  'application-good-return',
  'application-empty-product/',
  'form/',
  'answer/',
  'consent/',
  'agreement/',
  'notice/',
  'message/',
  'mailings/',
];
const names = (Object.keys(methods) as MethodName[]).filter((n) => PREFIXES.some((p) => n.startsWith(p)));

let t: TestApp;
const clients: Record<string, TestClient> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['dealer', 'employee', 'admin'] as const) clients[account] = await t.as(account);
});
afterAll(() => t.close());

describe('after-sales access', () => {
  it('covers every after-sales method', () => {
    expect(names.length).toBe(44); // 39 + form/admin-list|create|update|delete (content editing) + notice/read-all (decision 195)
  });

  for (const name of names) {
    it(`${name}: anonymous 401; roles per the matrix`, async () => {
      const declaration = methods[name];
      const anonymous = t.client();
      await anonymous.raw('profile', {});
      expect((await anonymous.raw(name, {})).status).toBe(401);
      for (const [account, client] of Object.entries(clients)) {
        const roles = { dealer: 2, employee: 4, admin: 1 }[account]!;
        const access = declaration.access;
        const allowed =
          access.kind === 'permission'
            ? can(roles, access.entity, access.action)
            : access.kind === 'roles'
              ? (access.roles & roles) !== 0
              : true;
        const status = (await client.raw(name, {})).status;
        expect(status, `${account} ${name}`).toBeLessThan(500);
        if (allowed) expect(status, `${account} ${name}`).not.toBe(403);
        else expect(status, `${account} ${name}`).toBe(403);
      }
    });
  }
});
