export const SCRIPT_HASHES_HEADER: string;
export function inlineScriptHashes(html: string): string;
export function withScriptHashes<T>(value: T): T;
