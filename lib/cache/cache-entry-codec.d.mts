// Next's cache values are typed loosely here: the codec only needs their kind and byte fields.
export type CacheValue = { kind: string; [field: string]: unknown };
export type CacheControl = { revalidate: number | false; expire: number | undefined };

export function encodeEntry(value: CacheValue, cacheControl?: CacheControl): string;
export function decodeEntry(text: string): { value: CacheValue; cacheControl?: CacheControl };
export function tagsOfEntry(value: CacheValue, ctx?: { tags?: string[] }): string[];
