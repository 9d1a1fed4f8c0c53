export const repoRoot: string;
export type NextServer = { baseUrl: string; pid: number | undefined; output(): string; stop(): Promise<void> };
export function startNext(options?: { port?: number; env?: Record<string, string>; log?: (line: string) => void }): Promise<NextServer>;
export function signIn(baseUrl: string, account: { email: string; password: string; name?: string }): Promise<string>;
