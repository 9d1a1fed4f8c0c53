/** The engine refused an insert or update because its unique key (an _id, a unique index) is taken. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === 11000;
}
