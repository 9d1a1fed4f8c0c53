import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A lib/ module that reaches the database or the auth secret, directly or through another such
// module, must say `import "server-only"`: then a client component that imports it fails the build
// instead of shipping the database code (or the secret's name) to browsers.

const root = path.resolve(import.meta.dirname, "../..");
// The schemas are shared with client forms; they import constants, never a query.
const SHARED_WITH_CLIENTS = "lib/validation/";
const REACHES_SERVER = [/^@\/models\//, /^mongoose$/, /^next-auth(\/|$)/];

function libModules(dir = "lib"): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return libModules(file);
    return /\.tsx?$/.test(entry.name) && !file.startsWith(SHARED_WITH_CLIENTS) ? [file] : [];
  });
}

/** What a module imports for its values (type-only imports vanish from bundles). */
function valueImports(source: string): string[] {
  return [...source.matchAll(/^import (?!type )[^;]*?from "([^"]+)";/gms)].map((match) => match[1] ?? "");
}

const marksServerOnly = (source: string) => /^(?:"use server";\s*)?import "server-only";/.test(source);

describe("server-only marks", () => {
  it("every lib/ module that reaches the database or the auth secret starts with import \"server-only\"", () => {
    const sources = new Map(libModules().map((file) => [file, readFileSync(path.join(root, file), "utf8")]));
    const serverOnly = new Set(["lib/storage/connect.ts", "lib/auth/secret.ts"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [file, source] of sources) {
        if (serverOnly.has(file)) continue;
        const reaches = valueImports(source).some((spec) => REACHES_SERVER.some((pattern) => pattern.test(spec)) || serverOnly.has(`${spec.slice(2)}.ts`));
        if (reaches) {
          serverOnly.add(file);
          grew = true;
        }
      }
    }
    const unmarked = [...serverOnly].filter((file) => !marksServerOnly(sources.get(file) ?? "")).sort();
    expect(unmarked).toEqual([]);
    expect(serverOnly.size).toBeGreaterThan(20);
  });
});
