import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite has one writer: two processes on one directory silently lose commits (docs/design.md §8). The server
 * holds `DATA_DIR/server.lock` while it runs; a second one refuses to start, naming the holder. The lock
 * of a process that no longer exists is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another server (pid ${holder.pid}, started ${holder.startedAt}). ` +
            'Stop it first, or give this one another DATA_DIR.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function readHolder(file: string): { pid: number; startedAt: string } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { pid: number; startedAt: string };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
