/** The parts module's face (decision 205): replacement numbers, above the catalogue and the baskets. */
export { lookupReplacements } from './queries.js';
export {
  replacementLinksOf,
  replacementNameOf,
  replacementsFromExchange,
  REPLACEMENT_NAMES,
} from './exchange-links.js';
export { arrivalsFromExchange, tellArrivals } from './arrivals.js';
