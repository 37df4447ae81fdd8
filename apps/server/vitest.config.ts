import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 120000,
    // Each file opens its own database copy; two at a time fit this machine's two cores.
    maxWorkers: 2,
    pool: 'forks',
    // Each file still opens its own server on its own database copy; the modules are loaded once per worker, not
    // once per file, which was half the suite's time (decision 223).
    isolate: false,
  },
});
