import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A newcomer follows the README into docs/: a link that leads nowhere is a dead end, so every
// relative link (and its #anchor) must name a file of the repository and a heading in it.

const root = path.resolve(import.meta.dirname, "../..");
const documents = ["README.md", ...readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

/** The text outside fenced code blocks, where a bracket is code, not a link. */
const prose = (markdown: string): string => markdown.replace(/^```[\s\S]*?^```/gm, "");

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading = ""] of prose(readFileSync(file, "utf8")).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function relativeLinks(document: string): string[] {
  const text = prose(readFileSync(path.join(root, document), "utf8"));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = ""]) => target)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

describe("documentation links", () => {
  it.each(documents)("every relative link of %s leads to a file and heading that exist", (document) => {
    const broken: string[] = [];
    for (const link of relativeLinks(document)) {
      const [target = "", anchor] = link.split("#");
      const file = target === "" ? path.join(root, document) : path.resolve(path.dirname(path.join(root, document)), decodeURIComponent(target));
      if (!file.startsWith(root) || !existsSync(file)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor !== undefined && (statSync(file).isDirectory() || !file.endsWith(".md") || !anchorsOf(file).has(anchor))) broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it("the README links every document of docs/", () => {
    const linked = new Set(relativeLinks("README.md").map((link) => link.split("#")[0]));
    expect(documents.filter((document) => document !== "README.md" && !linked.has(document))).toEqual([]);
  });
});
