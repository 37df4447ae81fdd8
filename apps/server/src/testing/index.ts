import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InputOf, MethodName, Methods, ResultOf, ErrorEnvelope } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { SESSION_COOKIE } from '../sessions/session-store.js';
import { inject } from 'vitest';
import { adminUrl } from './paths.js';

export const DEMO = {
  admin: { login: 'admin', password: 'Admin#2026' },
  dealer: { login: 'dealer', password: 'Dealer#2026' },
  dealer2: { login: 'dealer2', password: 'Dealer2#2026' },
  employee: { login: 'employee', password: 'Employee#2026' },
  secure: { login: 'secure', password: 'Secure#2026' },
} as const;
export type DemoAccount = keyof typeof DEMO;

export interface CallResponse<T> {
  status: number;
  body: { result: T } & Partial<ErrorEnvelope>;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A browser as far as the server can tell: a cookie jar and the sessid the page would carry. */
export class TestClient {
  cookie = '';
  sessid = '';
  /** The language the page shows (`x-language`); unset, answers follow the signed-in user's own. */
  language: 'ru' | 'en' | undefined = undefined;
  /** The address the calls come from (the TCP peer); unset, app.inject's 127.0.0.1. */
  address: string | undefined = undefined;

  constructor(readonly app: FastifyInstance) {}

  /** A raw call: nothing is repeated, so tests see SESSION_FAILED and every other answer as it is. */
  async raw(
    name: string,
    body?: unknown,
    options: {
      headers?: Record<string, string>;
      sessid?: string | null;
      payload?: string | Buffer;
      /** More query parameters, e.g. `g-recaptcha-response` (docs/spec/07-calls.md). */
      query?: Record<string, string>;
    } = {},
  ): Promise<CallResponse<unknown>> {
    const sessid = options.sessid === undefined ? this.sessid : options.sessid;
    const query = new URLSearchParams({ ...(sessid === null ? {} : { sessid }), ...options.query }).toString();
    const response = await this.app.inject({
      method: 'POST',
      url: `/rest/${name}${query ? `?${query}` : ''}`,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.language ? { 'x-language': this.language } : {}),
        ...(options.payload === undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      payload: options.payload ?? (body === undefined ? '' : JSON.stringify(body)),
      ...(this.address ? { remoteAddress: this.address } : {}),
    });
    const setCookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (setCookie) this.cookie = `${SESSION_COOKIE}=${setCookie.value}`;
    const parsed = response.body
      ? (JSON.parse(response.body) as CallResponse<unknown>['body'])
      : ({} as CallResponse<unknown>['body']);
    if (parsed.error === 'SESSION_FAILED' && parsed.sessid) this.sessid = parsed.sessid;
    const result = parsed.result as { sessid?: unknown } | undefined;
    if (response.statusCode === 200 && result && typeof result.sessid === 'string') this.sessid = result.sessid;
    return { status: response.statusCode, body: parsed, headers: response.headers };
  }

  /** A typed call, repeated once on SESSION_FAILED as the web client does. */
  async call<N extends MethodName>(
    name: N,
    input?: InputOf<Methods[N]>,
    options: { headers?: Record<string, string>; query?: Record<string, string> } = {},
  ): Promise<CallResponse<ResultOf<Methods[N]>>> {
    let response = await this.raw(name, input, options);
    if (response.body.error === 'SESSION_FAILED') response = await this.raw(name, input, options);
    return response as CallResponse<ResultOf<Methods[N]>>;
  }

  /** The result of a call that must succeed. */
  async ok<N extends MethodName>(name: N, input?: InputOf<Methods[N]>): Promise<ResultOf<Methods[N]>> {
    const response = await this.call(name, input);
    if (response.status !== 200) {
      throw new Error(`${name} answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
    return response.body.result;
  }

  async signIn(
    account: DemoAccount | { login: string; password: string },
    extra: { saveAuth?: boolean; authKey?: string } = {},
  ) {
    const { login, password } = typeof account === 'string' ? DEMO[account] : account;
    return this.call('user/login', extra, { headers: { authorization: basic(login, password) } });
  }
}

export const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/** The answer of a call made with an API key: its status, its body and whether it set a cookie. */
export interface KeyAnswer {
  status: number;
  body: { result?: unknown; error?: string; error_description?: string; fields?: Record<string, string> };
  setCookie: boolean;
}

/**
 * A call as a dealer's own system makes it (decision 210): `Authorization: Bearer <key>`, no cookie, no sessid,
 * the Russian texts.
 */
export async function keyCall(
  app: FastifyInstance,
  token: string,
  name: string,
  body: unknown = {},
): Promise<KeyAnswer> {
  const r = await app.inject({
    method: 'POST',
    url: `/rest/${name}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-language': 'ru' },
    payload: JSON.stringify(body),
  });
  return {
    status: r.statusCode,
    body: JSON.parse(r.body) as KeyAnswer['body'],
    setCookie: r.headers['set-cookie'] !== undefined,
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** A new anonymous browser (calling from `address` when given). */
  client(address?: string): TestClient;
  /** A browser signed in as a demo account. */
  as(account: DemoAccount): Promise<TestClient>;
  /** Every message written to the outbox so far, newest last. */
  outbox(): Promise<Array<{ to: string; subject: string; text: string; html: string }>>;
  close(): Promise<void>;
}

/** The server on a fresh copy of the migrated, seeded test database, not listening. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('testTemplate');
  if (!(url ? template?.database : template?.dataDir)) {
    throw new Error('No test database template: the suite runs through vitest with src/testing/global-setup.ts');
  }
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (url) ({ databaseUrl, drop: dropDatabase } = await createTestDatabase());
  const config = loadConfig(
    // No background worker: outbox() runs the due jobs itself, so tests see mail without waiting.
    { LOG_LEVEL: 'silent', DEMO_SEED: 'off', WORKER: 'off' },
    {
      dataDir,
      databaseUrl,
      templateDataDir: databaseUrl ? undefined : template.dataDir,
      sessionSecret: 'test-secret',
      // Tests call every method of one session in quick succession, faster than any person: the general
      // /rest/ limit is off unless a test asks for it (modules/throttle/rest-limit.test.ts does).
      restLimit: { perSession: 0, perAddress: 0 },
      ...overrides,
    },
  );
  const app = await buildApp(config);
  await app.ready();
  return {
    app,
    config,
    client(address) {
      const c = new TestClient(app);
      c.address = address;
      return c;
    },
    async as(account) {
      const client = new TestClient(app);
      const response = await client.signIn(account);
      if (response.status !== 200) throw new Error(`sign-in as ${account} failed: ${JSON.stringify(response.body)}`);
      return client;
    },
    async outbox() {
      await app.portal.worker.drain();
      const dir = path.join(dataDir, 'mail');
      const names = (await readdir(dir).catch(() => [] as string[])).sort();
      return Promise.all(names.map(async (n) => parseEml(await readFile(path.join(dir, n), 'utf8'))));
    },
    async close() {
      await app.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh PostgreSQL database copied from the run's migrated, seeded template (TEST_DATABASE_URL only):
 * for tests that start a real server process on it.
 */
export async function createTestDatabase(): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('testTemplate');
  if (!url || !template?.database) throw new Error('createTestDatabase needs TEST_DATABASE_URL');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.database}`);
  await admin.end();
  return {
    databaseUrl: adminUrl(url, name),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Recipient, subject and plain-text body of a written message. */
async function parseEml(source: string): Promise<{ to: string; subject: string; text: string; html: string }> {
  const mail = await simpleParser(source);
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
  return {
    to,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}
