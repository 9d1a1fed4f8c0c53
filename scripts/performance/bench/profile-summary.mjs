// Self time of a V8 CPU profile (node --cpu-prof), by function, by package and by file; idle
// and garbage collection are counted apart, not in the shares. Plain Node, no dependencies.
//
//   node scripts/performance/bench/profile-summary.mjs FILE.cpuprofile [--top 30] [--window START-END[,START-END…]]
//        [--root DIR] [--title TEXT] [--json OUT.json]
//
// --window keeps only the samples taken between START and END, in microseconds of the monotonic
// clock (V8 stamps its samples with it, as process.hrtime.bigint() / 1000n reads it in any process
// of the machine): npm run bench passes the measured part of each load run, so warm-up, start-up
// and the other targets are left out. --root (default: the working directory) shortens paths.
//
// Next's server code is bundled and minified (the app's chunks in .next*/server, Next's own
// compiled runtimes): a function there is shown by where the source map puts it (the file and line
// of the original source, e.g. next/src/server/app-render/app-render.tsx or lib/…), and counted under
// that source's package. The minified name is kept. --no-source-maps shows the bundles as they are.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const IDLE = "(idle)";
const GC = "(garbage collector)";

/** A call frame's file as an absolute path, or undefined (node: internals, native code). */
function filePath(url) {
  if (url.startsWith("file://")) return fileURLToPath(url);
  return path.isAbsolute(url) ? url : undefined;
}

/**
 * Where code lives: its package ("next", "react-dom (compiled into next)", "node (internals)",
 * "the shop: lib", …) and a short file name. `file` is a path, a file: URL, a node: URL, or a
 * source map's source (webpack://next/./src/…).
 */
export function locate(url, root) {
  if (!url) return { pkg: "(native, V8)", file: "(native, V8)" };
  if (url.startsWith("node:")) return { pkg: "node (internals)", file: url };
  let file = url;
  const webpack = /^webpack:\/\/([^/]+)\/(?:\.\/)?(.*)$/.exec(file);
  if (webpack) file = `/node_modules/${webpack[1]}/${webpack[2]}`;
  else if (file.startsWith("turbopack:///[project]/")) file = path.join(root, file.slice("turbopack:///[project]/".length));
  else file = filePath(file) ?? file;
  const nm = file.lastIndexOf("/node_modules/");
  if (nm !== -1) {
    const rest = file.slice(nm + "/node_modules/".length);
    const parts = rest.split("/");
    let pkg = parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? rest);
    // Next ships React DOM, the RSC runtime and its other dependencies precompiled in dist/compiled.
    const compiled = /^next\/dist\/compiled\/((?:@[^/]+\/)?[^/]+)\//.exec(rest);
    if (compiled && compiled[1] !== "next-server") pkg = `${compiled[1]} (compiled into next)`;
    return { pkg, file: rest };
  }
  if (path.isAbsolute(file)) file = path.relative(root, file) || file;
  const build = /^(\.next[^/]*)\//.exec(file);
  if (build) return { pkg: `the app's build (${build[1]}, unmapped)`, file };
  return { pkg: file.includes("/") && !file.startsWith("..") ? `the shop: ${file.split("/")[0]}` : file, file };
}

/** Source maps of bundled files, by file path (null when a file has none). */
function sourceMaps() {
  const cache = new Map();
  return (file) => {
    if (cache.has(file)) return cache.get(file);
    let map = null;
    try {
      const text = readFileSync(file, "utf8");
      const ref = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text.slice(-1000));
      const mapFile = ref && !ref[1].startsWith("data:") ? path.resolve(path.dirname(file), decodeURIComponent(ref[1])) : `${file}.map`;
      if (existsSync(mapFile)) {
        const payload = JSON.parse(readFileSync(mapFile, "utf8"));
        // Skip index maps (sections): node:module's SourceMap reads them, but they are not worth it here.
        if (!payload.sections) map = { sm: new SourceMap(payload), dir: path.dirname(mapFile) };
      }
    } catch {
      map = null;
    }
    cache.set(file, map);
    return map;
  };
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The original source, line and (minified) name of a call frame, through its file's source map. */
function original(callFrame, maps) {
  const file = callFrame.url && filePath(callFrame.url);
  const map = file && callFrame.lineNumber >= 0 ? maps(file) : null;
  if (!map) return null;
  const entry = map.sm.findEntry(callFrame.lineNumber, callFrame.columnNumber);
  if (!entry || !entry.originalSource) return null;
  const raw = entry.originalSource;
  const source = /^[a-z]+:\/\//.test(raw) ? raw : path.resolve(map.dir, raw.includes("%") ? safeDecode(raw) : raw);
  return { source, line: entry.originalLine + 1 };
}

