// `npm test`: contract, server API, web components, then end-to-end in Debian's Chromium.
// Chromium is installed from Debian's packages when missing; no browser is downloaded from elsewhere.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @type {(cmd: string, args: string[], opts?: import('node:child_process').SpawnSyncOptions) => number} */
const run = (cmd, args, opts = {}) => {
  console.log(`\n▶ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return result.status ?? 1;
};

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('Installing Debian chromium for the end-to-end tests…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another apt run (unattended upgrades, a second checkout) may hold the dpkg lock: wait for it, do not fail.
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...wait, 'update'], { env });
  const status = run(
    sudo[0] ?? 'apt-get',
    [...(sudo.length ? ['apt-get'] : []), ...wait, 'install', '-y', '--no-install-recommends', 'chromium'],
    { env },
  );
  if (status !== 0 || !existsSync('/usr/bin/chromium')) {
    console.error('Could not install chromium: end-to-end tests need /usr/bin/chromium.');
    process.exit(1);
  }
}

/** @type {Array<[string, () => number]>} */
const steps = [
  ['contract', () => run('npm', ['test', '-w', '@portal/contract'])],
  ['server', () => run('npm', ['test', '-w', '@portal/server'])],
  ['web', () => run('npm', ['test', '-w', '@portal/web'])],
  ['build', () => run('npm', ['run', 'build'])],
  ['e2e', () => (ensureChromium(), run('npm', ['test', '-w', '@portal/e2e']))],
];
const only = process.argv.slice(2);
let failed = 0;
let passed = 0;
for (const [name, step] of steps) {
  if (only.length && !only.includes(name)) continue;
  if (step() === 0) passed++;
  else {
    failed++;
    console.error(`✖ ${name} failed`);
  }
}
console.log(`\nsuites: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
