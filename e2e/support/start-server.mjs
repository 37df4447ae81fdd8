// The portal for end-to-end tests: a fresh embedded database with demo data in e2e/.data.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = process.env.E2E_DATA_DIR ?? path.resolve(here, '../.data');
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.resolve(here, '../../apps/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    DATA_DIR: dataDir,
    DEMO_SEED: 'on',
    LOG_LEVEL: 'warn',
    // Every browser of the suite calls from 127.0.0.1, one test after another, faster than any office: the
    // per-address /rest/ limit is off; each browser's session keeps its limit (decision 051).
    REST_LIMIT_ADDRESS: '0',
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
    // Webhook receivers of the tests listen on 127.0.0.1 over http (decision 225).
    WEBHOOK_ALLOW_LOCAL: 'on',
    // No traffic leaves: a bot token stored by a test makes the worker poll this closed port (decision 226).
    TELEGRAM_API_URL: 'http://127.0.0.1:9',
  },
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
