import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { backup, resolveDataDir, sizeOf } from './backup.js';

/**
 * `npm run db:backup [-- --out FILE]`: the database (DATABASE_URL, or PGlite in DATA_DIR) and every stored file
 * (DATA_DIR/files or the S3 bucket) into one .tar.gz (decision 085). PGlite: stop the server first.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const dataDir = resolveDataDir(process.env, root);
// A placeholder secret: reading the configuration must not write a new session secret into DATA_DIR.
const config = loadConfig({ ...process.env, SESSION_SECRET: process.env.SESSION_SECRET || '-' }, { dataDir });
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const out = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  values.out ?? path.join(root, 'backups', `portal-${stamp}.tar.gz`),
);
try {
  const manifest = await backup(config, out, (line) => console.log(line));
  const mb = ((await sizeOf(out)) / 1024 / 1024).toFixed(1);
  console.log(
    `backup written: ${out} (${mb} MB): ${manifest.engine} database at ${manifest.migration ?? 'no migration'}, ` +
      `${manifest.files} files from the ${manifest.storage} store`,
  );
} catch (err) {
  console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
