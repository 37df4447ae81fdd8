import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve(here, '../.data');
export const SCREENSHOT_DIR = path.resolve(here, '../screenshots');
