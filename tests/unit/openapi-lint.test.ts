import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";

// The outside linters a client's tooling runs on /openapi.json, each with its default rules
// (.spectral.yaml, redocly.yaml): not one warning. The file is written by the builder the route serves.

const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
const file = path.join(dir, "openapi.json");
writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a linter of node_modules/.bin; its exit code is not the verdict, its JSON report is. */
function lint(tool: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
    execFile(path.join("node_modules", ".bin", tool), args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (stdout.trim()) resolve(stdout);
      else reject(new Error(`${tool} printed no report: ${error?.message ?? ""}\n${stderr}`));
    });
  });
}

describe("the API document", () => {
  it("passes Spectral's OpenAPI rules (spectral:oas) without an error or a warning", async () => {
    const report = JSON.parse(await lint("spectral", ["lint", "--ruleset", ".spectral.yaml", "--format", "json", "--quiet", file])) as { code: string; message: string; path: string[] }[];
    expect(report.map(({ code, message, path: at }) => `${code} at ${at.join(".")}: ${message}`)).toEqual([]);
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const report = JSON.parse(await lint("redocly", ["lint", "--config", "redocly.yaml", "--format", "json", file])) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    expect(report.problems.map(({ ruleId, message, location }) => `${ruleId} at ${location[0]?.pointer ?? ""}: ${message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
