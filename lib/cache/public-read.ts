import "server-only";
import { unstable_cache } from "next/cache";
import { CACHE_TAGS } from "@/lib/cache/tags";

// The public reads, served from Next's data cache instead of the database. Each entry carries the
// lib/cache/tags.ts tags of what it shows; a write expires those tags at once, so a read after it
// is fresh, except a stock change, which marks them stale (refreshed by one background render). On
// FerretDB v1 a sorted list or a count scans the collection (hundreds of ms), so the hot path must
// not reach it. Pages that use these are cached whole (ISR) and inherit the tags. Each domain keeps
// its own cached reads (its cached-reads.ts), beside the commands that expire them.
//
// Only bounded argument spaces are cached (paging, sort, part ids), and a free-text search's page
// never is. What a search reads of the index is, per term (lib/search/list-heads.ts): the terms
// parts bear are bounded by the catalogue, and a made-up word costs an empty entry of a few bytes,
// in Next's memory cache (bounded, least recently used first out) or in Redis for a day.

type Read = Parameters<typeof unstable_cache>[0];

/** `read`, cached under `key` and its arguments, expired by `tags` and with every public entry. */
export function publicRead<R extends Read>(read: R, key: string[], tags: string[]): R {
  return unstable_cache(read, key, { tags: [...tags, CACHE_TAGS.public] });
}

/**
 * `cached()`, a read from the data cache; outside a Next.js server (scripts, tests) there is no
 * data cache, so `direct()`, the same read from the database.
 */
export async function cachedOrDirect<T>(cached: () => Promise<T>, direct: () => Promise<T>): Promise<T> {
  try {
    return await cached();
  } catch (error) {
    if (error instanceof Error && /incrementalCache missing/.test(error.message)) return direct();
    throw error;
  }
}
