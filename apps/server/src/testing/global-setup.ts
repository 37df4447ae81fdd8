import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemo } from '../seed/demo.js';
import { adminUrl, type TestTemplate } from './paths.js';

/**
 * Builds one migrated, seeded database that every test file copies: a PGlite directory, or a
 * PostgreSQL template database when TEST_DATABASE_URL is set (docs/design.md §8: creating PGlite is slow).
 * Each run has its own template, so two runs at once (a developer and CI, two engineers) do not
 * delete each other's; it is removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = `portal_test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${database}`);
    const handle = await openDatabase({ databaseUrl: adminUrl(url, database), dataDir: tmpdir() });
    try {
      await migrateToLatest(handle.db);
      await seedDemo(handle.db);
    } finally {
      await handle.close();
    }
    project.provide('testTemplate', { database } satisfies TestTemplate);
    return () => adminQuery(url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-template-'));
  const handle = await openDatabase({ dataDir });
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
  } finally {
    await handle.close();
  }
  project.provide('testTemplate', { dataDir } satisfies TestTemplate);
  return () => rm(dataDir, { recursive: true, force: true });
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
