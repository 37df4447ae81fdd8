import { rm } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemo } from '../db/seed/demo.js';
import { TEMPLATE_DATABASE, TEMPLATE_DIR, adminUrl } from './paths.js';

/**
 * Builds one migrated, seeded database that every test file copies: a PGlite directory, or a
 * PostgreSQL template database when TEST_DATABASE_URL is set (DESIGN §8: creating PGlite is slow).
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: adminUrl(url, TEMPLATE_DATABASE), dataDir: TEMPLATE_DIR });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    await handle.close();
    return;
  }
  await rm(TEMPLATE_DIR, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: TEMPLATE_DIR });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  await handle.close();
}
