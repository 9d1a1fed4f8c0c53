import { expect, vi } from "vitest";
import { startMailpit, type EmbeddedMail } from "../../scripts/services/mailpit.mjs";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";

// The real mail server (Mailpit) and a Redis for the job queue, fresh for a test file, and what
// Mailpit received, read through its HTTP API (never a mock transport). Ports: MAIL_TEST_SMTP_PORT,
// MAIL_TEST_HTTP_PORT, MAIL_TEST_REDIS_PORT when set (runs side by side stay apart), else free ones.

const portFrom = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

export type MailWorld = { mailpit: EmbeddedMail; redis: PrivateRedis; env: { REDIS_URL: string; SMTP_URL: string } };

/** Starts Mailpit and Redis; `env` is what a server process needs to send through them. */
export async function startMailWorld(): Promise<MailWorld> {
  const [mailpit, redis] = await Promise.all([
    startMailpit({ smtpPort: portFrom("MAIL_TEST_SMTP_PORT"), httpPort: portFrom("MAIL_TEST_HTTP_PORT"), dataDir: `.data/vitest-mailpit-${process.pid}`, fresh: true }),
    startRedis({ port: portFrom("MAIL_TEST_REDIS_PORT") }),
  ]);
  return { mailpit, redis, env: { REDIS_URL: redis.url, SMTP_URL: mailpit.smtpUrl } };
}

/** Mailpit again on the same ports and data, after a stop. */
export async function restartMailpit(world: MailWorld): Promise<void> {
  world.mailpit = await startMailpit({ smtpPort: world.mailpit.smtpPort, httpPort: world.mailpit.httpPort, dataDir: world.mailpit.dataDir });
}

export async function stopMailWorld(world: MailWorld | undefined): Promise<void> {
  if (!world) return;
  await Promise.all([world.mailpit.stop(), world.redis.stop()]);
  const { rmSync } = await import("node:fs");
  rmSync(world.mailpit.dataDir, { recursive: true, force: true });
}

/** A mail as Mailpit lists it. */
export type DeliveredMail = { ID: string; MessageID: string; Subject: string; To: { Address: string }[]; Created: string };
/** A mail with its bodies. */
export type DeliveredMessage = DeliveredMail & { Text: string; HTML: string; From: { Address: string; Name: string } };

/** Every mail delivered to the address (most recent first). */
export async function mailsTo(webUrl: string, address: string): Promise<DeliveredMail[]> {
  const query = new URLSearchParams({ query: `to:"${address}"`, limit: "500" });
  const res = await fetch(`${webUrl}/api/v1/search?${query}`);
  if (!res.ok) throw new Error(`Mailpit search answered ${res.status}`);
  return ((await res.json()) as { messages: DeliveredMail[] }).messages;
}

/** Every mail Mailpit holds (most recent first). */
export async function allMails(webUrl: string): Promise<DeliveredMail[]> {
  const res = await fetch(`${webUrl}/api/v1/messages?limit=5000`);
  if (!res.ok) throw new Error(`Mailpit answered ${res.status}`);
  return ((await res.json()) as { messages: DeliveredMail[] }).messages;
}

/** One delivered mail with its text and HTML. */
export async function readMail(webUrl: string, id: string): Promise<DeliveredMessage> {
  const res = await fetch(`${webUrl}/api/v1/message/${encodeURIComponent(id)}`);
  if (!res.ok) throw new Error(`Mailpit answered ${res.status} for message ${id}`);
  return (await res.json()) as DeliveredMessage;
}

/** Waits until `count` mails were delivered to the address; returns them. */
export async function waitForMailsTo(webUrl: string, address: string, count = 1, timeout = 30_000): Promise<DeliveredMail[]> {
  return vi.waitFor(
    async () => {
      const mails = await mailsTo(webUrl, address);
      expect(mails.length).toBeGreaterThanOrEqual(count);
      return mails;
    },
    { timeout, interval: 250 },
  );
}
