import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_ASKED } from "@/lib/auth/password-reset-messages";
import { connectDb } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { MailLog } from "@/models/MailLog";
import { User } from "@/models/User";
import { Client, signedUpClient } from "../support/client";
import { mailsTo, readMail, startMailWorld, stopMailWorld, waitForMailsTo, type MailWorld } from "../support/mail";
import { startServer, type TestServer } from "../support/server";

// Forgot password with the real mail queue and mail server: the link arrives in the customer's
// mail, nothing of it stays on the account once sent, a Google-only account is told how it signs
// in, and an unknown address gets nothing, though every ask is answered alike.

let world: MailWorld;
let server: TestServer;
let nobody: Client;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  world = await startMailWorld();
  server = await startServer(world.env);
  nobody = new Client(server.baseUrl);
}, 120_000);

afterAll(async () => {
  const output = server?.output() ?? "";
  await server?.stop();
  await stopMailWorld(world);
  expect(output).not.toContain("[api] unexpected error");
});

async function ask(email: string) {
  const reply = await nobody.post("/password-resets", { email });
  return { status: reply.status, body: reply.body };
}

describe("the reset link by mail", () => {
  it("arrives for an account with a password, works once, and leaves no trace of the token on the account", async () => {
    const email = "olga@example.com";
    const olga = await signedUpClient(server.baseUrl, email, "Olga");
    expect(await ask(email)).toEqual({ status: 202, body: { success: true, message: RESET_ASKED } });

    // The welcome mail of the sign-up comes too.
    const mails = await waitForMailsTo(world.mailpit.webUrl, email, 2);
    const reset = mails.find((mail) => mail.Subject.includes("Reset your password"));
    expect(reset).toBeDefined();
    const text = (await readMail(world.mailpit.webUrl, reset!.ID)).Text;
    const token = decodeURIComponent(/\/reset-password\?token=([\w%-]+)/.exec(text)?.[1] ?? "");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The raw token is nowhere on the account (its due mails stay) nor in the mail's log: the mail derives it from its id.
    const stored = await User.findOne({ email }).select("+passwordHash +resetTokenHash +resetTokenExpires +mailsDue +knownBrowsers").lean();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(await MailLog.find({ userId: stored?._id }).lean())).not.toContain(token);
    expect(stored?.resetTokenHash).toEqual(expect.any(String));

    expect((await nobody.post("/password-resets/confirm", { token, password: "olga-new-pass-1" })).status).toBe(200);
    expect((await olga.get(`/orders/${email}`)).status).toBe(401);
    await new Client(server.baseUrl).signIn(email, "olga-new-pass-1");
    expect((await nobody.post("/password-resets/confirm", { token, password: "olga-new-pass-2" })).status).toBe(400);
  });

  it("tells a Google-only account how it signs in, and sends an unknown address nothing, with the same answer to all three", async () => {
    await User.create({ email: "pia@example.com", displayName: "Pia" });
    await signedUpClient(server.baseUrl, "quinn@example.com", "Quinn");
    const answers = [await ask("nobody-at-all@example.com"), await ask("pia@example.com"), await ask("quinn@example.com")];
    for (const answer of answers) expect(answer).toEqual({ status: 202, body: { success: true, message: RESET_ASKED } });

    // The unknown address was asked for first: by the time the others' mails are in, it would be too.
    const [pias] = await waitForMailsTo(world.mailpit.webUrl, "pia@example.com");
    await waitForMailsTo(world.mailpit.webUrl, "quinn@example.com", 2);
    expect(pias?.Subject).toContain("How you sign in");
    const piasText = (await readMail(world.mailpit.webUrl, pias!.ID)).Text;
    expect(piasText).toMatch(/Google/);
    expect(piasText).not.toContain("reset-password");
    expect(await mailsTo(world.mailpit.webUrl, "nobody-at-all@example.com")).toHaveLength(0);
    expect(await User.exists({ email: "nobody-at-all@example.com" })).toBeNull();
  });
});
