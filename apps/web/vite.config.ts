import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// MUI publishes its component texts as one module of some forty languages (11 KB compressed). The portal's
// own two languages are taken file by file, so a Russian first load carries the Russian pack alone.
const muiLocales = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mui/material/package.json')),
  'locale',
);
export const aliases = [{ find: /^@mui\/material\/locale\/(ruRU|enUS)$/, replacement: `${muiLocales}/$1.mjs` }];

const server = process.env.PORTAL_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  server: {
    port: 5173,
    proxy: { '/rest': server, '/files': server, '/upload': server },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // Every browser the portal supports preloads modules natively; the polyfill only cost first-load bytes.
    modulePreload: { polyfill: false },
  },
});
