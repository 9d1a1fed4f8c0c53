import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nginxConfig, startCluster, type Cluster } from "../../scripts/cluster.mjs";
import { freePort } from "../../scripts/ferretdb.mjs";
import { signIn } from "../../scripts/harness.mjs";
import { WRONG_CREDENTIALS } from "@/lib/auth/messages";
import { Client } from "../support/client";
import { TEST_AUTH_SECRET } from "../support/server";

const FAILURES_PER_ADDRESS = 3;
const ADDRESS_LOCKED = /^Too many attempts\. Try again in \d+ minutes?\.$/;

/** One failed-or-not credentials sign-in through `client`, sending `headers`; the error next-auth reports, or null. */
async function signInAttempt(client: Client, email: string, password: string, headers: Record<string, string>): Promise<string | null> {
  const csrf = await client.get<{ csrfToken: string }>("/api/auth/csrf");
  const form = new URLSearchParams({ email, password, csrfToken: csrf.body.csrfToken, callbackUrl: client.baseUrl, json: "true" });
  const reply = await client.call<{ url?: string }>("POST", "/api/auth/callback/credentials", {
    body: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
  return new URL(reply.body.url ?? "", client.baseUrl).searchParams.get("error");
}

// npm run cluster's shape, as a visitor meets it: nginx in front of two `next start` processes of
// one build, one database, one Redis.

describe("several shop processes behind nginx (npm run cluster)", () => {
  let cluster: Cluster;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    cluster = await startCluster({
      processes: 2,
      port,
      dir: mkdtempSync(path.join(os.tmpdir(), "cluster-")),
      env: {
        NEXTAUTH_SECRET: TEST_AUTH_SECRET,
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-test",
        AUTH_SIGNIN_FAILURES_PER_IP: String(FAILURES_PER_ADDRESS),
        AUTH_SIGNIN_FAILURES_PER_EMAIL_IP: "1000",
        AUTH_SIGNIN_FAILURES_PER_ACCOUNT: "1000",
      },
    });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("serves the shop on both host names, and a session made through it works on every process", async () => {
    for (const host of ["localhost", "127.0.0.1"]) {
      const reply = await fetch(`http://${host}:${port}/parts`);
      expect(reply.status).toBe(200);
      expect(await reply.text()).toContain("</html>");
    }
    const email = "cluster-customer@example.com";
    const cookie = await signIn(cluster.baseUrl, { email, password: "cluster-pass-123", name: "Cluster Customer" });
    // nginx balances by the fewest open connections: consecutive requests reach both processes.
    for (let i = 0; i < 6; i++) {
      const reply = await fetch(`${cluster.baseUrl}/orders/${encodeURIComponent(email)}`, { headers: { cookie } });
      expect(reply.status).toBe(200);
    }
  });

  it("counts a guesser by the address nginx saw, whatever forwarding headers the guesser sends", async () => {
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      const forged = { "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `198.51.100.${i}`, forwarded: `for=192.0.2.${i}` };
      expect(await signInAttempt(new Client(cluster.baseUrl), `nobody-${i}@example.com`, "wrong-guess", forged)).toBe(WRONG_CREDENTIALS);
    }
    const yetAnother = { "x-forwarded-for": "203.0.113.99", "x-real-ip": "198.51.100.99" };
    expect(await signInAttempt(new Client(cluster.baseUrl), "nobody-else@example.com", "wrong-guess", yetAnother)).toMatch(ADDRESS_LOCKED);
  });

  it("keeps answering when one shop process dies: nginx sends the visitors to the other", async () => {
    const [first] = cluster.shops;
    process.kill(first!.pid!, "SIGKILL");
    for (let i = 0; i < 6; i++) {
      const reply = await fetch(`${cluster.baseUrl}/carparts`);
      expect(reply.status).toBe(200);
    }
  });
});

describe("nginx's configuration", () => {
  it("is valid for nginx and sets the forwarding headers itself, so a client's own never reach the shop", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "nginx-conf-"));
    const text = nginxConfig({ dir, port: 8080, upstreams: ["127.0.0.1:3001", "127.0.0.1:3002"] });
    expect(text).toContain("proxy_set_header X-Forwarded-For $remote_addr;");
    expect(text).toContain('proxy_set_header X-Real-IP "";');
    const file = path.join(dir, "nginx.conf");
    writeFileSync(file, text);
    const check = spawnSync("/usr/sbin/nginx", ["-t", "-p", dir, "-c", file], { encoding: "utf8" });
    expect(check.stderr).toContain("syntax is ok");
  });
});
