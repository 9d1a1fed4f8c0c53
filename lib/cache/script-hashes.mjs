// The hashes of a cached page's inline scripts, for its Content-Security-Policy. A page served from
// the cache is the same HTML for every visitor, so it cannot carry a per-request nonce; Next's inline
// scripts (the flight data, self.__next_f.push, and the bootstrap) differ from page to page, so
// their hashes are taken from each page's own HTML. Both cache handlers add them to the entry when
// it is stored (or first read from the build's output): the hashing is done once per cache fill,
// and Next sends the entry's headers with every reply of it. The node:http layer turns the header
// into the policy (lib/server/page-csp.ts).
//
// Plain JavaScript: the cache handlers that use it are loaded by Next itself at run time.
import { createHash } from "node:crypto";

/** The private header carrying the hashes from the cache entry to the reply's policy; never sent. */
export const SCRIPT_HASHES_HEADER = "x-autoparts-script-hashes";

// React escapes "</script" inside a script's text, so the first closing tag ends it.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const SOURCE = /\bsrc\s*=/i;
/** Types a browser runs: none, a JavaScript MIME type, or a module. JSON-LD and other data blocks never run. */
const RUNS = /^(?:(?:text|application)\/(?:x-)?(?:java|ecma)script|module)$/i;

/** The CSP sources (`'sha256-…'`, space-separated, each once) allowing the inline scripts of `html`. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (text === "" || SOURCE.test(attributes)) continue;
    const type = TYPE.exec(attributes)?.[1];
    if (type !== undefined && !RUNS.test(type)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes].join(" ");
}

/** Gives a page entry the hashes of its inline scripts, once; any other entry is left as it is. */
export function withScriptHashes(value) {
  if (value?.kind !== "APP_PAGE" || typeof value.html !== "string" || value.headers?.[SCRIPT_HASHES_HEADER] !== undefined) return value;
  // Next sends the reply of a fresh render from this same value, so its first visitor gets the policy too.
  value.headers = { ...value.headers, [SCRIPT_HASHES_HEADER]: inlineScriptHashes(value.html) };
  return value;
}
