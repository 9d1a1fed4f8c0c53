import type { createClient } from "redis";

export type RedisClient = ReturnType<typeof createClient>;
export type RedisAnswer<T> = { ok: true; value: T } | { ok: false };

export const REDIS_TIMEOUT_MS: number;
export function redisConfigured(): boolean;
export function redisNamespace(uri?: string): string;
export function onRedis<T>(work: (client: RedisClient) => Promise<T>, options?: { timeoutMs?: number }): Promise<RedisAnswer<T>>;
export function connectRedis(): Promise<boolean>;
export function listenRedis(channel: string, onMessage: (message: string) => void, onLost: () => void): () => boolean;
export function closeRedis(): Promise<void>;
