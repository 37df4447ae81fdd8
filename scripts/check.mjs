// `npm run check`: the type checks of every project, lint, the import circles (madge), then the format check.
// tsc, eslint and madge each use one core, so they run two at a time (this machine has two); each task's output is
// printed whole when it ends.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['apps/server', 'apps/web', 'packages/contract', 'e2e', 'bench', 'tsconfig.scripts.json'];
/** @type {Array<[string, string, string[]]>} */
const tasks = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['import circles', 'npm', ['run', 'check:circles']],
  ...projects.map((p) => /** @type {[string, string, string[]]} */ ([`tsc -p ${p}`, 'npx', ['tsc', '-p', p]])),
];
const parallel = Number(process.env.CHECK_PARALLEL ?? 2);

/** @type {(name: string, cmd: string, args: string[]) => Promise<boolean>} */
function run(name, cmd, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`${code === 0 ? '✓' : '✖'} ${name} (${seconds} s)`);
      const text = Buffer.concat(out).toString().trim();
      if (text) console.log(text);
      resolve(code === 0);
    });
  });
}

const queue = [...tasks];
let ok = true;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let task = queue.shift(); task; task = queue.shift()) ok = (await run(...task)) && ok;
  }),
);
ok = (await run('prettier --check', 'npx', ['prettier', '--check', '.'])) && ok;
process.exit(ok ? 0 : 1);
