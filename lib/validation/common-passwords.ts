import list from "@/lib/validation/common-passwords.json";

// The most common passwords of 6 characters or more (shorter ones fail SPEC 5's length rule anyway),
// lower-cased: the top of the "10k most common" list of SecLists (MIT), a few frequent variants added.
// Checked case-insensitively and ignoring surrounding spaces, so "Password1" is as weak as "password1".
const COMMON = new Set<string>(list);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}
