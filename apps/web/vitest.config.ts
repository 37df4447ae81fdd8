import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 20000,
    // On CI a failing test runs once more; one that passes then is named by the flaky reporter (decision 252).
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', '../../scripts/flaky-reporter.mjs'],
  },
});
