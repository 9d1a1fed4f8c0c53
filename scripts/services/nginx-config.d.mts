export const SHOP_BODY_CAP: number;
export const SHOP_PART_IMAGE_CAP: number;
export const CONNECTIONS_PER_CLIENT: number;
export const PROXY_SECRET_HEADER: string;
export function nginxConfig(options: { dir: string; port: number; upstreams: string[]; workers?: number; connectionsPerClient?: number; proxySecret?: string }): string;