/**
 * Self time per function, package and file of a profile, in microseconds.
 * Each sample is charged the time until the next one (as Chrome DevTools does).
 */
export function summarise(profile, { root = process.cwd(), windows = [], top = 30, useSourceMaps = true } = {}) {
  const maps = sourceMaps();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const { samples = [], timeDeltas = [] } = profile;
  let t = profile.startTime;
  const stamps = samples.map((_, i) => (t += timeDeltas[i] ?? 0));
  const inWindow = (ts) => windows.length === 0 || windows.some(([a, b]) => ts >= a && ts <= b);
  let counted = 0;
  for (let i = 0; i < samples.length - 1; i++) {
    if (!inWindow(stamps[i])) continue;
    const dt = stamps[i + 1] - stamps[i];
    self.set(samples[i], (self.get(samples[i]) ?? 0) + dt);
    counted++;
  }
  let idle = 0;
  let gc = 0;
  let busy = 0;
  const fns = new Map();
  const pkgs = new Map();
  const files = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const { functionName, url, lineNumber } = callFrame;
    if (functionName === IDLE) idle += us;
    else if (functionName === GC) gc += us;
    else {
      busy += us;
      const mapped = useSourceMaps ? original(callFrame, maps) : null;
      const where = locate(mapped ? mapped.source : url, root);
      const line = mapped ? mapped.line : lineNumber + 1;
      const name = functionName || "(anonymous)";
      add(fns, url ? `${name}  ${where.file}:${line}` : name, us);
      add(pkgs, where.pkg, us);
      add(files, url ? where.file : name, us);
    }
  }
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10, share: busy ? us / busy : 0 }));
  const wall = windows.length ? windows.reduce((s, [a, b]) => s + (b - a), 0) : profile.endTime - profile.startTime;
  return {
    samples: counted,
    wallMs: Math.round(wall / 1000),
    busyMs: Math.round(busy / 1000),
    idleMs: Math.round(idle / 1000),
    gcMs: Math.round(gc / 1000),
    byFunction: rank(fns),
    byPackage: rank(pkgs),
    byFile: rank(files),
  };
}

export function format(summary, title = "CPU profile") {
  const pct = (s) => `${(s * 100).toFixed(1).padStart(5)}%`;
  const ms = (v) => `${v.toFixed(1).padStart(9)} ms`;
  const section = (heading, rows) => [`  ${heading}`, ...rows.map((r) => `    ${ms(r.ms)} ${pct(r.share)}  ${r.name}`)];
  const all = summary.busyMs + summary.idleMs + summary.gcMs;
  const share = (v) => (all ? `${((v / all) * 100).toFixed(0)}%` : "0%");
  return [
    `${title}: ${summary.samples} samples over ${(summary.wallMs / 1000).toFixed(1)} s; ` +
      `busy ${summary.busyMs} ms (${share(summary.busyMs)}), GC ${summary.gcMs} ms (${share(summary.gcMs)}), idle ${summary.idleMs} ms (${share(summary.idleMs)}); ` +
      `shares below are of the busy time (idle and GC excluded)`,
    ...section(`self time by function (top ${summary.byFunction.length})`, summary.byFunction),
    ...section(`self time by package (top ${summary.byPackage.length})`, summary.byPackage),
    ...section(`self time by file (top ${summary.byFile.length})`, summary.byFile),
  ].join("\n");
}

function parseWindows(text) {
  return text
    .split(",")
    .filter(Boolean)
    .map((w) => {
      const [a, b] = w.split("-").map(Number);
      if (!Number.isFinite(a) || !Number.isFinite(b) || b < a) throw new Error(`bad --window ${w}: START-END in microseconds`);
      return [a, b];
    });
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    if (i === -1) return undefined;
    const value = args[i + 1];
    args.splice(i, 2);
    return value;
  };
  const top = Number(opt("--top") ?? 30);
  let windows;
  try {
    windows = parseWindows(opt("--window") ?? "");
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const root = opt("--root") ?? process.cwd();
  const title = opt("--title");
  const jsonOut = opt("--json");
  const noMaps = args.indexOf("--no-source-maps");
  if (noMaps !== -1) args.splice(noMaps, 1);
  const [file] = args;
  if (!file) {
    console.error("usage: node scripts/performance/bench/profile-summary.mjs FILE.cpuprofile [--top N] [--window START-END,…] [--root DIR] [--title TEXT] [--json OUT] [--no-source-maps]");
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const summary = summarise(profile, { root, windows, top, useSourceMaps: noMaps === -1 });
  if (windows.length && summary.samples === 0) console.error(`[profile] no sample of ${file} falls in the given windows`);
  console.log(format(summary, title ?? `CPU profile ${path.basename(file)}`));
  if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify({ file, windows, ...summary }, null, 2)}\n`);
}
