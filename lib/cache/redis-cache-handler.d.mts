// Next's CacheHandler interface, narrowed to what the shop's tests call.
import type { CacheControl, CacheValue } from "./cache-entry-codec.mjs";

type GetContext = { kind: string; tags?: string[]; softTags?: string[] };
type SetContext = { fetchCache?: boolean; tags?: string[]; cacheControl?: CacheControl };

export default class SharedCacheHandler {
  constructor(options?: { serverDistDir?: string });
  readonly prefix: string;
  resetRequestCache(): void;
  get(key: string, ctx: GetContext): Promise<{ lastModified: number; value: CacheValue; cacheControl?: CacheControl } | null>;
  set(key: string, data: CacheValue | null, ctx: SetContext): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
}
