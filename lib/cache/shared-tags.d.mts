/** A tag's state as Next's tags manifest keeps it: times in ms. */
export type TagState = { stale?: number; expired?: number };
export type Revalidation = [tag: string, state: TagState][];
export type Durations = { expire?: number };

export const ENTRY_LIFETIME_MS: number;
export const STALE_NOW: Durations;
export const EXPIRED_NOW: Durations;
export function tagStatesKey(database?: string): string;
export function entryKeyPrefix(deploymentId: string, database?: string): string;
export function revalidationOf(tags: string[], durations: Durations | undefined, now?: number): Revalidation;
export const LOCAL_TAG_STATES: unique symbol;
export function applyHere(revalidation: Revalidation): boolean;
export const EVERY_ENTRY_TAG: "public";
export function revalidationUnshared(): boolean;
export function shareRevalidation(revalidation: Revalidation): Promise<boolean>;
export const READ_ENTRY_SCRIPT: string;
export function statesOfReply(tags: string[], states: (string | null)[]): Revalidation;
