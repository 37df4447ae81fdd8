import { defineConfig } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from './support/env';

/** End-to-end tests in Debian's Chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: '.',
  // Tests by default; E2E_BENCH=1 runs the browser measurements instead (npm run bench -w @portal/e2e).
  testMatch: process.env.E2E_BENCH ? '**/*.bench.ts' : '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'ru-RU',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node support/start-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/404`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT), E2E_DATA_DIR },
  },
});
