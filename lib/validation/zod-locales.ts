// What the browser bundle gets for zod's own "../locales/index.js" (next.config.ts, turbopack.resolveAlias).
export { default as en } from "zod/v4/locales/en.js";
