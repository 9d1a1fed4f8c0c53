import type { ChildExit } from "./server-process.mjs";

export function ensureNginxInstalled(): void;
/** Rejects with an error naming the port when another program listens on it. */
export function assertPortFree(port: number): Promise<void>;
export type Nginx = { pid: number | undefined; exit: Promise<ChildExit>; stop(): Promise<void> };
export function startNginx(options: { dir: string; port: number; upstreams: string[]; workers?: number; detached?: boolean; connectionsPerClient?: number; proxySecret?: string }): Promise<Nginx>;
