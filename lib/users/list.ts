import "server-only";
import { findEachById } from "@/lib/db/each-by-id";
import { changeLists, encodeKey, keyId, readList } from "@/lib/db/ordered-index";
import type { IndexKey } from "@/models/IndexChunk";
import { type Role, User, type UserFields } from "@/models/User";

/** Every account by when it was opened (lib/db/ordered-index.ts), read oldest first. */
export const USER_LIST = "users:all";

export const userKey = (user: { _id: unknown; createdAt?: Date | null }): IndexKey =>
  encodeKey((user.createdAt ?? new Date(0)).getTime(), String(user._id));

/** Creates an account and lists it: every account is opened here. */
export async function openAccount(fields: Partial<UserFields> & { email: string }) {
  const user = await User.create(fields);
  await changeLists([{ list: USER_LIST, key: userKey(user), op: "add" }]);
  return user;
}

/**
 * One page of accounts, oldest first: the page's keys from the list, then each account by its id
 * (parallel reads by _id; `$in` would scan on FerretDB). One deleted past the shop is left out.
 */
export async function userPage({ limit, skip }: { limit: number; skip: number }): Promise<{ email: string; role: Role }[]> {
  const { keys } = await readList(USER_LIST, { offset: skip, limit });
  const users = await findEachById<{ email: string; role: Role }>(User, keys.map(keyId), { email: 1, role: 1 });
  return users.map((user) => ({ email: user.email, role: user.role }));
}
