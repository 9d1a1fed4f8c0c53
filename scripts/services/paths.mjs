// Where the repository and its programs are, for every script however it was started.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Next's command line, run with node itself (so node's own flags reach the server). */
export const nextBin = path.join(repoRoot, "node_modules", "next", "dist", "bin", "next");
