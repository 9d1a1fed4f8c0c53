// Debian's nginx in front of the shop's processes (npm run cluster): installed on first use, started
// on a port it must really have bound, stopped gracefully. Its configuration: scripts/services/nginx-config.mjs.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { ensureDebianPackage } from "./debian-package.mjs";
import { nginxConfig } from "./nginx-config.mjs";
import { acceptsConnections, startServerProcess } from "./server-process.mjs";

const NGINX = process.env.NGINX_BIN || "/usr/sbin/nginx";

/** Installs Debian's nginx when it is missing and we may (root); otherwise says how. */
export function ensureNginxInstalled() {
  ensureDebianPackage({ binary: NGINX, pkg: "nginx-light", what: "nginx", neededFor: "The cluster", tag: "cluster" });
}

/** Refuses a port another program listens on: nginx would fail to bind it while that program answered for it. */
export function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (error) => {
      const taken = error.code === "EADDRINUSE";
      reject(taken ? new Error(`Port ${port} is taken by another program: nginx cannot listen on it. Stop that program or choose another port (--port P, or PORT).`) : error);
    });
    // No host: the wildcard address, the one nginx's `listen PORT` binds.
    server.listen({ port, exclusive: true }, () => server.close(() => resolve()));
  });
}

const pidIn = (file) => {
  try {
    return Number(readFileSync(file, "utf8").trim());
  } catch {
    return null;
  }
};

/**
 * Starts nginx on `port` in front of `upstreams`; resolves once it listens there, stopped again if it
 * does not. `proxySecret`: sent to the shop with every request (its configuration file is readable by
 * its owner only).
 */
export async function startNginx({ dir, port, upstreams, workers, detached = false, connectionsPerClient, proxySecret }) {
  ensureNginxInstalled();
  await assertPortFree(port);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "tmp"), { recursive: true });
  if (process.getuid?.() === 0) spawnSync("chown", ["-R", "nobody:nogroup", path.join(dir, "tmp")]);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, nginxConfig({ dir, port, upstreams, workers, connectionsPerClient, proxySecret }), { mode: 0o600 });
  const pidFile = path.join(dir, "nginx.pid");
  let pid;
  const nginx = await startServerProcess({
    name: "nginx",
    command: NGINX,
    args: ["-p", dir, "-c", conf],
    spawnOptions: { stdio: ["ignore", "inherit", "inherit"] },
    detached,
    onSpawn: (child) => (pid = child.pid),
    // Its pid file is written only once it has bound its port, so a program already answering on
    // the port is never taken for it.
    answers: async () => pidIn(pidFile) === pid && (await acceptsConnections(port)),
    pollMs: 50,
    timeoutMs: 15_000,
    // SIGQUIT: nginx's graceful stop, finishing the requests it is proxying.
    stopSignal: "SIGQUIT",
    graceMs: 15_000,
    hint: () => ` on port ${port}; see its log above`,
  });
  return { pid: nginx.pid, exit: nginx.exit, stop: nginx.stop };
}
