import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCluster, type Cluster } from "../../scripts/services/cluster.mjs";
import { CONNECTIONS_PER_CLIENT, nginxConfig, PROXY_SECRET_HEADER, SHOP_BODY_CAP, SHOP_PART_IMAGE_CAP } from "../../scripts/services/nginx-config.mjs";
import { startNginx } from "../../scripts/services/nginx.mjs";
import { repoRoot } from "../../scripts/services/paths.mjs";
import { freePort } from "../../scripts/services/server-process.mjs";
import { signIn } from "../../scripts/services/sign-in.mjs";
import { WRONG_CREDENTIALS } from "@/lib/auth/messages";
import { MAX_BODY_BYTES } from "@/lib/server/body-cap";
import { PROXY_SECRET_HEADER as SHOP_PROXY_SECRET_HEADER } from "@/lib/server/trusted-proxies";
import { PART_IMAGE_MAX_BYTES } from "@/lib/validation/part-image";
import { Client } from "../support/client";
import { TEST_AUTH_SECRET } from "../support/server";

const FAILURES_PER_ADDRESS = 3;
const ADDRESS_LOCKED = /^Too many attempts\. Try again in \d+ minutes?\.$/;

/** A request through node:http, from `localAddress` (another loopback address: another visitor) when given. */
function send(url: string, { method = "GET", headers = {}, body, localAddress }: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string }) {
  return new Promise<{ headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = http.request(url, { method, headers, localAddress }, (reply) => {
      let text = "";
      reply.on("data", (chunk) => (text += chunk));
      reply.on("end", () => resolve({ headers: reply.headers, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * One credentials sign-in with a wrong password at `baseUrl` (nginx, or a shop process directly),
 * sending `headers`, from `localAddress` when given; the error next-auth reports.
 */
async function wrongPassword(baseUrl: string, email: string, { headers = {}, localAddress }: { headers?: Record<string, string>; localAddress?: string } = {}): Promise<string | null> {
  const csrf = await send(`${baseUrl}/api/auth/csrf`, { headers, localAddress });
  const cookie = (csrf.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
  const form = new URLSearchParams({ email, password: "wrong-guess", csrfToken: (JSON.parse(csrf.text) as { csrfToken: string }).csrfToken, callbackUrl: baseUrl, json: "true" });
  const reply = await send(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, cookie, ...headers },
    body: form.toString(),
    localAddress,
  });
  return new URL((JSON.parse(reply.text) as { url?: string }).url ?? "", baseUrl).searchParams.get("error");
}

const NOT_ANSWERING = "The shop is not answering just now; please try again in a moment.";
const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

/** The processes this test process started that are still running (its children), by pid. */
function ourChildren(): Set<number> {
  const list = spawnSync("pgrep", ["-P", String(process.pid)], { encoding: "utf8" }).stdout;
  return new Set(list.split("\n").filter(Boolean).map(Number));
}

/** Whether a process, or any process of the group it led (nginx's workers), is still running (a zombie is not). */
function alive(pid: number): boolean {
  const members = spawnSync("pgrep", ["-g", String(pid)], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
  return [String(pid), ...members].some((member) => {
    const stat = spawnSync("cat", [`/proc/${member}/stat`], { encoding: "utf8" }).stdout;
    return stat !== "" && !/^\d+ \(.*\) Z/.test(stat);
  });
}

/** POSTs `bytes` bytes to `pathname`; the status, the JSON message (or null), whether the shop answered, and how long it took. */
async function post(baseUrl: string, pathname: string, bytes: number) {
  const started = Date.now();
  const reply = await fetch(`${baseUrl}${pathname}`, { method: "POST", headers: { "content-type": "application/octet-stream" }, body: new Uint8Array(bytes) });
  const json = reply.headers.get("content-type")?.startsWith("application/json") ? ((await reply.json()) as { message?: string }) : null;
  if (!json) await reply.arrayBuffer();
  // Every reply of the shop's carries its security headers; nginx's own errors do not.
  const fromShop = reply.headers.has("content-security-policy");
  return { status: reply.status, message: json?.message ?? null, fromShop, ms: Date.now() - started };
}

// npm run cluster's shape, as a visitor meets it: nginx in front of two `next start` processes of
// one build, one database, one Redis.

describe("several shop processes behind nginx (npm run cluster)", () => {
  let cluster: Cluster;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    port = await freePort();
    dir = tempDir("cluster-");
    cluster = await startCluster({
      processes: 2,
      port,
      dir,
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
    const guesser = "127.0.0.4";
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      const forged = { "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `198.51.100.${i}`, forwarded: `for=192.0.2.${i}` };
      expect(await wrongPassword(cluster.baseUrl, `nobody-${i}@example.com`, { headers: forged, localAddress: guesser })).toBe(WRONG_CREDENTIALS);
    }
    const yetAnother = { "x-forwarded-for": "203.0.113.99", "x-real-ip": "198.51.100.99" };
    expect(await wrongPassword(cluster.baseUrl, "nobody-else@example.com", { headers: yetAnother, localAddress: guesser })).toMatch(ADDRESS_LOCKED);
  });

  it("counts a program that reaches a shop process directly by its own address, whatever X-Forwarded-For it sends, and nginx's visitors each by theirs", async () => {
    const shop = cluster.shops[1]!.baseUrl;
    const visitor = "127.0.0.2";
    // Another program on the machine (127.0.0.1, nginx's own address) names a visitor it wants locked out.
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      expect(await wrongPassword(shop, `framing-${i}@example.com`, { headers: { "x-forwarded-for": visitor } })).toBe(WRONG_CREDENTIALS);
    }
    expect(await wrongPassword(cluster.baseUrl, "visitor@example.com", { localAddress: visitor })).toBe(WRONG_CREDENTIALS);
    // Its guesses were its own: naming yet another address does not get it more.
    expect(await wrongPassword(shop, "framing-more@example.com", { headers: { "x-forwarded-for": "203.0.113.77" } })).toMatch(ADDRESS_LOCKED);
    // Through nginx each visitor still has an allowance of its own.
    for (let i = 1; i < FAILURES_PER_ADDRESS; i++) expect(await wrongPassword(cluster.baseUrl, "visitor@example.com", { localAddress: visitor })).toBe(WRONG_CREDENTIALS);
    expect(await wrongPassword(cluster.baseUrl, "visitor@example.com", { localAddress: visitor })).toMatch(ADDRESS_LOCKED);
    expect(await wrongPassword(cluster.baseUrl, "neighbour@example.com", { localAddress: "127.0.0.3" })).toBe(WRONG_CREDENTIALS);
  });

  it("keeps the secret nginx proves itself with in a file only its owner reads, out of the shop's log", () => {
    const conf = path.join(dir, "nginx.conf");
    const secret = new RegExp(`proxy_set_header ${PROXY_SECRET_HEADER} "([\\w-]{32,})";`).exec(readFileSync(conf, "utf8"))?.[1];
    expect(secret).toBeDefined();
    expect(statSync(conf).mode & 0o077).toBe(0);
    for (const shop of cluster.shops) expect(shop.output()).not.toContain(secret);
  });

  it("refuses a body over the shop's cap with its JSON 413, whether the shop or nginx refuses it, at once", async () => {
    const justOver = await post(cluster.baseUrl, "/api/auth/callback/credentials", MAX_BODY_BYTES + 100);
    expect(justOver).toMatchObject({ status: 413, message: `The request body is larger than ${MAX_BODY_BYTES} bytes.`, fromShop: true });
    const farOver = await post(cluster.baseUrl, "/api/auth/callback/credentials", 1024 * 1024);
    expect(farOver).toMatchObject({ status: 413, message: `The request body is larger than ${MAX_BODY_BYTES} bytes.`, fromShop: false });
    expect(Math.max(justOver.ms, farOver.ms)).toBeLessThan(2_000);
  });

  it("lets a part image through to the shop, its own cap answering above it; nginx refuses only far above", async () => {
    const withinCap = await post(cluster.baseUrl, "/part-images", PART_IMAGE_MAX_BYTES);
    expect(withinCap.status).not.toBe(413);
    expect(withinCap.fromShop).toBe(true);
    const threeMegabytes = await post(cluster.baseUrl, "/part-images", 3 * 1024 * 1024);
    expect(threeMegabytes).toMatchObject({ status: 413, message: `The request body is larger than ${PART_IMAGE_MAX_BYTES} bytes.`, fromShop: true });
    const fiveMegabytes = await post(cluster.baseUrl, "/part-images", 5 * 1024 * 1024);
    expect(fiveMegabytes).toMatchObject({ status: 413, message: `The request body is larger than ${PART_IMAGE_MAX_BYTES} bytes.`, fromShop: false });
  });

  it("passes headers up to the shop's own limit, so the shop answers a larger one itself (431)", async () => {
    const reply = await fetch(`${cluster.baseUrl}/carparts`, { headers: { cookie: `big=${"x".repeat(20 * 1024)}` } });
    await reply.arrayBuffer();
    expect(reply.status).toBe(431);
  });

  it("keeps answering when one shop process dies: nginx sends the visitors to the other", async () => {
    const logged = vi.spyOn(console, "error");
    const [first] = cluster.shops;
    process.kill(first!.pid!, "SIGKILL");
    await first!.exit;
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringMatching(/shop process .* exited unexpectedly \(signal SIGKILL\)/)));
    logged.mockRestore();
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
    // Without a secret the header still goes out empty: a client's own never passes through.
    expect(text).toContain(`proxy_set_header ${PROXY_SECRET_HEADER} "";`);
    expect(PROXY_SECRET_HEADER.toLowerCase()).toBe(SHOP_PROXY_SECRET_HEADER);
    const file = path.join(dir, "nginx.conf");
    writeFileSync(file, text);
    const check = spawnSync("/usr/sbin/nginx", ["-t", "-p", dir, "-c", file], { encoding: "utf8" });
    expect(check.stderr).toContain("syntax is ok");
  });

  it("knows the shop's body caps, and lets a body through to the shop only a margin above them", () => {
    expect(SHOP_BODY_CAP).toBe(MAX_BODY_BYTES);
    expect(SHOP_PART_IMAGE_CAP).toBe(PART_IMAGE_MAX_BYTES);
    const text = nginxConfig({ dir: "/tmp", port: 8080, upstreams: ["127.0.0.1:3001"] });
    expect(text).toMatch(/client_max_body_size 17k;[\s\S]*location = \/part-images \{\n\s+client_max_body_size 4m;/);
    expect(text).toContain("client_header_timeout 10s;");
    expect(CONNECTIONS_PER_CLIENT).toBe(Number(process.env.CLUSTER_CONNECTIONS_PER_CLIENT ?? 512));
    expect(text).toContain(`limit_conn per_client ${CONNECTIONS_PER_CLIENT};`);
  });
});

describe("nginx in front of a shop that does not answer", () => {
  let port: number;
  let nginx: Awaited<ReturnType<typeof startNginx>>;

  beforeAll(async () => {
    port = await freePort();
    nginx = await startNginx({ dir: tempDir("nginx-"), port, upstreams: [`127.0.0.1:${await freePort()}`] });
  });

  afterAll(async () => {
    await nginx?.stop();
  });

  it("answers a POST with a JSON 502 in the shop's error shape", async () => {
    const reply = await post(`http://127.0.0.1:${port}`, "/api/cart", 10);
    expect(reply).toMatchObject({ status: 502, message: NOT_ANSWERING, fromShop: false });
  });

  it("answers a request it cannot read with a JSON 400", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = net.connect({ host: "127.0.0.1", port }, () => socket.write("NOT A REQUEST\r\n\r\n"));
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/content-type: application\/json/i);
    expect(raw).toContain('{"success":false,"message":"The request could not be read."}');
  });

  it("answers a header line over its buffers with a JSON 431", async () => {
    const reply = await fetch(`http://127.0.0.1:${port}/carparts`, { headers: { cookie: `big=${"x".repeat(40 * 1024)}` } });
    expect(reply.status).toBe(431);
    expect(await reply.json()).toEqual({ success: false, message: "The request headers are too large." });
  });

  it("refuses a port another program listens on, naming it, and starts nothing", async () => {
    const squatter = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const taken = (squatter.address() as net.AddressInfo).port;
    const before = ourChildren();
    try {
      await expect(startNginx({ dir: tempDir("nginx-"), port: taken, upstreams: ["127.0.0.1:1"] })).rejects.toThrow(`Port ${taken} is taken by another program`);
      await expect(startCluster({ processes: 1, port: taken, dir: tempDir("cluster-") })).rejects.toThrow(`Port ${taken} is taken by another program`);
      expect([...ourChildren()].filter((pid) => !before.has(pid))).toEqual([]);
    } finally {
      squatter.close();
    }
  });
});

describe("a cluster whose shop processes cannot start", () => {
  it("stops every part it started (Redis, the other processes) before reporting the error", async () => {
    const before = ourChildren();
    const start = startCluster({
      processes: 2,
      port: await freePort(),
      dir: tempDir("cluster-"),
      // A malformed TRUSTED_PROXIES stops the shop at start-up (lib/server/server-lifecycle.ts).
      env: { NEXTAUTH_SECRET: TEST_AUTH_SECRET, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-test", TRUSTED_PROXIES: "not-an-address" },
    });
    await expect(start).rejects.toThrow(/TRUSTED_PROXIES/);
    expect([...ourChildren()].filter((pid) => !before.has(pid))).toEqual([]);
  }, 60_000);
});

/** `npm run cluster` itself (one shop process), in a process group of its own as a terminal would run it; resolves once it serves. */
async function startClusterCli(port: number): Promise<{ cli: ChildProcess; log: () => string; pids: () => number[]; exit: Promise<number | null> }> {
  const env = { ...process.env, NEXTAUTH_SECRET: TEST_AUTH_SECRET, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-test" };
  const cli = spawn(process.execPath, [path.join(repoRoot, "scripts", "services", "cluster.mjs"), "--processes", "1", "--port", String(port), "--dir", tempDir("cluster-cli-")], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  cli.stdout!.on("data", (chunk) => (log += chunk));
  cli.stderr!.on("data", (chunk) => (log += chunk));
  const exit = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!log.includes("behind nginx")) {
    if (cli.exitCode !== null || Date.now() > deadline) throw new Error(`npm run cluster did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pids = () => [...log.matchAll(/\(pid (\d+)\)|pids? (\d+)/g)].map((m) => Number(m[1] ?? m[2]));
  return { cli, log: () => log, pids, exit };
}

describe("npm run cluster (scripts/services/cluster.mjs)", () => {
  it("on Ctrl-C (SIGINT to its whole process group), finishes the requests in flight, stops every part and exits 0", async () => {
    const port = await freePort();
    const { cli, pids, exit } = await startClusterCli(port);
    const clients = Array.from({ length: 6 }, () => new Client(`http://127.0.0.1:${port}`));
    const tokens = await Promise.all(clients.map((c) => c.get<{ csrfToken: string }>("/api/auth/csrf").then((r) => r.body.csrfToken)));
    // Sign-ins: slow (scrypt), so most are still in flight when the signal comes.
    let signalled = 0;
    const attempts = clients.map((c, i) => {
      const form = new URLSearchParams({ email: `in-flight-${i}@example.com`, password: "wrong-guess", csrfToken: tokens[i]!, callbackUrl: c.baseUrl, json: "true" });
      const headers = { "content-type": "application/x-www-form-urlencoded" };
      return c.call("POST", "/api/auth/callback/credentials", { body: form.toString(), headers }).then(
        (reply) => (reply.status < 500 ? (signalled ? "answered after the signal" : "answered") : `status ${reply.status}`),
        (error: unknown) => String(error),
      );
    });
    await new Promise((r) => setTimeout(r, 50));
    process.kill(-cli.pid!, "SIGINT");
    signalled = Date.now();
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => !o.startsWith("answered"))).toEqual([]);
    expect(outcomes).toContain("answered after the signal");
    expect(await exit).toBe(0);
    expect(pids().length).toBeGreaterThanOrEqual(3);
    expect(pids().filter(alive)).toEqual([]);
  }, 60_000);

  it("stops the whole cluster with exit code 1, saying why, when nginx exits", async () => {
    const { log, pids, exit } = await startClusterCli(await freePort());
    const nginxPid = Number(/behind nginx \(pid (\d+)\)/.exec(log())![1]);
    process.kill(nginxPid, "SIGKILL");
    expect(await exit).toBe(1);
    expect(log()).toMatch(/nginx \(pid \d+\) exited unexpectedly \(signal SIGKILL\)/);
    expect(pids().filter(alive)).toEqual([]);
  }, 60_000);
});
