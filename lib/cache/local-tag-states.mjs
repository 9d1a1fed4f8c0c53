// This process's tag states: Next's in-process tags manifest, the one it checks a cached entry's
// tags against before serving it. Next's revalidateTag only queues a change on the current request,
// applied once that request ends: a write outside any request (a scheduled job's timer) or in one
// that has already answered (an order stored by a round a finished request started) would never
// reach the manifest, and the entries it should end would be served for good. A cache handler is a
// module Next itself loads, beside that manifest, so each handler offers this way in on globalThis
// (the app's bundle reaches it through lib/cache/shared-tags.mjs applyHere), and the shop's writes
// apply at once, in a request or not.
//
// Plain JavaScript: Next loads the cache handlers itself, outside the app's TypeScript bundle.
import tagsManifestModule from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { LOCAL_TAG_STATES } from "./shared-tags.mjs";

// Node hands over the CommonJS exports object; a bundler its default export.
const { tagsManifest } = tagsManifestModule.default ?? tagsManifestModule;

/** Updates this process's manifest as Next's FileSystemCache does: a state not named is kept. */
export function applyLocally(states) {
  for (const [tag, state] of states) tagsManifest.set(tag, { ...tagsManifest.get(tag), ...state });
}

/** Called by each cache handler as Next loads it: from then on the shop's revalidations reach this manifest. */
export function offerLocalTagStates() {
  globalThis[LOCAL_TAG_STATES] = applyLocally;
}
