import path from 'node:path';
import type { Config } from '../config.js';
import { localStorage } from './local.js';
import { s3Storage } from './s3.js';
import type { FileStorage } from './storage.js';

export { assertKey, StorageNotFound, type FileStorage } from './storage.js';
export { localStorage } from './local.js';
export { s3Storage, type S3Options } from './s3.js';

/** The local file store's directory. */
export const localFilesDir = (dataDir: string) => path.join(dataDir, 'files');

/** S3 when the configuration names a bucket, the local disk otherwise. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? s3Storage(config.s3) : localStorage(localFilesDir(config.dataDir));
}
