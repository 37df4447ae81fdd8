import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live: one interface, the local disk by default (DATA_DIR/files), an
 * S3-compatible store when S3_BUCKET is set (decision 081). Several instances share files only through S3
 * (or a disk they all mount at DATA_DIR/files).
 *
 * Keys are relative paths of lowercase-ish safe characters (`ab12….png`, `exchange/2026/…/import.xml`):
 * no leading slash, no `..`, no backslash. The caller chooses them; the database keeps them.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes the whole object; an existing key is replaced. */
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** The whole object; `StorageNotFound` when there is none. */
  get(key: string): Promise<Buffer>;
  /** Stores a file of the local disk by streaming it (a big price list, decision 232): never whole in memory. */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** The object as a stream, for sending a big file; `StorageNotFound` when there is none. */
  open(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix ('' = all), in no particular order. */
  list(prefix?: string): AsyncIterable<string>;
  /** Writes, reads back and removes a probe object: throws when the store is not writable (/ready). */
  check(): Promise<void>;
  /** Releases clients and sockets. */
  close(): Promise<void>;
}

export class StorageNotFound extends Error {
  constructor(readonly key: string) {
    super(`No stored file ${key}`);
    this.name = 'StorageNotFound';
  }
}

const KEY = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

/** Refuses a key that could leave the store's root or is not one of ours. */
export function assertKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Bad storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Key of the probe object written by `check()`. */
export const probeKey = (id: string) => `_probe/${id}`;
