import { vacuumAnalyze } from '../db/maintenance.js';
import type { Db } from '../db/database.js';
import { seedUsers } from '../modules/auth/seed.js';
import { seedSite } from '../modules/site/seed.js';
import { seedContent } from '../modules/content/seed.js';
import { seedReturns } from '../modules/returns/seed.js';
import { seedWishes } from '../modules/wishes/seed.js';
import { seedForms } from '../modules/forms/seed.js';
import { seedKeys } from '../modules/keys/seed.js';
import { seedCatalog } from '../modules/catalog/seed.js';
import { seedOrdering } from '../modules/orders/seed.js';
import { seedAccount } from '../modules/account/seed.js';
import { seedArrivals, seedParts } from '../modules/parts/seed.js';
import { seedMachines } from '../modules/machines/seed.js';
import { fillEnglish } from '../db/migrations/0145-english-texts.js';
import type { SeedOptions } from './options.js';

/** Each domain's demo data, in dependency order. Domains add their seeder here. */
const SEEDERS: Array<{ name: string; run: (db: Db, options: SeedOptions) => Promise<void> }> = [
  { name: 'users', run: seedUsers },
  { name: 'site', run: seedSite },
  { name: 'catalog', run: seedCatalog },
  { name: 'parts', run: seedParts },
  // Warehouses (content) before orders: a demo pickup order names the warehouse it is collected from.
  { name: 'content', run: seedContent },
  { name: 'ordering', run: seedOrdering },
  // The dealer's account with the supplier (decision 200): after the orders it ships.
  { name: 'account', run: (db) => seedAccount(db) },
  { name: 'returns', run: seedReturns },
  { name: 'wishes', run: seedWishes },
  { name: 'forms', run: seedForms },
  { name: 'keys', run: seedKeys },
  // The demo dealer's machines (decision 208), models of the catalogue above.
  { name: 'machines', run: seedMachines },
  // A short basket line with in-stock analogues, and expected arrivals (decisions 206, 207): after the baskets.
  { name: 'arrivals', run: seedArrivals },
  // The English of the shipped reference rows (decision 145), now that they exist.
  { name: 'english', run: (db) => fillEnglish(db) },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function seedDemo(db: Db, options: SeedOptions = {}, log: (m: string) => void = () => {}): Promise<void> {
  for (const seeder of SEEDERS) {
    const started = Date.now();
    await seeder.run(db, options);
    log(`seeded ${seeder.name} in ${Date.now() - started} ms`);
  }
  // Statistics and the visibility map at once (PGlite has no autovacuum: db/maintenance.ts).
  await vacuumAnalyze(db);
}
