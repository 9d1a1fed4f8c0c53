export const repoRoot: string;
/** How a process ended: its exit code, or the signal that ended it. */
export type ChildExit = { code: number | null; signal: NodeJS.Signals | null };
export type NextServer = {
  baseUrl: string;
  pid: number | undefined;
  output(): string;
  /** Settles when the process exits, whoever stopped it. */
  exit: Promise<ChildExit>;
  stop(): Promise<void>;
};
export function startNext(options?: { port?: number; env?: Record<string, string>; log?: (line: string) => void; detached?: boolean }): Promise<NextServer>;
/** Builds into `dist` unless a build newer than the source is there; logs which, tagged `who`. */
export function ensureBuild(dist: string, who: string): void;
export function signIn(baseUrl: string, account: { email: string; password: string; name?: string }): Promise<string>;
