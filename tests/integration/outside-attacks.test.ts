import { describe, expect, it } from "vitest";
import { User } from "@/models/User";
import { ALICE, BOB, setUpApiWorld } from "../support/api";
import { Client, signedUpClient } from "../support/client";

// Attacks from outside on the merged shop that got through, each replayed against the production
// server: look-alike accounts, server actions posted by other sites or naming no action of ours, and racing password changes.
const world = setUpApiWorld();

describe("sign-up with a look-alike of an existing email", () => {
  it("refuses dots that make a second account of the same mailbox, and creates nothing", async () => {
    const lookAlikes = [`${ALICE}.`, `.${ALICE}`, "alice..doe@example.com", "alice.@example.com", "alice@example..com", "alice@example.com-"];
    for (const email of lookAlikes) {
      await expect(new Client(world.server.baseUrl).signUp(email, "takeover-pass-9", "Mallory"), email).rejects.toThrow(/Provide%20a%20valid%20Email/);
    }
    expect(await User.countDocuments({ displayName: "Mallory" })).toBe(0);
  });

  it("still takes plain addresses with dots, plus signs and sub-domains", async () => {
    await signedUpClient(world.server.baseUrl, "jane.doe+parts@mail.example.co.uk", "Jane");
  });
});

/** The sign-in page's form as a browser without JavaScript would post it, with its hidden fields. */
async function signInForm(email: string, password: string): Promise<FormData> {
  const html = await (await fetch(`${world.server.baseUrl}/signin`)).text();
  const form = new FormData();
  for (const [, name = "", value = ""] of html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)) {
    form.set(name, value.replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
  }
  form.set("email", email);
  form.set("password", password);
  return form;
}

describe("the sign-in form's server action posted by another site", () => {
  it("is refused with a 403, not a 500, and signs nobody in; from the shop's own origin it signs in", async () => {
    const port = new URL(world.server.baseUrl).port;
    const foreign = ["http://evil.example", "null", `http://127.0.0.1:${Number(port) + 1}`, `http://localhost:${port}`, `https://127.0.0.1:${port}`];
    for (const origin of foreign) {
      const reply = await fetch(`${world.server.baseUrl}/signin`, { method: "POST", headers: { origin }, body: await signInForm(ALICE, "secret-pass-1"), redirect: "manual" });
      expect(reply.status, origin).toBe(403);
      expect(await reply.text()).toContain("Cross-site request refused");
      expect(reply.headers.getSetCookie().join(";")).not.toContain("session-token");
    }
    const own = await fetch(`${world.server.baseUrl}/signin`, { method: "POST", headers: { origin: world.server.baseUrl }, body: await signInForm(ALICE, "secret-pass-1"), redirect: "manual" });
    expect(own.status).toBe(303);
    expect(own.headers.getSetCookie().join(";")).toContain("next-auth.session-token=");
    expect(world.server.output()).not.toContain("Invalid Server Actions request");
  });
});

describe("password changes sent at the same time", () => {
  it("lets one through; the others are refused and their sessions end, so no session outlives the change", async () => {
    const owner = await signedUpClient(world.server.baseUrl, "hana@example.com", "Hana");
    const sessions = [owner, owner.clone(), owner.clone()];
    const replies = await Promise.all(sessions.map((session, i) => session.put("/user/password", { currentPassword: "secret-pass-1", newPassword: `hana-new-pass-${i}` })));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // Under the account's lock the later ones find the current password already changed (403); 409 if
    // a write slipped past the lock.
    expect(statuses.filter((status) => status === 403 || status === 409)).toHaveLength(2);

    const winner = statuses.indexOf(200);
    const stillSignedIn = await Promise.all(sessions.map(async (session) => (await session.get("/orders/hana@example.com")).status));
    expect(stillSignedIn).toEqual(sessions.map((_, i) => (i === winner ? 200 : 401)));
    await new Client(world.server.baseUrl).signIn("hana@example.com", `hana-new-pass-${winner}`);
  });
});

describe("text that reads as something else", () => {
  it("refuses bidirectional overrides and isolates in names and reviews, and stores nothing", async () => {
    const spoofs = ["Alice\u202Enimda", "Bob\u2066 (admin)\u2069", "\u202Agreat\u202C"];
    for (const text of spoofs) {
      const profile = await world.bob.put("/user/profile/bob@example.com", { name: text, phone: "555", address: "1 Road" });
      expect(profile.status, JSON.stringify(text)).toBe(400);
      expect(profile.body).toEqual({ success: false, message: "name: Must not contain control characters" });
      const review = await world.bob.post("/reviews", { rating: 5, description: text });
      expect(review.status, JSON.stringify(text)).toBe(400);
    }
    expect((await User.findOne({ email: "bob@example.com" }).lean())?.displayName).toBe("Bob Roe");
    // Marks that only set a direction (used in mixed Arabic, Hebrew and Latin text) are kept.
    expect((await world.bob.post("/reviews", { rating: 5, description: "\u200Fشكرا\u200E, thanks" })).status).toBe(201);
  });
});

