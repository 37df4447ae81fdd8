import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('the DATA_DIR lock', () => {
  it('refuses a second holder while the first lives, naming it', async () => {
    const dir = await tempDir();
    // A live process other than this one holds the lock: the parent of the test runner.
    await writeFile(
      path.join(dir, 'server.lock'),
      JSON.stringify({ pid: process.ppid, startedAt: '2026-11-22T10:00:00Z' }),
    );
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by another server \\(pid ${process.ppid}`));
  });

  it('takes over the lock of a process that no longer exists', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, startedAt: 'then' }));
    const release = lockDataDir(dir);
    expect(JSON.parse(await readFile(path.join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    await expect(readFile(path.join(dir, 'server.lock'))).rejects.toThrow();
  });

  it('is released and can be taken again', async () => {
    const dir = await tempDir();
    const lockFile = path.join(dir, 'server.lock');
    lockDataDir(dir)();
    await expect(readFile(lockFile), 'released: the lock file is gone').rejects.toThrow();
    const again = lockDataDir(dir);
    const holder = JSON.parse(await readFile(lockFile, 'utf8')) as { pid: number; startedAt: string };
    expect(holder.pid).toBe(process.pid);
    expect(Number.isNaN(Date.parse(holder.startedAt))).toBe(false);
    again();
    await expect(readFile(lockFile), 'released again').rejects.toThrow();
  });
});
