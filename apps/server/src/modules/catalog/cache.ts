/**
 * Short-lived counts of the catalogue (decision 010): facet counts and section counts, kept per database
 * and keyed by the full filter and price context together with the catalogue version read before the count
 * (migration 0013). A committed write to products, prices, stock or sections bumps the version, so entries
 * counted before it are never served again; the time limit only bounds memory and the unexpected.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

export async function cachedCount<T>(
  db: object,
  version: number | null,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
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
  if (cache.size >= MAX_ENTRIES) {
    // Oldest first (insertion order): drop a tenth at once so eviction stays rare.
    let drop = Math.ceil(MAX_ENTRIES / 10);
    for (const k of cache.keys()) {
      cache.delete(k);
      if (--drop === 0) break;
    }
  }
  // Concurrent requests for the same counts share one query; a failure is not kept.
  const value = load();
  cache.set(full, { at: now, value });
  value.catch(() => {
    if (cache.get(full)?.value === value) cache.delete(full);
  });
  return value;
}