/** A POST to the sign-in page naming a server action, as a script or a stale page sends it. */
function postAction(headers: Record<string, string>, body: BodyInit): Promise<Response> {
  return fetch(`${world.server.baseUrl}/signin`, { method: "POST", headers: { origin: world.server.baseUrl, ...headers }, body, redirect: "manual" });
}

function actionForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("POSTs naming a server action the shop does not have", () => {
  it("get Next's short refusal, and each leaves one escaped line in the log, no stack", async () => {
    const before = world.server.output().length;
    const unknownId = "7f" + "0".repeat(40);
    const replies = [
      await postAction({ "next-action": "not-an-action", "content-type": "text/plain;charset=UTF-8" }, "[]"),
      await postAction({ "next-action": unknownId, "content-type": "text/plain;charset=UTF-8" }, "[]"),
      await postAction({}, actionForm({ [`$ACTION_ID_${unknownId}`]: "", email: "a@b.cd" })),
      await postAction({}, actionForm({ $ACTION_REF_1: "", "1_$ACTION_ID_x": "" })),
      // An id of the right length that carries a line break, to forge a log line of its own.
      await postAction({}, actionForm({ [`$ACTION_ID_${"a".repeat(20)}\n[auth] forged${"b".repeat(7)}`]: "" })),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([400, 409, 409, 400, 409]);
    expect(await replies[0]?.text()).toBe("Invalid Server Action request.");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = world.server.output().slice(before);
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toMatch(/^\[auth\] forged/m);
    expect(log.match(/^\[server\] refused server action: /gm)).toHaveLength(replies.length);
  });
});

describe("server action bodies that cannot be decoded", () => {
  it("get a 400 before the action runs, and leave no stack trace in the log", async () => {
    const before = world.server.output().length;
    const { id } = JSON.parse(String((await signInForm(ALICE, "secret-pass-1")).get("$ACTION_1:0"))) as { id: string };
    const boundary = "----cut-short";
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const multipart = { "content-type": `multipart/form-data; boundary=${boundary}` };
    const replies = [
      // Arguments pointing at a form the plain body cannot carry.
      await postAction({ "next-action": id, "content-type": "text/plain;charset=UTF-8" }, '["$K1"]'),
      await postAction({ "next-action": id, "content-type": "text/plain;charset=UTF-8" }, "[{"),
      // The script's form, and a browser's form without JavaScript, cut short.
      await postAction({ "next-action": id, ...multipart }, `${part("1_email", ALICE)}${part("0", '[{},"$K1"]')}--${boundary}\r\nContent-Disposition: form-data; name="1_pass`),
      await postAction(multipart, `${part("$ACTION_REF_1", "")}--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nali`),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([400, 400, 400, 400]);
    expect(await replies[0]?.text()).toContain("The form could not be read.");
    // A whole body whose arguments hold no form: answered as an empty form, not a crash.
    const noForm = await postAction({ "next-action": id, ...multipart }, `${part("0", '["$K1"]')}--${boundary}--\r\n`);
    expect(noForm.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = world.server.output().slice(before);
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toMatch(/TypeError|Unexpected end of form|Failed to parse body/);
  });
});

describe("refused sign-ins", () => {
  // Last: it uses up 127.0.0.1's sign-in failures on this server.
  it("leave at most a short line each in the log, never a stack trace, and the sign-in form says why", async () => {
    const base = world.server.baseUrl;
    const before = world.server.output().length;
    // next-auth's endpoint first (the address's last failures, then its refusals), then the sign-in form.
    for (let i = 0; i < 10; i++) await expect(new Client(base).signIn(BOB, `wrong-pass-${i}`)).rejects.toThrow(/Wrong%20email%20or%20password|Too%20many%20attempts/);
    await expect(new Client(base).signIn(BOB, "secret-pass-1")).rejects.toThrow(/Too%20many%20attempts/);
    for (let i = 0; i < 3; i++) {
      const reply = await fetch(`${base}/signin`, { method: "POST", headers: { origin: base }, body: await signInForm(BOB, "secret-pass-1"), redirect: "manual" });
      expect(reply.status).toBe(200);
      expect((await reply.text()).match(/<p role="alert"[^>]*>([^<]*)</)?.[1]).toBe("Too many attempts. Try again in 15 minutes.");
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = world.server.output().slice(before).split("\n").filter((line) => line.trim() !== "");
    expect(lines.length).toBeLessThanOrEqual(14);
    expect(lines.filter((line) => /^\s+at /.test(line) || line.length > 200)).toEqual([]);
  });
});
