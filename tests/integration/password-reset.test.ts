import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { recordPasswordReset } from "@/lib/auth/password-reset";
import { resetTokenOf } from "@/lib/auth/password-reset-token";
import { RESET_ASKED, RESET_LINK_REFUSED } from "@/lib/auth/password-reset-messages";
import { DEFAULT_RESET_LIMITS } from "@/lib/auth/password-reset-limits";
import { User } from "@/models/User";
import { setUpApiWorld } from "../support/api";
import { Client, signedUpClient } from "../support/client";
import { TEST_AUTH_SECRET } from "../support/server";

// Forgot password through the REST paths, on the real database: one answer for every address, the
// link kept only as its digest, used once, refused when expired or altered, and the sessions it ends.
const world = setUpApiWorld();
// The server's secret, so that this process derives the links the server sends.
process.env.NEXTAUTH_SECRET = TEST_AUTH_SECRET;
const PASSWORD = "secret-pass-1";

const digest = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The account as stored, with the fields no read of the shop selects by default. */
function storedAccount(email: string) {
  return User.findOne({ email }).select("+passwordHash +resetTokenHash +resetTokenExpires +mailsDue +knownBrowsers").lean();
}

type Due = { _id: unknown; kind: string; at: Date; data?: { link?: boolean } };

/** The link's token in the reset mail, as its composer derives it from the mail's id; none for a mail without a link. */
const tokenIn = (mail: Due | undefined): string | undefined => (mail?.data?.link ? resetTokenOf(String(mail._id)) : undefined);

async function resetMailsDue(email: string): Promise<Due[]> {
  const user = await storedAccount(email);
  return ((user?.mailsDue ?? []) as Due[]).filter((mail) => mail.kind === "password-reset");
}

