export function ensureNginxInstalled(): void;
export function nginxConfig(options: { dir: string; port: number; upstreams: string[]; workers?: number }): string;
export type ClusterShop = { baseUrl: string; pid: number | undefined; output(): string; stop(): Promise<void> };
export type Cluster = {
  /** nginx's address, to send requests to. */
  baseUrl: string;
  /** The public URL the processes were told (NEXTAUTH_URL). */
  publicUrl: string;
  shops: ClusterShop[];
  redisUrl: string;
  stop(): Promise<void>;
};
export function startCluster(options: { processes: number; port: number; env?: Record<string, string>; dir?: string; quiet?: boolean }): Promise<Cluster>;
