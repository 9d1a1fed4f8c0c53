// The shop's layers, checked by `npm run deps` (part of `npm test`). From the bottom up:
//   models/, lib/errors.ts and lib/vocabulary/ (the shop's words: categories, slugs, part numbers,
//   the vehicle year range, the fitment import format; pure, imports nothing of the shop);
//   lib/storage/ (the engine's machinery: lists, locks, journals), generic;
//   the web plumbing and the site's shell (lib/http, server, cache, limits, validation, openapi,
//   redis, site), which serve every domain and know none;
//   the domains (lib/parts, what catalogue and fitment share; lib/catalogue, fitment, garage, orders, cart, checkout, settings, reviews, users, auth, stock, seed,
//   maintenance), which may use everything below them;
//   app/, components/, instrumentation.ts, proxy.ts and next.config.ts on top.
// A domain's words that the plumbing needs are handed to it from above (next.config.ts gives the
// route table the catalogue's sorts, instrumentation.ts gives the server its start-up repairs).

const DOMAINS = "^lib/(parts|imports|catalogue|fitment|garage|orders|cart|checkout|settings|reviews|users|auth|stock|seed|maintenance|mail|search|suggestions)/";
const PLUMBING = "^lib/(http|server|cache|limits|validation|openapi|redis|site|jobs)/";
const TOP = "^(app|components)/|^(instrumentation|proxy|next[.]config)[.]ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: neither end can be read, tested or moved without the other. Move what both need below both.",
      from: {},
      to: { circular: true },
    },
    {
      name: "storage-knows-no-domain",
      severity: "error",
      comment: "lib/storage is the engine's machinery, generic: a domain declares its lists and counters and calls it, never the reverse.",
      from: { path: "^lib/storage/" },
      to: { path: [DOMAINS, PLUMBING] },
    },
    {
      name: "storage-through-its-door",
      severity: "error",
      comment: "Outside lib/storage the shop calls the storage API (ordered-lists, counters, lock, stock-ledger, list-journal, batches, …), never its machinery: keys and chunks, turns, a process's memory of its writes, the storage layer's own collections. Tests of the machinery may look inside.",
      from: { path: "^(lib|app|components|models|scripts)/", pathNot: "^lib/storage/" },
      to: { path: "^lib/storage/(ordered-index|turns-under-lock|own-stock-writes|models/)" },
    },
    {
      name: "plumbing-knows-no-domain",
      severity: "error",
      comment: "The web plumbing serves every domain and knows none: hand it what it needs from above (app/, instrumentation.ts, next.config.ts).",
      from: { path: PLUMBING },
      to: { path: DOMAINS },
    },
    {
      name: "fitment-above-catalogue",
      severity: "error",
      comment: "The catalogue and fitment import each other one way only: the catalogue may use fitment, fitment never the catalogue. Move what both need below both.",
      from: { path: "^lib/fitment/" },
      to: { path: "^lib/catalogue/" },
    },
    {
      name: "suggestions-on-top",
      severity: "error",
      comment: "The search box's suggestions read the catalogue, fitment and search; none of those may read the suggestions.",
      from: { path: "^lib/", pathNot: "^lib/suggestions/" },
      to: { path: "^lib/suggestions/" },
    },
    {
      name: "vocabulary-is-pure",
      severity: "error",
      comment: "lib/vocabulary holds the shop's words that forms, the API's description and the domains all use: it imports nothing else of the shop, so anything may import it.",
      from: { path: "^lib/vocabulary/" },
      to: { path: "^(lib|models|app|components)/", pathNot: "^lib/vocabulary/" },
    },
    {
      name: "models-at-the-bottom",
      severity: "error",
      comment: "The schemas are the bottom layer: they may use the storage layer's own schemas, nothing else of lib/.",
      from: { path: "^models/" },
      to: { path: "^lib/", pathNot: "^lib/storage/" },
    },
    {
      name: "lib-below-the-pages",
      severity: "error",
      comment: "lib/ and models/ serve the pages, routes and components, and never import them.",
      from: { path: "^(lib|models)/" },
      to: { path: TOP },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import the tool cannot follow is one the rules above cannot check (and, in app code, a broken import).",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "no-orphans",
      severity: "error",
      comment: "A module nothing imports is dead code, unless a framework or a tool loads it by name (the exceptions below).",
      from: {
        orphan: true,
        pathNot: [
          // Loaded by Next by file name (pages, routes, layouts, the cache handlers, instrumentation.ts, proxy.ts).
          "^app/",
          "^(instrumentation|proxy|next[.]config)[.]ts$",
          "^lib/cache/(isr|redis)-cache-handler[.]mjs$",
          // Type declarations of the .mjs modules, and a zod locale stub aliased in next.config.ts.
          "[.]d[.](m|c)?ts$",
          "^lib/validation/zod-locales[.]ts$",
          // Run by node, npm, vitest or Playwright by path.
          "^(scripts|tests|e2e)/",
          "(^|/)[.][^/]+[.](js|cjs|mjs|ts|json)$",
          "(^|/)[^/]+[.]config[.](js|cjs|mjs|ts)$",
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|public|[.][^/]+)/" },
    // Type-only imports count: knowing a domain's types is knowing the domain.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".d.mts", ".d.ts", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
