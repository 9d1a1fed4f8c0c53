import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { passwordChangedSchema } from "@/lib/validation/responses";
import { User } from "@/models/User";
import { setUpApiWorld } from "../support/api";
import { Client, signedUpClient } from "../support/client";
import { TEST_AUTH_SECRET } from "../support/server";

// Sessions that really end (sign-out, a password change), SPEC 8's password update, and no
// password attached to an existing account by sign-up.
const world = setUpApiWorld();
const PASSWORD = "secret-pass-1";

describe("sign-out", () => {
  it("ends the session: a cookie captured before sign-out is refused by the API and by the session endpoint", async () => {
    const dave = await signedUpClient(world.server.baseUrl, "dave@example.com", "Dave");
    const captured = dave.clone();
    expect((await captured.get("/orders/dave@example.com")).status).toBe(200);

    await dave.signOut();
    const replayed = await captured.get("/orders/dave@example.com");
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ success: false, message: expect.any(String) });
    expect((await captured.get("/api/auth/session")).body).toEqual({});

    // Signing in again gives a session that works.
    await dave.signIn("dave@example.com", PASSWORD);
    expect((await dave.get("/orders/dave@example.com")).status).toBe(200);
  });
});

describe("password change (PUT /user/password)", () => {
  it("answers 'No user is logged in' without a session", async () => {
    const reply = await world.nobody.put("/user/password", { currentPassword: PASSWORD, newPassword: "another-pass-2" });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ success: false, message: "No user is logged in" });
  });

  it("checks the current password and holds the new one to sign-up's rules, changing nothing when it refuses", async () => {
    const erin = await signedUpClient(world.server.baseUrl, "erin@example.com", "Erin");
    const refusals: [unknown, number, RegExp][] = [
      [{ newPassword: "another-pass-2" }, 400, /current password/i],
      [{ currentPassword: "not-my-password", newPassword: "another-pass-2" }, 403, /current password is not correct/i],
      [{ currentPassword: PASSWORD, newPassword: "abc" }, 400, /Must be 6 characters or longer/],
      [{ currentPassword: PASSWORD, newPassword: "Password123" }, 400, /most common/],
      [{ currentPassword: PASSWORD, newPassword: { $ne: null } }, 400, /newPassword/],
    ];
    for (const [body, status, message] of refusals) {
      const reply = await erin.put("/user/password", body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.body).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    expect((await erin.get("/orders/erin@example.com")).status).toBe(200);
    await new Client(world.server.baseUrl).signIn("erin@example.com", PASSWORD);
  });

  it("keeps the session that changed it, ends every other one, and only the new password signs in", async () => {
    const frank = await signedUpClient(world.server.baseUrl, "frank@example.com", "Frank");
    const otherDevice = new Client(world.server.baseUrl);
    await otherDevice.signIn("frank@example.com", PASSWORD);
    const capturedBefore = frank.clone();

    const reply = await frank.put("/user/password", { currentPassword: PASSWORD, newPassword: "frank-new-pass-3" });
    expect(reply.status).toBe(200);
    expect(passwordChangedSchema.parse(reply.body).success).toBe(true);

    expect((await frank.get("/orders/frank@example.com")).status).toBe(200);
    expect((await otherDevice.get("/orders/frank@example.com")).status).toBe(401);
    expect((await capturedBefore.get("/orders/frank@example.com")).status).toBe(401);
    await expect(new Client(world.server.baseUrl).signIn("frank@example.com", PASSWORD)).rejects.toThrow(/sign-in failed/);
    await new Client(world.server.baseUrl).signIn("frank@example.com", "frank-new-pass-3");
  });
});

describe("accounts made by a Google sign-in (no password)", () => {
  const GINA = "gina@example.com";

  it("sign-up with their email is refused and attaches no password, so nobody takes the account over", async () => {
    await User.create({ email: GINA, displayName: "Gina", role: "admin" });
    const attacker = new Client(world.server.baseUrl);
    await expect(attacker.signUp(GINA, "attacker-pass-9", "Mallory")).rejects.toThrow(/already%20exists|already exists/);
    expect(attacker.signedIn).toBe(false);
    const stored = await User.findOne({ email: GINA }).select("+passwordHash").lean();
    expect(stored?.passwordHash).toBeUndefined();
    expect(stored?.displayName).toBe("Gina");
    await expect(new Client(world.server.baseUrl).signIn(GINA, "attacker-pass-9")).rejects.toThrow(/sign-in failed/);
  });

  it("their signed-in owner is told there is no password to change, and may set one", async () => {
    // The session a Google sign-in gives (the provider itself cannot be reached from a test).
    const owner = new Client(world.server.baseUrl);
    owner.setCookie("next-auth.session-token", await encode({ token: { email: GINA, name: "Gina", sessionVersion: 0 }, secret: TEST_AUTH_SECRET }));
    expect((await owner.get(`/orders/${GINA}`)).status).toBe(200);

    const told = await owner.put("/user/password", { currentPassword: "anything-1", newPassword: "gina-own-pass-7" });
    expect(told.status).toBe(400);
    expect(told.body).toEqual({ success: false, message: expect.stringMatching(/Google and has no password to change/) });

    expect((await owner.put("/user/password", { newPassword: "gina-own-pass-7" })).status).toBe(200);
    expect((await owner.get(`/orders/${GINA}`)).status).toBe(200);
    await new Client(world.server.baseUrl).signIn(GINA, "gina-own-pass-7");
  });
});

describe("unreadable session cookies", () => {
  it("are one log line per request, never a stack trace", async () => {
    const before = world.server.output().split("\n").length;
    const junk = new Client(world.server.baseUrl);
    junk.setCookie("next-auth.session-token", "not-a-session-token");
    expect((await junk.get("/api/auth/session")).body).toEqual({});
    expect((await junk.get("/orders/alice@example.com")).status).toBe(401);
    expect((await junk.get("/dashboard/my-profile")).status).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const logged = world.server.output().split("\n").slice(before - 1).filter((line) => line.trim() !== "");
    expect(logged.filter((line) => /^\s+at /.test(line))).toEqual([]);
    expect(logged.length).toBeLessThanOrEqual(3);
  });
});
