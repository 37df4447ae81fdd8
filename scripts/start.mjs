// `npm start`: build the web app when its sources are newer than the build, then serve the portal
// on PGlite with demo data (or on PostgreSQL when DATABASE_URL is set).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');

/** @param {string} dir @returns {number} */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/contract/src')));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server's old space is capped (decision 171): V8 otherwise lets it grow lazily to several times what
// the server keeps (a 1C exchange: +250–320 MB of garbage not yet collected). SERVER_HEAP_MB changes it.
const heapMb = Number(process.env.SERVER_HEAP_MB) > 0 ? Number(process.env.SERVER_HEAP_MB) : 256;
const server = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
