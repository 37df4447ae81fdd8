import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Options } from '../storage/s3.js';

export interface TestS3 {
  options: S3Options;
  /** Environment variables that point a server process at this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, from npm) on a free port with one empty bucket, its objects in a
 * temporary directory. Bucket-level calls of the current AWS SDK sign a path s3rver canonicalises
 * differently, so signatures are checked for form only; object calls sign and verify as on S3.
 */
export async function startTestS3(port = 0): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: 'portal' }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const options: S3Options = {
    endpoint,
    bucket: 'portal',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    options,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'portal',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
