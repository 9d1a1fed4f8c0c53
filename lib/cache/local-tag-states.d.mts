import type { Revalidation } from "./shared-tags.mjs";

export function applyLocally(states: Revalidation): void;
export function offerLocalTagStates(): void;
