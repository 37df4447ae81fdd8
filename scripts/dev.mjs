// `npm run dev`: the server with reload on change, and Vite with hot reload proxying /rest/ to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit', env }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env }),
];
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => children.forEach((c) => c.kill(signal)));
