// How one entry of Next's cache is written to Redis and read back (lib/cache/redis-cache-handler.mjs).
// Next hands the handler values that JSON alone cannot carry: a page's RSC payload is a Buffer and
// its prefetch segments a Map of Buffers, a route handler's body is a Buffer. Those fields are
// turned into base64 by kind, so every byte comes back as it was; every other kind (the data
// cache's FETCH entries, PAGES, REDIRECT) is plain JSON already.

const toBase64 = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
const fromBase64 = (text) => Buffer.from(text, "base64");

function encodeValue(value) {
  switch (value.kind) {
    case "APP_PAGE":
      return {
        ...value,
        rscData: value.rscData === undefined ? undefined : toBase64(value.rscData),
        segmentData: value.segmentData === undefined ? undefined : [...value.segmentData].map(([segment, bytes]) => [segment, toBase64(bytes)]),
      };
    case "APP_ROUTE":
      return { ...value, body: toBase64(value.body) };
    default:
      return value;
  }
}

const isObject = (value) => typeof value === "object" && value !== null;

/**
 * Whether a stored value has the shape Next needs of its kind; the shop stores pages, route
 * replies and data-cache entries only. Anything else (written by another version, or by hand) is
 * a miss and rendered afresh, never handed to Next to fail on.
 */
function wellFormed(value) {
  if (!isObject(value)) return false;
  switch (value.kind) {
    case "APP_PAGE":
      return typeof value.html === "string" && (value.headers == null || isObject(value.headers)) && (value.rscData == null || typeof value.rscData === "string") && (value.segmentData == null || Array.isArray(value.segmentData));
    case "APP_ROUTE":
      return typeof value.body === "string" && isObject(value.headers) && typeof value.status === "number";
    case "FETCH":
      return isObject(value.data) && typeof value.data.body === "string" && isObject(value.data.headers);
    default:
      return false;
  }
}

function decodeValue(value) {
  if (!wellFormed(value)) throw new Error("not a cache entry the shop stores");
  switch (value.kind) {
    case "APP_PAGE":
      return {
        ...value,
        rscData: value.rscData == null ? undefined : fromBase64(value.rscData),
        segmentData: value.segmentData == null ? undefined : new Map(value.segmentData.map(([segment, text]) => [segment, fromBase64(text)])),
      };
    case "APP_ROUTE":
      return { ...value, body: fromBase64(value.body) };
    default:
      return value;
  }
}

/** The stored text of an entry: its value and the lifetime Next gave it (so any process serves it with that lifetime). */
export function encodeEntry(value, cacheControl) {
  return JSON.stringify({ value: encodeValue(value), cacheControl });
}

/** The entry as Next expects it from a cache handler's get (less lastModified, stored beside it). */
export function decodeEntry(text) {
  const { value, cacheControl } = JSON.parse(text);
  return cacheControl === undefined ? { value: decodeValue(value) } : { value: decodeValue(value), cacheControl };
}

/** The tags an entry was stored with: a page's or route's in its x-next-cache-tags header, the data cache's in the call. */
export function tagsOfEntry(value, ctx) {
  if (value.kind === "FETCH") return ctx?.tags ?? value.tags ?? [];
  const header = value.headers?.["x-next-cache-tags"];
  return typeof header === "string" && header !== "" ? header.split(",") : [];
}
