import { loadConfig } from '../config.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { openDatabase } from '../db/database.js';
import { moveFilesToStore } from '../modules/files/index.js';
import { localFilesDir, localStorage, s3Storage } from './index.js';

/**
 * `npm run storage:to-s3 [-- --remove-local]`: copies DATA_DIR/files into the S3 bucket the S3_* variables
 * name, checks that every file the database knows is there, and with --remove-local deletes the local
 * copies afterwards. Safe to run again; run it with the servers stopped or already on S3 (decision 081).
 */
const config = loadConfig(process.env);
if (!config.s3) {
  console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to the target store.');
  process.exit(2);
}
const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const from = localStorage(localFilesDir(config.dataDir));
const to = s3Storage(config.s3);
try {
  const report = await moveFilesToStore(handle.db, from, to, {
    removeSource: process.argv.includes('--remove-local'),
    log: (line) => console.log(line),
  });
  console.log(
    `copied ${report.copied}, already there ${report.alreadyThere}, removed locally ${report.removed}` +
      (report.missing.length ? `; missing in both stores: ${report.missing.join(', ')}` : ''),
  );
  if (report.missing.length) process.exitCode = 1;
} finally {
  await to.close();
  await handle.close();
  release();
}
