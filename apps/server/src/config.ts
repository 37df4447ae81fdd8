import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Configuration of DESIGN §5, read from the environment and validated at boot. */
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
  MAPS_API_KEY: z.string().default(''),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(20),
  /** The public address used in e-mailed links. */
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo data into an empty database (on by default for the embedded database). */
  DEMO_SEED: z.enum(['auto', 'on', 'off']).default('auto'),
});

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
  mapsApiKey: string;
  uploadMaxBytes: number;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  demoSeed: 'auto' | 'on' | 'off';
  /** Built web app to serve; absent in API tests. */
  webDist: string | undefined;
  /** Directory of a migrated database to copy instead of creating one (tests only). */
  templateDataDir?: string;
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
    mapsApiKey: e.MAPS_API_KEY,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    demoSeed: e.DEMO_SEED,
    webDist: undefined,
    ...overrides,
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
