// The shop as it runs when one process is not enough: N `next start` processes of one build behind
// nginx (Debian), sharing one database (MONGODB_URI) and one Redis (REDIS_URL, started here unless
// given) for the cache and the limits. Every process gets the same build, secret and environment;
// sessions are JWTs, so any process serves any visitor (no sticky sessions). nginx is the only
// trusted proxy (TRUSTED_PROXIES=127.0.0.1) and says who the client is and which host and scheme it
// used. Ctrl-C or SIGTERM stops nginx, then the shop processes (each finishing its requests), then
// Redis; scripts/with-db.mjs, which runs this, then stops the database.
//   npm run cluster [-- --processes N] [--port P]   (N: the machine's cores; P: $PORT or 3000)
// Also used by scripts/load.mjs to measure one process against several.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ferretdb.mjs";
import { repoRoot, startNext } from "./harness.mjs";
import { startRedis } from "./redis.mjs";
import { stopChild } from "./stop-child.mjs";

const NGINX = process.env.NGINX_BIN || "/usr/sbin/nginx";
/** Above the shop's largest body cap (part images), so the shop's own 413 message answers. */
const NGINX_BODY_LIMIT = "16m";

/** Installs Debian's nginx when it is missing and we may (root); otherwise says how. */
export function ensureNginxInstalled() {
  if (existsSync(NGINX)) return;
  const how = "apt-get update && apt-get install -y nginx-light";
  if (process.getuid?.() !== 0) throw new Error(`The cluster needs nginx (${NGINX}): install it with \`sudo ${how}\`.`);
  console.log(`[cluster] Installing nginx (${how}); this happens once…`);
  const r = spawnSync("sh", ["-c", how], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (r.status !== 0 || !existsSync(NGINX)) throw new Error(`Could not install nginx with \`${how}\`.`);
}

/** nginx's configuration: one upstream of the shop's processes, kept-alive connections, forwarding headers set (never passed through). */
export function nginxConfig({ dir, port, upstreams, workers = 1 }) {
  const temp = (name) => path.join(dir, "tmp", name);
  // Run as root (the only way to start it on a port below 1024), nginx's workers drop to nobody.
  const asRoot = process.getuid?.() === 0;
  return `# Written by scripts/cluster.mjs for this run.
${asRoot ? "user nobody nogroup;\n" : ""}worker_processes ${workers};
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_max_body_size ${NGINX_BODY_LIMIT};
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  upstream shop {
    least_conn;
${upstreams.map((u) => `    server ${u};`).join("\n")}
    keepalive 64;
    # Below Node's own 5 s: an idle connection is closed by nginx first, never reused as the shop
    # closes it (that race resets the request, and a POST is not retried: a 502).
    keepalive_timeout 4s;
  }
  server {
    listen ${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # Set, not passed through: what a client sent under these names never reaches the shop.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Real-IP "";
      proxy_set_header Forwarded "";
      proxy_buffering off;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

async function startNginx({ dir, port, upstreams, workers }) {
  ensureNginxInstalled();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "tmp"), { recursive: true });
  if (process.getuid?.() === 0) spawnSync("chown", ["-R", "nobody:nogroup", path.join(dir, "tmp")]);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, nginxConfig({ dir, port, upstreams, workers }));
  const child = spawn(NGINX, ["-p", dir, "-c", conf], { stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 15_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode} (see above; port ${port} taken?)`);
    if (Date.now() > deadline) throw new Error(`nginx did not listen on port ${port} within 15 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    // SIGQUIT: nginx's graceful stop, finishing the requests it is proxying.
    stop: () => stopChild(child, exited, { signal: "SIGQUIT", graceMs: 15_000 }),
  };
}

/**
 * Starts Redis (unless env.REDIS_URL names one), `processes` shop processes on free local ports and
 * nginx on `port` in front of them. `env` reaches every shop process. Resolves once nginx answers
 * and every process does; `stop()` stops them all, the front first.
 */
export async function startCluster({ processes, port, env = {}, dir = path.join(repoRoot, ".data", "cluster"), quiet = true }) {
  const stack = [];
  const stopAll = async () => {
    for (const part of stack.reverse()) await part.stop().catch((e) => console.error(`[cluster] ${e.message}`));
  };
  try {
    let redisUrl = env.REDIS_URL ?? process.env.REDIS_URL;
    if (!redisUrl) {
      const redis = await startRedis();
      stack.push(redis);
      redisUrl = redis.url;
      if (!quiet) console.log(`[cluster] Redis at ${redis.url}`);
    }
    const publicUrl = env.NEXTAUTH_URL ?? `http://localhost:${port}`;
    const shared = { TRUSTED_PROXIES: "127.0.0.1", ...env, REDIS_URL: redisUrl, NEXTAUTH_URL: publicUrl };
    const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
    const shops = await Promise.all(ports.map((p) => startNext({ port: p, env: shared, log: quiet ? undefined : (line) => console.log(`[shop :${p}] ${line}`) })));
    stack.push(...shops);
    stack.push(await startNginx({ dir, port, upstreams: ports.map((p) => `127.0.0.1:${p}`), workers: Math.min(processes, os.availableParallelism()) }));
    if (!quiet) console.log(`[cluster] ${processes} shop process(es) on ports ${ports.join(", ")} behind nginx at ${publicUrl}`);
    return { baseUrl: `http://127.0.0.1:${port}`, publicUrl, shops, redisUrl, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const processes = Number(arg("--processes") ?? os.availableParallelism());
  const port = Number(arg("--port") ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(processes) || processes < 1 || !Number.isInteger(port) || port < 1) {
    console.error("usage: npm run cluster [-- --processes N] [--port P]");
    process.exit(2);
  }
  const dist = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(repoRoot, dist, "BUILD_ID"))) {
    console.log(`[cluster] no production build in ${dist}/: building it first (npm run build)`);
    if (spawnSync("npx", ["next", "build"], { stdio: "inherit", cwd: repoRoot }).status !== 0) process.exit(1);
  }
  const cluster = await startCluster({ processes, port, env: { NEXT_DIST_DIR: dist }, quiet: false });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("[cluster] stopping: nginx, the shop processes, Redis");
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
