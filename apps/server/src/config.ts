import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3Options } from './storage/s3.js';

/** The general `/rest/` limit's defaults (decision 051), per minute. */
export const REST_LIMIT_DEFAULTS = { perSession: 600, perAddress: 3000 } as const;

/** Configuration of docs/design.md §5, read from the environment and validated at boot. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Дилерский портал <noreply@dealer-portal.local>'),
  SESSION_SECRET: z.string().optional(),
  RECAPTCHA_SECRET: z.string().default(''),
  RECAPTCHA_SITE_KEY: z.string().default(''),
  /** Where tokens are verified (decision 141): Google's siteverify; a test or a proxy may point elsewhere. */
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** reCAPTCHA v3 score below which a token is refused (0 to 1). */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  MAPS_API_KEY: z.string().default(''),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(20),
  /** The public address used in e-mailed links. */
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Proxies whose X-Forwarded-For is believed: addresses or CIDR ranges, comma-separated (e.g.
   * `127.0.0.1,10.0.0.0/8`), or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`. Empty = none: the
   * address of the TCP connection is the client's, whatever the headers say.
   */
  TRUST_PROXY: z.string().default(''),
  /**
   * The general limit on `/rest/` calls (decision 051), per minute: per session and per client address
   * (an office behind one address shares the latter). 0 turns that limit off (the throughput bench does).
   */
  REST_LIMIT_SESSION: z.coerce.number().int().min(0).default(REST_LIMIT_DEFAULTS.perSession),
  REST_LIMIT_ADDRESS: z.coerce.number().int().min(0).default(REST_LIMIT_DEFAULTS.perAddress),
  /** `/rest/` calls allowed per minute per API key (0 = no limit); decision 210. */
  API_KEY_LIMIT: z.coerce.number().int().min(0).default(600),
  /** Webhooks (decision 225): `on` lets an endpoint be http://127.0.0.1 or localhost (tests and development). */
  WEBHOOK_ALLOW_LOCAL: z.enum(['on', 'off']).default('off'),
  /** Price lists of more products than this are built by a job on the queue (decision 232). */
  PRICE_LIST_JOB_ABOVE: z.coerce.number().int().min(0).default(20_000),
  /** Hours a price list built by a job can be downloaded. */
  PRICE_LIST_FILE_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** How long one delivery waits for the receiver's answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Failed attempts in a row after which an endpoint is turned off and its dealer told. */
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).default(10),
  /** The Telegram Bot API (decision 226); tests point it at a fake server on 127.0.0.1. */
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /** The long poll of getUpdates, in seconds (0 = answer at once). */
  TELEGRAM_POLL_SECONDS: z.coerce.number().int().min(0).max(50).default(25),
  /** Load the demo data into an empty database (on by default for the embedded database). */
  DEMO_SEED: z.enum(['auto', 'on', 'off']).default('auto'),
  /** The 1C exchange user (decision 090); unset = the exchange is off, except on a demo database. */
  EXCHANGE_LOGIN: z.string().optional(),
  EXCHANGE_PASSWORD: z.string().optional(),
  /** Largest piece of a file 1C sends in one request (`file_limit` of mode=init). */
  EXCHANGE_FILE_LIMIT_MB: z.coerce.number().positive().default(8),
  /** Largest file (or unpacked archive entry) an exchange accepts. */
  EXCHANGE_MAX_FILE_MB: z.coerce.number().positive().default(2048),
  /** How long one `mode=import` call works before it answers `progress`. */
  EXCHANGE_STEP_SECONDS: z.coerce.number().positive().default(3),
  /** Files in an S3-compatible store when S3_BUCKET is set (decision 081); the local disk otherwise. */
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `false` for virtual-host addressing (AWS itself); path style suits most S3-compatible stores. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().default(''),
  /** Run the job worker inside the server (decision 080); `off` when workers run apart (`npm run worker`). */
  WORKER: z.enum(['on', 'off']).default('on'),
  /** Jobs one worker runs at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** How often an idle worker looks for due jobs. */
  JOB_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** First retry delay of a failed job (doubled per attempt, at most an hour). */
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30000),
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().optional(),
});

/** The demo start's exchange user (README), used when EXCHANGE_LOGIN is unset on a demo database. */
export const DEMO_EXCHANGE = { login: 'exchange', password: 'Exchange#2026' } as const;

export interface ExchangeConfig {
  /** Unset: every checkauth is refused. */
  login: string | undefined;
  password: string | undefined;
  fileLimitBytes: number;
  maxFileBytes: number;
  stepMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  recaptchaSecret: string;
  recaptchaSiteKey: string;
  /** reCAPTCHA verification endpoint and least v3 score (decision 141). */
  recaptchaVerifyUrl: string;
  recaptchaMinScore: number;
  mapsApiKey: string;
  uploadMaxBytes: number;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  demoSeed: 'auto' | 'on' | 'off';
  /** TRUST_PROXY as a list; empty = trust no proxy header. */
  trustProxy: string[];
  /** `/rest/` calls allowed per minute per session and per address (0 = no limit); decision 051. */
  restLimit: { perSession: number; perAddress: number };
  /** `/rest/` calls allowed per minute per API key (0 = no limit); decision 210. */
  apiKeyLimit: number;
  /** Webhooks of the dealers' systems (decision 225). */
  webhooks: {
    allowLocal: boolean;
    timeoutMs: number;
    disableAfter: number;
    /** How endpoint hosts are resolved (decision 231); unset = the system's resolver. Tests give their own. */
    lookup?: (host: string) => Promise<Array<{ address: string; family: number }>>;
  };
  /** Big price lists on the queue (decision 232): above how many products, and how long the file lives. */
  priceLists: { jobAbove: number; fileHours: number };
  /** The supplier's Telegram bot (decision 226); its token is in the site settings. */
  telegram: { apiUrl: string; pollSeconds: number };
  /** The S3-compatible file store; unset = files on the local disk under DATA_DIR/files. */
  s3: S3Options | undefined;
  /** Built web app to serve; absent in API tests. */
  webDist: string | undefined;
  /** Directory of a migrated database to copy instead of creating one (tests only). */
  templateDataDir?: string;
  exchange: ExchangeConfig;
  /** The job queue and its worker (decision 080). */
  jobs: { worker: boolean; concurrency: number; pollMs: number; retryBaseMs: number };
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: { write(line: string): void };
  /** Bearer token of GET /metrics; unset = open (bind HOST to a private address then). */
  metricsToken: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? sessionSecretIn(dataDir),
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    recaptchaMinScore: e.RECAPTCHA_MIN_SCORE,
    mapsApiKey: e.MAPS_API_KEY,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    demoSeed: e.DEMO_SEED,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    restLimit: { perSession: e.REST_LIMIT_SESSION, perAddress: e.REST_LIMIT_ADDRESS },
    apiKeyLimit: e.API_KEY_LIMIT,
    webhooks: {
      allowLocal: e.WEBHOOK_ALLOW_LOCAL === 'on',
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      disableAfter: e.WEBHOOK_DISABLE_AFTER,
    },
    priceLists: { jobAbove: e.PRICE_LIST_JOB_ABOVE, fileHours: e.PRICE_LIST_FILE_HOURS },
    telegram: { apiUrl: e.TELEGRAM_API_URL.replace(/\/$/, ''), pollSeconds: e.TELEGRAM_POLL_SECONDS },
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT || undefined,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
          prefix: e.S3_PREFIX,
        }
      : undefined,
    webDist: undefined,
    exchange: exchangeConfig(e),
    jobs: {
      worker: e.WORKER === 'on',
      concurrency: e.WORKER_CONCURRENCY,
      pollMs: e.JOB_POLL_MS,
      retryBaseMs: e.JOB_RETRY_BASE_MS,
    },
    metricsToken: e.METRICS_TOKEN || undefined,
    ...overrides,
  };
}

function exchangeConfig(e: z.infer<typeof envSchema>): ExchangeConfig {
  // The demo start (an embedded database that gets the demo seed) has a known exchange user, like its
  // demo accounts; anything else needs EXCHANGE_LOGIN and EXCHANGE_PASSWORD.
  const demo = e.DEMO_SEED === 'on' || (e.DEMO_SEED === 'auto' && !e.DATABASE_URL);
  const login = e.EXCHANGE_LOGIN || (demo ? DEMO_EXCHANGE.login : undefined);
  const password = e.EXCHANGE_LOGIN ? e.EXCHANGE_PASSWORD || undefined : demo ? DEMO_EXCHANGE.password : undefined;
  return {
    login,
    password,
    fileLimitBytes: Math.round(e.EXCHANGE_FILE_LIMIT_MB * 1024 * 1024),
    maxFileBytes: Math.round(e.EXCHANGE_MAX_FILE_MB * 1024 * 1024),
    stepMs: Math.round(e.EXCHANGE_STEP_SECONDS * 1000),
  };
}

/** SESSION_SECRET unset: generated once and kept in DATA_DIR, so sessions survive a restart. */
function sessionSecretIn(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as a list of addresses, CIDR ranges or proxy-addr names; anything else stops the boot. */
export function parseTrustProxy(value: string): string[] {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits =
      bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32) && extra === undefined);
    if (!(PROXY_NAMES.has(entry) || (family !== 0 && validBits))) {
      throw new Error(
        `Invalid configuration: TRUST_PROXY: "${entry}" is not an address, a CIDR range or one of ${[...PROXY_NAMES].join(', ')}`,
      );
    }
  }
  return entries;
}
