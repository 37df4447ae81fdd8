/** The migrated, seeded database of one test run that every test file copies (built by global-setup). */
export interface TestTemplate {
  /** PGlite: a data directory whose `pglite` folder is copied. */
  dataDir?: string;
  /** PostgreSQL (TEST_DATABASE_URL): the template database each file's database is created from. */
  database?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
  }
}

export function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
