import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { resolveDataDir, restore } from './backup.js';

/**
 * `npm run db:restore -- FILE [--force]`: puts an archive of `npm run db:backup` back into the configured
 * database and file store (decision 085). Stop every server first. Without --force the database must be empty.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('usage: npm run db:restore -- <backup.tar.gz> [--force]');
  process.exit(2);
}
const dataDir = resolveDataDir(process.env, root);
const config = loadConfig({ ...process.env, SESSION_SECRET: process.env.SESSION_SECRET || '-' }, { dataDir });
const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
try {
  const manifest = await restore(config, archive, { force: values.force }, (line) => console.log(line));
  console.log(
    `restored ${archive}: ${manifest.engine} database of ${manifest.createdAt} at ${manifest.migration ?? 'no migration'}, ` +
      `${manifest.files} files into the ${config.s3 ? 'S3 bucket' : 'local store'}. Start the servers.`,
  );
} catch (err) {
  console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
