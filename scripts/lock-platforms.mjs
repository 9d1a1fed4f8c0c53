#!/usr/bin/env node
// The npm registry reachable from our machines carries only the linux-x64 builds of
// platform-specific optional packages (@next/swc-*, @tailwindcss/oxide-*, …), so npm
// leaves the others out of package-lock.json and `npm ci` then calls the lock out of
// sync. This adds each missing optional package as the public registry would list it
// (optional, with its os/cpu), so npm ci skips it on every other platform without
// fetching. Run after any `npm install` that changes the lock: npm run lock:platforms
import { readFileSync, writeFileSync } from "node:fs";

const OSES = ["android", "darwin", "freebsd", "linux", "win32", "openharmony", "sunos", "aix", "netbsd", "openbsd"];
const CPUS = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [where, pkg] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${where ? `${where}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const tokens = name.split("/").pop().split("-");
    const os = OSES.filter((o) => tokens.includes(o));
    const cpu = CPUS.filter((c) => tokens.includes(c));
    if (!cpu.length && !os.length) continue; // not a platform build: leave it to npm
    if (!/^\d+\.\d+\.\d+/.test(spec)) {
      console.error(`cannot pin ${name}@${spec}: not an exact version`);
      process.exitCode = 1;
      continue;
    }
    packages[`node_modules/${name}`] = {
      version: spec,
      ...(cpu.length ? { cpu } : {}),
      ...(os.length ? { os } : {}),
      optional: true,
    };
    added++;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`[lock] added ${added} platform-specific optional packages`);