/** Waits for the ask's write, made after the reply was sent: the due mails once there are `count`. */
async function resetMailsOnceThere(email: string, count: number): Promise<Due[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await resetMailsDue(email);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asks for a link and reads its token from the mail recorded for it. */
async function askForToken(email: string): Promise<string> {
  const before = (await resetMailsDue(email)).length;
  const reply = await world.nobody.post("/password-resets", { email });
  expect(reply.status).toBe(202);
  const mails = await resetMailsOnceThere(email, before + 1);
  const token = tokenIn(mails.at(-1));
  if (!token) throw new Error(`no reset mail recorded for ${email}`);
  return token;
}

describe("asking for a reset link (POST /password-resets)", () => {
  it("answers alike for an account, a Google-only account and an unknown address, and writes only the digest", async () => {
    await signedUpClient(world.server.baseUrl, "hana@example.com", "Hana");
    await User.create({ email: "gabe@example.com", displayName: "Gabe" });
    const replies = await Promise.all(["hana@example.com", "gabe@example.com", "nobody-here@example.com"].map((email) => world.nobody.post("/password-resets", { email })));
    for (const reply of replies) expect({ status: reply.status, body: reply.body }).toEqual({ status: 202, body: { success: true, message: RESET_ASKED } });

    const [hanasMail] = await resetMailsOnceThere("hana@example.com", 1);
    const token = tokenIn(hanasMail) ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hana = await storedAccount("hana@example.com");
    expect(hana?.resetTokenHash).toBe(digest(token));
    expect(hana?.resetTokenExpires?.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    // The raw token is nowhere on the account, its due mails included: the mail derives it again.
    expect(JSON.stringify(hana)).not.toContain(token);

    const [gabesMail] = await resetMailsOnceThere("gabe@example.com", 1);
    expect(gabesMail).toBeDefined();
    expect(tokenIn(gabesMail)).toBeUndefined();
    expect((await storedAccount("gabe@example.com"))?.resetTokenHash).toBeUndefined();
    expect(await User.exists({ email: "nobody-here@example.com" })).toBeNull();
  });

  it("refuses a malformed address with the shop's error shape", async () => {
    for (const body of [{}, { email: "not-an-address" }, { email: { $ne: null } }]) {
      const reply = await world.nobody.post("/password-resets", body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toEqual({ success: false, message: expect.stringMatching(/email/i) });
    }
  });

  it("answers alike past the per-email limit, but records no more mails", async () => {
    const email = "ivan@example.com";
    await signedUpClient(world.server.baseUrl, email, "Ivan");
    const asks = DEFAULT_RESET_LIMITS.perEmail + 2;
    for (let i = 0; i < asks; i += 1) {
      const reply = await world.nobody.post("/password-resets", { email });
      expect({ status: reply.status, body: reply.body }).toEqual({ status: 202, body: { success: true, message: RESET_ASKED } });
    }
    await resetMailsOnceThere(email, DEFAULT_RESET_LIMITS.perEmail);
    // The asks past the limit were answered too; their work, after the answer, records nothing.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await resetMailsDue(email)).toHaveLength(DEFAULT_RESET_LIMITS.perEmail);
  });

  it("records nothing past the per-client-address limit", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < DEFAULT_RESET_LIMITS.perIp; i += 1) await recordPasswordReset(`stranger-${i}@example.com`, ip);
    await signedUpClient(world.server.baseUrl, "jade@example.com", "Jade");
    await recordPasswordReset("jade@example.com", ip);
    expect(await resetMailsDue("jade@example.com")).toHaveLength(0);
    await recordPasswordReset("jade@example.com", "203.0.113.78");
    expect(await resetMailsDue("jade@example.com")).toHaveLength(1);
  });

  it("keeps only the account's due mails of the last week, and the new one", async () => {
    const email = "kate@example.com";
    await signedUpClient(world.server.baseUrl, email, "Kate");
    const old = { kind: "password-reset", at: new Date(Date.now() - 8 * 24 * 60 * 60_000) };
    await User.updateOne({ email }, { $push: { mailsDue: old } });
    await recordPasswordReset(email, "203.0.113.90");
    const kept = ((await storedAccount(email))?.mailsDue ?? []) as Due[];
    expect(kept.map((mail) => mail.kind)).toEqual(["welcome", "password-reset"]);
    expect(kept.every((mail) => mail.at.getTime() > Date.now() - 60_000)).toBe(true);
  });
});

describe("the reset page", () => {
  it("sends no Referer naming its token: its policy gives the origin only", async () => {
    const reply = await world.nobody.get("/reset-password?token=abc");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("referrer-policy")).toBe("strict-origin");
    expect((await world.nobody.get("/forgot-password")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("setting a new password (POST /password-resets/confirm)", () => {
  it("sets the password once, ends every other session, and the old password no longer signs in", async () => {
    const email = "kira@example.com";
    const kira = await signedUpClient(world.server.baseUrl, email, "Kira");
    expect((await kira.get(`/orders/${email}`)).status).toBe(200);
    const token = await askForToken(email);

    const reply = await world.nobody.post("/password-resets/confirm", { token, password: "kira-new-pass-4" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: expect.any(String) });
    expect((await kira.get(`/orders/${email}`)).status).toBe(401);
    await expect(new Client(world.server.baseUrl).signIn(email, PASSWORD)).rejects.toThrow(/sign-in failed/);
    await new Client(world.server.baseUrl).signIn(email, "kira-new-pass-4");
    expect((await storedAccount(email))?.resetTokenHash).toBeUndefined();

    const again = await world.nobody.post("/password-resets/confirm", { token, password: "kira-third-pass-5" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, message: RESET_LINK_REFUSED });
    await new Client(world.server.baseUrl).signIn(email, "kira-new-pass-4");
  });

  it("refuses an expired, an altered and a replaced link, changing nothing", async () => {
    const email = "liam@example.com";
    const liam = await signedUpClient(world.server.baseUrl, email, "Liam");
    const first = await askForToken(email);
    const token = await askForToken(email);
    const before = await storedAccount(email);

    const last = token.at(-1) === "A" ? "B" : "A";
    const refusedLinks = [first, `${token.slice(0, -1)}${last}`];
    for (const tried of refusedLinks) {
      const reply = await world.nobody.post("/password-resets/confirm", { token: tried, password: "liam-new-pass-6" });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ success: false, message: RESET_LINK_REFUSED });
    }
    await User.updateOne({ email }, { $set: { resetTokenExpires: new Date(Date.now() - 1000) } });
    const expired = await world.nobody.post("/password-resets/confirm", { token, password: "liam-new-pass-6" });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ success: false, message: RESET_LINK_REFUSED });

    const after = await storedAccount(email);
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.sessionVersion).toBe(before?.sessionVersion);
    expect(after?.resetTokenHash).toBe(before?.resetTokenHash);
    expect((await liam.get(`/orders/${email}`)).status).toBe(200);
    await new Client(world.server.baseUrl).signIn(email, PASSWORD);
  });

  it("holds the new password to sign-up's rules and keeps the link for a better one", async () => {
    const email = "mona@example.com";
    await signedUpClient(world.server.baseUrl, email, "Mona");
    const token = await askForToken(email);
    for (const [password, message] of [["abc", /Must be 6 characters or longer/], ["Password123", /most common/]] as const) {
      const reply = await world.nobody.post("/password-resets/confirm", { token, password });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    expect((await world.nobody.post("/password-resets/confirm", { token, password: "mona-new-pass-7" })).status).toBe(200);
  });

  it("of two sends of one link at the same time, exactly one sets the password", async () => {
    const email = "nina@example.com";
    await signedUpClient(world.server.baseUrl, email, "Nina");
    const token = await askForToken(email);
    const replies = await Promise.all(["nina-first-pass-8", "nina-other-pass-9"].map((password) => world.nobody.post("/password-resets/confirm", { token, password })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    const won = replies[0]?.status === 200 ? "nina-first-pass-8" : "nina-other-pass-9";
    const lost = won === "nina-first-pass-8" ? "nina-other-pass-9" : "nina-first-pass-8";
    await new Client(world.server.baseUrl).signIn(email, won);
    await expect(new Client(world.server.baseUrl).signIn(email, lost)).rejects.toThrow(/sign-in failed/);
  });
});
