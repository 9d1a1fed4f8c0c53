import path from "node:path";
import type { TestProject } from "vitest/node";
// The same launcher the shop uses: a real FerretDB, fresh for every run.
import { startFerretDB } from "../../scripts/services/ferretdb.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    mongoBaseUri: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.MONGODB_URI) {
    // A real MongoDB was given: every test file still gets a database of its own on it.
    project.provide("mongoBaseUri", process.env.MONGODB_URI.replace(/\/[^/?]*(\?.*)?$/, ""));
    return;
  }
  // Each project (vitest.config.ts) runs this setup: one database server each, in a folder of its own.
  const db = await startFerretDB({ dataDir: path.join(".data", `vitest-${process.pid}-${project.name.replace(/\W+/g, "-")}`), fresh: true });
  project.provide("mongoBaseUri", `mongodb://127.0.0.1:${db.port}`);
  return async () => {
    await db.stop();
    const { rmSync } = await import("node:fs");
    rmSync(db.dataDir, { recursive: true, force: true });
  };
}
