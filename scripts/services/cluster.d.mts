import type { ChildExit } from "./server-process.mjs";

/** A part of the cluster that exited while the cluster was not being stopped. */
export type PartExit = ChildExit & { name: string; critical: boolean; pid: number | undefined };
export function logPartExit(part: PartExit): void;
export type ClusterShop = { baseUrl: string; pid: number | undefined; output(): string; exit: Promise<ChildExit>; stop(): Promise<void> };
export type Cluster = {
  /** nginx's address, to send requests to. */
  baseUrl: string;
  /** The public URL the processes were told (NEXTAUTH_URL). */
  publicUrl: string;
  shops: ClusterShop[];
  redisUrl: string;
  nginxPid: number | undefined;
  stop(): Promise<void>;
};
export function startCluster(options: {
  processes: number;
  port: number;
  env?: Record<string, string>;
  dir?: string;
  quiet?: boolean;
  /** Every part in a process group of its own: the caller must stop the cluster, on signals too. */
  detached?: boolean;
  onExit?: (part: PartExit, stop: () => Promise<void>) => void;
}): Promise<Cluster>;
