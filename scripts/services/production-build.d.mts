export type BuildState = "fresh" | "stale" | "missing";
/** Whether the build in `dist` (relative to the repository) is there and newer than the source. */
export function buildState(dist: string): BuildState;
/** Builds into `dist` unless a fresh build is there; logs which, tagged `who`. */
export function ensureBuild(dist: string, who: string): void;
