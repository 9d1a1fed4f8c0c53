export const REDIS_SERVER: string;
export function ensureRedisInstalled(): void;
export type PrivateRedis = {
  url: string;
  port: number;
  pid: number | undefined;
  /** Ends redis-server at once (SIGKILL): a Redis that goes away. */
  kill(): Promise<number | null>;
  stop(): Promise<void>;
};
export function startRedis(options?: { port?: number; quiet?: boolean }): Promise<PrivateRedis>;
