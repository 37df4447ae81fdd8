/**
 * Short-lived results of the catalogue (decisions 010 and 165), kept per database and keyed by every input of
 * the statement together with the catalogue version read before it (migration 0013): facet and section counts,
 * the order of a list that no index gives, and search hits. A committed write to products, prices, stock,
 * sections, warehouses, analogues or the search words bumps the version, so entries computed before it are
 * never served again; the time limit and the entry bound only bound memory and the unexpected.
 */
const TTL_MS = 60_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

/** A cache of at most `maxEntries` per database, oldest dropped first. */
function versionedCache(maxEntries: number) {
  const caches = new WeakMap<object, Map<string, Entry>>();
  return async function cached<T>(db: object, version: number | null, key: string, load: () => Promise<T>): Promise<T> {
    if (version === null) return load();
    let cache = caches.get(db);
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    const full = `${version}\u0000${key}`;
    const now = Date.now();
    const hit = cache.get(full);
    if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
    if (hit) cache.delete(full);
    if (cache.size >= maxEntries) {
      // Oldest first (insertion order): drop a tenth at once so eviction stays rare.
      let drop = Math.ceil(maxEntries / 10);
      for (const k of cache.keys()) {
        cache.delete(k);
        if (--drop === 0) break;
      }
    }
    // Concurrent requests for the same result share one query; a failure is not kept.
    const value = load();
    cache.set(full, { at: now, value });
    value.catch(() => {
      if (cache.get(full)?.value === value) cache.delete(full);
    });
    return value;
  };
}

/** Counts: facet counts, list totals, section counts (a few hundred bytes each). */
export const cachedCount = versionedCache(2_000);

/** The first rows of a list in an order no index walks (ids only: at most ORDER_ROWS × 4 bytes each). */
export const cachedOrder = versionedCache(500);

/** Search hits (up to a thousand ids with how each matched): fewer entries, they are the largest. */
export const cachedSearch = versionedCache(100);

/**
 * Listing pages as answered, without the user's favourite flags (decision 250): at most 150, a page of 240
 * products being ≈ 0.3 MB of heap, so the whole cache stays well inside the server's 256 MB (decision 171).
 */
export const cachedPage = versionedCache(150);
