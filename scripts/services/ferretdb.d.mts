export const FERRETDB_VERSION: string;
export const ferretBinary: string;
export class EmbeddedDbError extends Error {}
export function ensureFerretBinary(): Promise<string>;
export function ensureEmbeddedDb(): Promise<void>;
export type EmbeddedDb = {
  uri: string;
  port: number;
  dataDir: string;
  pid: number | undefined;
  stop(): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};
export function startFerretDB(options?: {
  port?: number;
  dataDir?: string;
  fresh?: boolean;
  dbName?: string;
  quiet?: boolean;
}): Promise<EmbeddedDb>;
