/** Options of the demo seed, in a file of their own so a module's seed can name them without importing the seeder. */
export interface SeedOptions {
  /** Generated catalogue size (`npm run db:seed -- --products N`). */
  products?: number;
}
