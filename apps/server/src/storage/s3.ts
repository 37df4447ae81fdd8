import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, probeKey, StorageNotFound, type FileStorage } from './storage.js';

export interface S3Options {
  /** Unset = AWS itself; set for any S3-compatible store (MinIO, Yandex Object Storage, Ceph…). */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: what most S3-compatible stores want. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several portals (`portal/`). */
  prefix?: string | undefined;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** Objects in one bucket through the official AWS SDK client. */
export function s3Storage(options: S3Options): FileStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer trailing ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 3000,
      requestTimeout: 30000,
      httpAgent: { keepAlive: true, maxSockets: 50 },
      httpsAgent: { keepAlive: true, maxSockets: 50 },
    },
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const name = (key: string) => prefix + assertKey(key);
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name(key),
          Body: data,
          ContentLength: data.length,
          ContentType: contentType ?? 'application/octet-stream',
        }),
      );
    },
    async putFile(key, file, contentType) {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType ?? 'application/octet-stream',
        }),
      );
    },
    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name(key) }));
        if (!(answer.Body instanceof Readable)) throw new StorageNotFound(key);
        return answer.Body;
      } catch (err) {
        if (missing(err)) throw new StorageNotFound(key);
        throw err;
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name(key) }));
        if (!answer.Body) throw new StorageNotFound(key);
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (err) {
        if (missing(err)) throw new StorageNotFound(key);
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name(key) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name(key) }));
    },
    async *list(under = '') {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix + under, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield object.Key.slice(prefix.length);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      const key = probeKey(`${process.pid}-${randomBytes(4).toString('hex')}`);
      await this.put(key, Buffer.from('ok'), 'text/plain');
      const back = await this.get(key);
      await this.delete(key);
      if (back.toString() !== 'ok') throw new Error('the object store gave back something else');
    },
    async close() {
      client.destroy();
    },
  };
}
