import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every environment variable the code reads is a setting someone may need: the README's
// configuration names each one, and .env.example lists each one a running shop reads.

const root = path.resolve(import.meta.dirname, "../..");
const READING_PLACES = ["lib", "app", "scripts", "models", "tests/support", "proxy.ts", "instrumentation.ts", "next.config.ts", "playwright.config.ts", "vitest.config.ts"];
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
// Set by the system or by Next itself, never by whoever runs the shop.
const NOT_SETTINGS = new Set(["PATH", "NEXT_RUNTIME", "NEXT_PHASE"]);
const TESTS_HEADING = "### Tests, bench and load";

function sourceFiles(place: string): string[] {
  const full = path.join(root, place);
  if (!existsSync(full)) return [];
  if (SOURCE.test(place)) return [place];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() || SOURCE.test(entry.name) ? sourceFiles(`${place}/${entry.name}`) : []));
}

/** Names read as process.env.NAME, env.NAME or env["NAME"] (env being process.env passed on), or by name from env. */
function variablesRead(): Map<string, string> {
  const patterns = [/\benv(?:\.|\[\s*["'])([A-Z][A-Z0-9_]*)/g, /\(\s*env\s*,\s*["']([A-Z][A-Z0-9_]*)["']/g];
  const read = new Map<string, string>();
  for (const file of READING_PLACES.flatMap(sourceFiles)) {
    const source = readFileSync(path.join(root, file), "utf8");
    for (const pattern of patterns) {
      for (const [, name = ""] of source.matchAll(pattern)) if (!NOT_SETTINGS.has(name) && !read.has(name)) read.set(name, file);
    }
  }
  return read;
}

function readmeConfiguration(): { shop: string; tests: string } {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const start = readme.indexOf("\n## Configuration");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const split = section.indexOf(TESTS_HEADING);
  return split < 0 ? { shop: section, tests: "" } : { shop: section.slice(0, split), tests: section.slice(split) };
}

const named = (text: string, name: string) => new RegExp(`\\b${name}\\b`).test(text);

describe("environment variables", () => {
  it("the code reads some, so this check looks at something", () => {
    expect(variablesRead().has("MONGODB_URI")).toBe(true);
  });

  it("the README's configuration names every variable the code reads", () => {
    const { shop, tests } = readmeConfiguration();
    const missing = [...variablesRead()].filter(([name]) => !named(shop, name) && !named(tests, name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it(".env.example lists every variable of a running shop", () => {
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    const { shop } = readmeConfiguration();
    const missing = [...variablesRead().keys()].filter((name) => named(shop, name) && !new RegExp(`^#? ?${name}=`, "m").test(example));
    expect(missing).toEqual([]);
  });

  it(".env.example sets no variable of the tests, bench or load", () => {
    const { tests } = readmeConfiguration();
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    const listed = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map(([, name = ""]) => name);
    expect(listed.filter((name) => named(tests, name))).toEqual([]);
  });
});
