// @vitest-environment jsdom
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The diagrams of the README and docs/ are Mermaid: GitHub renders them, and one it cannot parse
// shows as an error box. mermaid's own parser checks each, in a DOM of jsdom's.

const root = path.resolve(import.meta.dirname, "../..");
const documents = ["README.md", ...readdirSync(path.join(root, "docs")).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`)];

function diagramsOf(file: string): string[] {
  return [...readFileSync(path.join(root, file), "utf8").matchAll(/^```mermaid\n([\s\S]*?)^```/gm)].map((match) => match[1] ?? "");
}

describe("Mermaid diagrams", () => {
  it("the architecture and the README have diagrams to check", () => {
    expect(diagramsOf("docs/architecture.md").length).toBeGreaterThan(0);
    expect(diagramsOf("README.md").length).toBeGreaterThan(0);
  });

  it.each(documents.flatMap((file) => diagramsOf(file).map((diagram, index) => [`${file} #${index + 1}`, diagram] as const)))("%s parses", async (_name, diagram) => {
    const { default: mermaid } = await import("mermaid");
    await expect(mermaid.parse(diagram)).resolves.toBeTruthy();
  });

  it("a broken diagram is refused, so the check can fail", async () => {
    const { default: mermaid } = await import("mermaid");
    await expect(mermaid.parse("flowchart LR\n  A[x --> (B\n")).rejects.toThrow(/Parse error/);
  });
});
