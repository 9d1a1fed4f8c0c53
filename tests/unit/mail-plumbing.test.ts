import { afterEach, describe, expect, it } from "vitest";
import { jobConnection, jobPrefix } from "@/lib/jobs/connection";
import { mailFrom, messageIdOf } from "@/lib/mail/transport";
import { mailNote } from "@/app/dashboard/my-orders/[id]/mail-notes";

// The pure parts of the mail and the job queue: who a mail is from, its Message-ID, how REDIS_URL
// becomes the queue's connection, and the order page's notes.

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe("a mail's sender and Message-ID", () => {
  it("comes from the shop at localhost unless MAIL_FROM says otherwise", () => {
    delete process.env.MAIL_FROM;
    expect(mailFrom()).toBe("AutoParts Hub <shop@localhost>");
    process.env.MAIL_FROM = "Parts Desk <orders@parts.example>";
    expect(mailFrom()).toBe("Parts Desk <orders@parts.example>");
  });

  it("carries the mail's id at the sender's domain, the same on every try", () => {
    process.env.MAIL_FROM = "Parts Desk <orders@parts.example>";
    expect(messageIdOf("6b088f93dda8ce539cfc1312")).toBe("<6b088f93dda8ce539cfc1312@parts.example>");
    process.env.MAIL_FROM = "orders@mail.parts.example";
    expect(messageIdOf("6b088f93dda8ce539cfc1312")).toBe("<6b088f93dda8ce539cfc1312@mail.parts.example>");
  });
});

describe("the job queue's connection", () => {
  it("reads host, port, credentials, database and TLS from REDIS_URL", () => {
    process.env.REDIS_URL = "rediss://shop:p%40ss@redis.example:6380/2";
    expect(jobConnection({ failFast: true })).toMatchObject({ host: "redis.example", port: 6380, username: "shop", password: "p@ss", db: 2, tls: {}, enableOfflineQueue: false });
    process.env.REDIS_URL = "redis://127.0.0.1";
    const worker = jobConnection({ failFast: false });
    expect(worker).toMatchObject({ host: "127.0.0.1", port: 6379, maxRetriesPerRequest: null });
    expect(worker).not.toHaveProperty("password");
  });

  it("keeps each shop's jobs under its own namespace", () => {
    process.env.MONGODB_URI = "mongodb://127.0.0.1:27027/autoparts";
    delete process.env.REDIS_NAMESPACE;
    expect(jobPrefix()).toBe("jobs:autoparts");
    process.env.REDIS_NAMESPACE = "shop-b";
    expect(jobPrefix()).toBe("jobs:shop-b");
  });
});

describe("the order page's note after a send again", () => {
  it("names only the notes the page knows", () => {
    expect(mailNote("queued")).toBe("queued");
    expect(mailNote("queue-away")).toBe("queue-away");
    expect(mailNote("toString")).toBeUndefined();
    expect(mailNote(["queued"])).toBeUndefined();
    expect(mailNote(undefined)).toBeUndefined();
  });
});
