import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The code cites the product's behaviour as "SPEC n" or "SPEC n.m": each must resolve to a numbered
// heading of docs/product.md, so a reader of a clone finds what the code refers to.

const root = path.resolve(import.meta.dirname, "../..");
const CITING_FOLDERS = ["lib", "app", "components", "models", "tests", "e2e"];
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

function citedSections(): Map<string, string> {
  const cited = new Map<string, string>();
  for (const file of CITING_FOLDERS.flatMap((folder) => sourceFiles(folder))) {
    for (const [, section = ""] of readFileSync(path.join(root, file), "utf8").matchAll(/SPEC (\d+(?:\.\d+)*)/g)) {
      if (!cited.has(section)) cited.set(section, file);
    }
  }
  return cited;
}

/** The numbers of docs/product.md's headings: "## 5. Validation rules" is 5, "### 5.2 …" is 5.2. */
function productSections(): Set<string> {
  const product = readFileSync(path.join(root, "docs/product.md"), "utf8");
  return new Set([...product.matchAll(/^#{2,6} (\d+(?:\.\d+)*)\.? /gm)].map(([, number = ""]) => number));
}

describe("SPEC references", () => {
  it("the code cites the product document", () => {
    expect(citedSections().size).toBeGreaterThan(0);
  });

  it("every SPEC section the code cites is a numbered heading of docs/product.md", () => {
    const sections = productSections();
    const unresolved = [...citedSections()].filter(([section]) => !sections.has(section)).map(([section, file]) => `SPEC ${section} (${file})`);
    expect(unresolved).toEqual([]);
  });

  it("the README says where SPEC references lead, and no longer points outside the repository", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    expect(readme).toContain("docs/product.md");
    expect(readme).not.toMatch(/\.\.\/shared\//);
  });
});
