import type { ChildProcess, SpawnOptions } from "node:child_process";

/** How a process ended: its exit code, or the signal that ended it. */
export type ChildExit = { code: number | null; signal: NodeJS.Signals | null };
export type ServerProcess = {
  child: ChildProcess;
  pid: number | undefined;
  /** Settles when the process exits, whoever stopped it. */
  exit: Promise<ChildExit>;
  /** Its graceful stop, SIGKILL after the grace; the same promise however often it is called. */
  stop(): Promise<void>;
  /** Sends a signal to the process alone (SIGKILL unless told): a server that goes away. */
  kill(signal?: NodeJS.Signals): Promise<ChildExit>;
};
export function freePort(): Promise<number>;
export function acceptsConnections(port: number): Promise<boolean>;
export function startServerProcess(options: {
  /** Names it in errors and in `log`. */
  name: string;
  command: string;
  args?: string[];
  spawnOptions?: SpawnOptions;
  detached?: boolean;
  answers: () => Promise<boolean>;
  pollMs?: number;
  timeoutMs?: number;
  stopSignal?: NodeJS.Signals;
  graceMs?: number;
  hint?: () => string;
  onSpawn?: (child: ChildProcess) => void;
  log?: (message: string) => void;
}): Promise<ServerProcess>;
