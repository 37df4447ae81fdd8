import path from 'node:path';
import { parseArgs } from 'node:util';
import { lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { isEmpty, seedDemo } from '../seed/demo.js';

/**
 * `npm run db:seed -- [--products N]`: migrates, then loads the demo data into an empty database
 * (DATABASE_URL, or PGlite in DATA_DIR) with a generated catalogue of N products (deterministic).
 */
const { values } = parseArgs({ options: { products: { type: 'string' } } });
const products = values.products === undefined ? undefined : Number(values.products);
if (products !== undefined && (!Number.isInteger(products) || products < 1 || products > 10_000_000)) {
  console.error('--products must be a whole number from 1 to 10000000');
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const release = databaseUrl ? () => {} : lockDataDir(dataDir);
const handle = await openDatabase({ databaseUrl, dataDir });
try {
  await migrateToLatest(handle.db);
  if (!(await isEmpty(handle.db))) {
    console.error('The database already holds data; seed an empty one (a new DATA_DIR or database).');
    process.exitCode = 1;
  } else {
    const started = Date.now();
    await seedDemo(handle.db, { products }, (m) => console.log(m));
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await handle.close();
  release();
}
