import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The migrated, seeded PGlite data directory tests copy. */
export const TEMPLATE_DIR = path.resolve(here, '../../.test-template');
export const TEMPLATE_DATABASE = 'portal_test_template';

export function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
