import type { ChildExit } from "./server-process.mjs";

export const REDIS_SERVER: string;
export function ensureRedisInstalled(): void;
export type PrivateRedis = {
  url: string;
  port: number;
  pid: number | undefined;
  /** Settles when redis-server exits, whoever stopped it. */
  exit: Promise<ChildExit>;
  /** Ends redis-server at once (SIGKILL): a Redis that goes away. */
  kill(): Promise<number | null>;
  stop(): Promise<void>;
};
/** `dataDir`: kept on disk there (append-only file), else in memory only. */
export function startRedis(options?: { port?: number; quiet?: boolean; detached?: boolean; dataDir?: string }): Promise<PrivateRedis>;
