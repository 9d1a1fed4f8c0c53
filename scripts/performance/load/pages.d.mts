export function ensureWrkInstalled(): void;
export function cachedPagePaths(partIds: string[]): string[];
export type CachedPagesResult = { rps: number; requests: number; p50: number; p99: number; non2xx: number; errors: number; timeouts: number };
export function cachedPagesLoad(base: string, paths: string[], options: { connections: number; seconds: number }): Promise<CachedPagesResult>;
