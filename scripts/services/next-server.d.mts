import type { ChildExit } from "./server-process.mjs";

export type NextServer = {
  baseUrl: string;
  pid: number | undefined;
  output(): string;
  /** Settles when the process exits, whoever stopped it. */
  exit: Promise<ChildExit>;
  /** Sends a signal to the server (SIGKILL unless told). */
  kill(signal?: NodeJS.Signals): Promise<ChildExit>;
  stop(): Promise<void>;
};
export function startNext(options?: { port?: number; env?: Record<string, string>; log?: (line: string) => void; detached?: boolean; graceMs?: number }): Promise<NextServer>;
