export const SHOP_BODY_CAP: number;
export const SHOP_PART_IMAGE_CAP: number;
export const CONNECTIONS_PER_CLIENT: number;
export function nginxConfig(options: { dir: string; port: number; upstreams: string[]; workers?: number; connectionsPerClient?: number }): string;
