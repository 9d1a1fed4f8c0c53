// The decoded entries a server process last read from Redis or wrote there, each with the version
// Redis holds it under (lib/cache/redis-cache-handler.mjs). A copy is never served on its own: every
// read still asks Redis, which sends the entry only when its version differs from the copy's, and
// the tags' states in either case. So no process serves an entry another has replaced, and a
// page's 100 KB or so crosses from Redis and is decoded once per version, not once per request.

/** What the copies may hold, counted as the entries' stored text: Next's own default memory cache size. */
export const LOCAL_COPIES_BYTES = 50 * 1024 * 1024;

export class LocalCopies {
  constructor(maxBytes = LOCAL_COPIES_BYTES) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    // A Map keeps insertion order: re-inserting on use makes the first key the least recently used.
    this.copies = new Map();
  }

  /** The copy of `key` ({ version, entry }), or undefined. */
  get(key) {
    const copy = this.copies.get(key);
    if (!copy) return undefined;
    this.copies.delete(key);
    this.copies.set(key, copy);
    return copy;
  }

  /** Keeps `entry` as version `version` of `key`; `size` is its stored text's length. */
  set(key, version, entry, size) {
    this.delete(key);
    if (size > this.maxBytes) return;
    this.copies.set(key, { version, entry, size });
    this.bytes += size;
    for (const [oldest, copy] of this.copies) {
      if (this.bytes <= this.maxBytes) break;
      this.copies.delete(oldest);
      this.bytes -= copy.size;
    }
  }

  delete(key) {
    const copy = this.copies.get(key);
    if (!copy) return;
    this.copies.delete(key);
    this.bytes -= copy.size;
  }
}
