// `npm test`: contract, server API, web components, then end-to-end in Debian's Chromium.
// Chromium is installed from Debian's packages when missing; no browser is downloaded from elsewhere.
import { spawn, spawnSync } from 'node:child_process';
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

// A CI log is often read from its tail only: the lines that name a failing test are kept and printed again in
// the summary, so the tail says which suite and which test failed, or passed only on its retry (decision 252).
const failureLine = /\bFAIL\b|✘|×|\b\d+ failed\b|AssertionError|^\s*Error:|\bFLAKY\b|\b\d+ flaky\b/;
const retriedLine = /✘|\bFLAKY\b|\b\d+ flaky\b/;
/** @type {string[]} */
let failureLines = [];
/** @type {(cmd: string, args: string[]) => Promise<number>} */
const runSuite = (cmd, args) =>
  new Promise((resolve) => {
    console.log(`\n▶ ${cmd} ${args.join(' ')}`);
    failureLines = [];
    const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    /** @type {(out: NodeJS.WriteStream) => (chunk: Buffer) => void} */
    const tee = (out) => {
      let rest = '';
      return (chunk) => {
        out.write(chunk);
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const raw of lines) {
          // eslint-disable-next-line no-control-regex
          const line = raw.replace(/\x1b\[[0-9;]*m/g, '').trimEnd();
          if (failureLine.test(line) && !failureLines.includes(line) && failureLines.length < 60)
            failureLines.push(line);
        }
      };
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('close', (code) => resolve(code ?? 1));
  });

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

/** @type {Array<[string, () => Promise<number>]>} */
const steps = [
  ['contract', () => runSuite('npm', ['test', '-w', '@portal/contract'])],
  ['server', () => runSuite('npm', ['test', '-w', '@portal/server'])],
  ['web', () => runSuite('npm', ['test', '-w', '@portal/web'])],
  ['build', () => runSuite('npm', ['run', 'build'])],
  ['e2e', () => (ensureChromium(), runSuite('npm', ['test', '-w', '@portal/e2e']))],
];
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
/** @type {string[]} */
const report = [];
for (const [name, step] of steps) {
  if (only.length && !only.includes(name)) continue;
  if ((await step()) === 0) {
    passed++;
    const retried = failureLines.filter((line) => retriedLine.test(line));
    if (retried.length) report.push(`⚠ ${name} passed, a test only on its retry`, ...retried.map((l) => `    ${l}`));
  } else {
    failed++;
    report.push(`✖ ${name} failed`, ...failureLines.map((line) => `    ${line}`));
  }
}
if (report.length) console.log(`\n${report.join('\n')}`);
console.log(`\nsuites: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
