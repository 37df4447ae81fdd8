import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, probeKey, StorageNotFound, type FileStorage } from './storage.js';

/**
 * Files under one directory of the local disk (DATA_DIR/files). A write goes to a temporary name first and
 * is renamed into place, so a reader never sees half a file.
 */
export function localStorage(root: string): FileStorage {
  const where = (key: string) => path.join(root, ...assertKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, data) {
      const file = where(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async putFile(key, source) {
      const file = where(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await copyFile(source, temporary);
      await rename(temporary, file);
    },
    async open(key) {
      const stream = createReadStream(where(key));
      // Wait for the file to open, so a missing one is StorageNotFound here, not an error mid-answer.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (err: NodeJS.ErrnoException) =>
          reject(err.code === 'ENOENT' || err.code === 'EISDIR' ? new StorageNotFound(key) : err),
        );
      });
      return stream;
    },
    async get(key) {
      try {
        return await readFile(where(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') {
          throw new StorageNotFound(key);
        }
        throw err;
      }
    },
    async exists(key) {
      return stat(where(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async delete(key) {
      await rm(where(key), { force: true });
    },
    async *list(prefix = '') {
      for await (const key of walk(root, '')) {
        if (key.startsWith(prefix) && !key.endsWith('.tmp')) yield key;
      }
    },
    async check() {
      const key = probeKey(`${process.pid}-${randomBytes(4).toString('hex')}`);
      await this.put(key, Buffer.from('ok'));
      const back = await this.get(key);
      await this.delete(key);
      if (back.toString() !== 'ok') throw new Error('the file store gave back something else');
    },
    async close() {},
  };
}

async function* walk(root: string, relative: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    const key = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, key);
    else if (entry.isFile()) yield key;
  }
}
