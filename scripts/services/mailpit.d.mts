import type { ChildExit } from "./server-process.mjs";

export const MAILPIT_VERSION: string;
export const mailpitBinary: string;
export class EmbeddedMailError extends Error {}
export function ensureMailpitBinary(): Promise<string>;
export type EmbeddedMail = {
  /** Where the shop sends (SMTP_URL). */
  smtpUrl: string;
  /** Mailpit's web page and HTTP API (/api/v1/…). */
  webUrl: string;
  smtpPort: number;
  httpPort: number;
  dataDir: string;
  pid: number | undefined;
  stop(): Promise<void>;
  /** Ends Mailpit at once (SIGKILL): a mail server that goes away. */
  kill(): Promise<number | null>;
  exited: Promise<ChildExit>;
};
export function startMailpit(options?: { smtpPort?: number; httpPort?: number; dataDir?: string; fresh?: boolean; quiet?: boolean }): Promise<EmbeddedMail>;
