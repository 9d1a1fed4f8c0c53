import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/services/paths.mjs";
import { buildState } from "../../scripts/services/production-build.mjs";

// The tests refuse a stale build, and the bench, the load, the fuzz and the cluster rebuild one,
// all by this check: a build is fresh when its BUILD_ID is newer than every source file.
describe("whether a production build is fresh", () => {
  const dist = path.join(".data", `build-state-${process.pid}`);
  const buildId = path.join(repoRoot, dist, "BUILD_ID");
  afterAll(() => rmSync(path.join(repoRoot, dist), { recursive: true, force: true }));

  it("is missing without a BUILD_ID", () => {
    expect(buildState(dist)).toBe("missing");
  });

  it("is fresh when built after the last change to the source, stale when built before it", () => {
    mkdirSync(path.dirname(buildId), { recursive: true });
    writeFileSync(buildId, "test");
    const future = new Date(Date.now() + 60_000);
    utimesSync(buildId, future, future);
    expect(buildState(dist)).toBe("fresh");
    utimesSync(buildId, new Date(0), new Date(0));
    expect(buildState(dist)).toBe("stale");
  });
});
