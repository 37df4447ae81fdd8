import { startTestS3 } from './s3.js';

/**
 * A local S3-compatible store for development and the several-instances test:
 * `tsx src/testing/cli-s3.ts PORT` prints the S3_* variables as one JSON line and serves until SIGTERM.
 */
const s3 = await startTestS3(Number(process.argv[2] ?? 0));
console.log(JSON.stringify(s3.env));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void s3.close().finally(() => process.exit(0));
  });
}
