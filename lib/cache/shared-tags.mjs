// The cache's tag states in Redis, shared by every server process of one database (REDIS_URL):
// written by the shop's writes (lib/cache/tags.ts, awaited before the reply) and by Next's own
// revalidateTag (lib/cache/redis-cache-handler.mjs), read by the handler with every entry. The
// states mean what they mean in Next's own in-process tags manifest: `stale` (served while one
// background render refreshes the entry) and `expired` (the next request renders afresh), each a
// time in ms compared with the time the entry was stored. Plain JavaScript: Next loads the cache
// handler itself, outside the app's TypeScript bundle, and both must agree on keys and format.
import { redisNamespace, onRedis, redisConfigured } from "../redis/connection.mjs";

/** How long an entry lives in Redis at most, so Redis memory stays bounded by a day of renders. */
export const ENTRY_LIFETIME_MS = 24 * 60 * 60 * 1000;
// Kept twice an entry's lifetime after the last revalidation: by then every entry stored before
// that revalidation is gone from Redis, so forgetting the states changes no answer.
const TAG_STATES_LIFETIME_MS = 2 * ENTRY_LIFETIME_MS;

/** The durations Next passes for revalidateTag(tag, "max"): its "max" cache-life profile expires in a year. */
export const STALE_NOW = { expire: 365 * 24 * 60 * 60 };
/** The durations of revalidateTag(tag, { expire: 0 }). */
export const EXPIRED_NOW = { expire: 0 };

// One hash of tag states per database (they describe its data), and the entries beside it; the
// {braces} keep both in one slot of a Redis Cluster, which the one-script read needs.
export const tagStatesKey = (database = redisNamespace()) => `autoparts:{${database}}:tags`;
/** Cache keys carry neither build nor database: an entry of another build or database is never served. */
export const entryKeyPrefix = (deploymentId, database = redisNamespace()) => `autoparts:{${database}}:entry:${deploymentId}:`;

const STALE_FIELD = "s:";
const EXPIRED_FIELD = "e:";

/**
 * What revalidateTag(tags, durations) changes, as Next's FileSystemCache does it: with durations,
 * stale now and expired after `durations.expire` seconds (when given); without, expired now. A
 * state not named is kept, so each field is written on its own.
 */
export function revalidationOf(tags, durations, now = Date.now()) {
  return tags.map((tag) => {
    if (!durations) return [tag, { expired: now }];
    return [tag, durations.expire === undefined ? { stale: now } : { stale: now, expired: now + durations.expire * 1000 }];
  });
}

/** Where the cache handler Next loaded offers its process's tag states (lib/cache/local-tag-states.mjs). */
export const LOCAL_TAG_STATES = Symbol.for("autoparts.cache.localTagStates");

/**
 * Applies a revalidation to this process's tag states at once, in a request or outside one; false
 * where no cache handler was loaded (a script, a test, a server that has cached nothing yet).
 */
export function applyHere(revalidation) {
  const apply = globalThis[LOCAL_TAG_STATES];
  if (typeof apply !== "function") return false;
  apply(revalidation);
  return true;
}

/** The tag every cached public entry carries (lib/cache/tags.ts CACHE_TAGS.public). */
export const EVERY_ENTRY_TAG = "public";

// Counts the revalidations that did not reach Redis (down, slow), and how many of them a later
// write has made good: the other processes may still serve entries a lost one should have ended.
// On globalThis, so the handler's copy of this module and the app's bundled copy share it.
const LOSSES = Symbol.for("autoparts.cache.unsharedRevalidations");
const losses = () => (globalThis[LOSSES] ??= { lost: 0, madeGood: 0 });

/** Whether a revalidation of this process has not reached Redis yet. */
export const revalidationUnshared = () => losses().lost > losses().madeGood;

/**
 * Writes a revalidation to Redis; false when Redis is not configured, down or slow (then it reached
 * this process only). After such a loss the first write that gets through also expires every
 * entry (EVERY_ENTRY_TAG): which ones the lost revalidation ended is not known any more.
 */
export async function shareRevalidation(revalidation) {
  const counts = losses();
  const lostSoFar = counts.lost;
  const makeGood = lostSoFar > counts.madeGood;
  if (revalidation.length === 0 && !makeGood) return true;
  const fields = {};
  const now = Date.now();
  for (const [tag, { stale, expired }] of makeGood ? [...revalidation, [EVERY_ENTRY_TAG, { stale: now, expired: now }]] : revalidation) {
    if (stale !== undefined) fields[STALE_FIELD + tag] = String(stale);
    if (expired !== undefined) fields[EXPIRED_FIELD + tag] = String(expired);
  }
  const key = tagStatesKey();
  const answer = await onRedis((client) => client.multi().hSet(key, fields).pExpire(key, TAG_STATES_LIFETIME_MS).exec());
  // Without REDIS_URL there is nobody to tell. A loss after this write started is not made good by it.
  if (!answer.ok && redisConfigured()) counts.lost += 1;
  if (answer.ok && makeGood) counts.madeGood = Math.max(counts.madeGood, lostSoFar);
  return answer.ok;
}

/**
 * One round trip for a read: the entry (its value, when it was stored, its tags) and the states
 * of its tags together with the caller's (the data cache's tags come with the call, ARGV[1]).
 * ARGV[2] is the version of the entry the caller holds a copy of (lib/cache/local-copies.mjs), if
 * any: when Redis holds that same version, the value is not sent (an empty string instead).
 * Returns false for no entry, else { value, lastModified, tags, states: [stale, expired] per tag, version }.
 */
export const READ_ENTRY_SCRIPT = `
local entry = redis.call('HMGET', KEYS[1], 'value', 'lastModified', 'tags', 'version')
if not entry[1] then return false end
local version = entry[4] or ''
local value = entry[1]
if version ~= '' and version == ARGV[2] then value = '' end
local tags, seen, fields = {}, {}, {}
for tag in string.gmatch((entry[3] or '') .. ',' .. ARGV[1], '[^,]+') do
  if not seen[tag] then
    seen[tag] = true
    tags[#tags + 1] = tag
    fields[#fields + 1] = '${STALE_FIELD}' .. tag
    fields[#fields + 1] = '${EXPIRED_FIELD}' .. tag
  end
end
local states = {}
if #fields > 0 then states = redis.call('HMGET', KEYS[2], unpack(fields)) end
return {value, entry[2], tags, states, version}
`;

/** The script's states as [tag, { stale?, expired? }] for the tags Redis knows a state of. */
export function statesOfReply(tags, states) {
  const known = [];
  tags.forEach((tag, i) => {
    const stale = states[2 * i];
    const expired = states[2 * i + 1];
    if (stale == null && expired == null) return;
    const state = {};
    if (stale != null) state.stale = Number(stale);
    if (expired != null) state.expired = Number(expired);
    known.push([tag, state]);
  });
  return known;
}
