import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * nginx from Debian's packages in front of server processes, for the two-instance test and the bench: the
 * repository's `deploy/nginx.conf` (docs/deploy.md) with the test's addresses and port, run as a child
 * process with its own prefix in a temporary directory (never the system service).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const NGINX_CONF = path.join(root, 'deploy/nginx.conf');

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

function findNginx(): string | null {
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/**
 * The nginx binary, installed from Debian's packages when missing (as scripts/test.mjs installs chromium).
 * RUNLEVEL=1 keeps the package's init script from starting a system nginx on port 80.
 */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  const apt = (args: string[]) => {
    // Wait for a dpkg lock held by another apt run (chromium for the e2e suite, unattended upgrades).
    const [cmd, ...rest] = [...sudo, 'apt-get', '-o', 'DPkg::Lock::Timeout=600', ...args];
    return spawnSync(cmd!, rest, { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  };
  let r = apt(['install', '-y', '--no-install-recommends', 'nginx']);
  if (r.status !== 0) {
    apt(['update']);
    r = apt(['install', '-y', '--no-install-recommends', 'nginx']);
  }
  const installed = findNginx();
  if (!installed) {
    throw new Error(`Could not install nginx from Debian's packages (apt-get install nginx): ${r.stderr ?? ''}`);
  }
  return installed;
}

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `deploy/nginx.conf` with the given upstream addresses and listen port. `extra` lines go into the server
 * block (the test adds a header naming the instance that answered).
 */
export function siteConfig(text: string, upstreams: string[], port: number, extra: string[] = []): string {
  const upstream = /upstream portal \{([\s\S]*?)\n\}/.exec(text);
  if (!upstream) throw new Error('deploy/nginx.conf has no `upstream portal { … }` block');
  const serverLine = /^\s*server\s+\S+(.*);$/m.exec(upstream[1]!);
  if (!serverLine) throw new Error('deploy/nginx.conf: the upstream lists no server');
  const options = serverLine[1]!;
  const body = upstream[1]!
    .split('\n')
    .filter((line) => !/^\s*server\s/.test(line))
    .join('\n');
  const servers = upstreams.map((u) => `    server ${u}${options};`).join('\n');
  let out = text.replace(upstream[0], `upstream portal {\n${servers}${body}\n}`);
  if (!/^\s*listen\s+80;$/m.test(out)) throw new Error('deploy/nginx.conf: expected `listen 80;` in the server block');
  out = out.replace(/^(\s*)listen\s+80;$/m, `$1listen 127.0.0.1:${port};`);
  if (extra.length) out = out.replace(/^(\s*server_name .*;)$/m, `$1\n${extra.map((l) => `    ${l}`).join('\n')}`);
  return out;
}

export interface RunningNginx {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on a free port in front of `upstreams` (host:port). */
export async function startNginx(upstreams: string[], options: { extra?: string[] } = {}): Promise<RunningNginx> {
  const binary = ensureNginx();
  const prefix = await mkdtemp(path.join(tmpdir(), 'portal-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) await mkdir(path.join(prefix, d));
  const port = await freePort();
  const site = siteConfig(await readFile(NGINX_CONF, 'utf8'), upstreams, port, options.extra);
  await writeFile(path.join(prefix, 'portal.conf'), site);
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      'daemon off;',
      'master_process on;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/logs/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${prefix}/body;`,
      `  proxy_temp_path ${prefix}/proxy;`,
      `  fastcgi_temp_path ${prefix}/fastcgi;`,
      `  uwsgi_temp_path ${prefix}/uwsgi;`,
      `  scgi_temp_path ${prefix}/scgi;`,
      `  include ${prefix}/portal.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', prefix, '-e', `${prefix}/logs/error.log`, '-c', `${prefix}/nginx.conf`];
  const test = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused the configuration: ${test.stderr}`);
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`nginx exited: ${stderr}`);
    const up = await fetch(`${url}/`, { method: 'HEAD' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    url,
    async stop() {
      if (!exited) {
        // QUIT: a graceful stop (finish what is in flight); the master removes its pid file.
        child.kill('SIGQUIT');
        await new Promise((r) => (exited ? r(null) : child.once('exit', r)));
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
