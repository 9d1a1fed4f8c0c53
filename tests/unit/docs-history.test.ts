import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README and docs/ say what is true now, short enough to read in minutes; how it got there
// belongs in the commit messages, not in numbered runs, sessions, issues or dates.

const root = path.resolve(import.meta.dirname, "../..");
const README_MAX_LINES = 250;
const documents = ["README.md", ".env.example", ...readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
const HISTORY = [
  /\bissues? #?\d+/i,
  /\bruns? #\d+/i,
  /\brun \d+\b/i,
  /\bsessions? #?\d+/i,
  /\bthe (latest|last|previous|first|second|third) run\b/i,
  /\b(before|after) this (session|issue|change)\b/i,
  /\b(19|20)\d\d-\d\d-\d\d\b/,
  new RegExp(`\\b(${MONTHS}) (\\d{1,2}, )?(19|20)\\d\\d\\b`),
];

/** Work history in any tracked file: issue numbers, numbered runs and sessions (dates are data in code and tests). */
const NUMBERED_HISTORY = HISTORY.slice(0, 5);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|cjs|js|sh|sql|md|lua|ya?ml|json|css)$/;
const trackedTextFiles = () =>
  execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => TEXT_FILE.test(file) && file !== "package-lock.json" && file !== "tests/unit/docs-history.test.ts");

describe("documentation without history", () => {
  it(`README.md is at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(root, "README.md"), "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(documents)("%s tells no work history (issues, numbered runs, sessions, dates)", (document) => {
    const lines = readFileSync(path.join(root, document), "utf8").split("\n");
    const found = lines.flatMap((line, i) => HISTORY.filter((pattern) => pattern.test(line)).map((pattern) => `line ${i + 1}: ${pattern}: ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it("no tracked file, code and tests included, names issues, numbered runs or sessions", () => {
    const found = trackedTextFiles().flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (NUMBERED_HISTORY.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
