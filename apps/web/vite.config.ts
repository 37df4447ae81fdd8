import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.PORTAL_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
