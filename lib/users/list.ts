import "server-only";
import { Types } from "mongoose";
import { noteWrite, pendingWrite, writeDone } from "@/lib/storage/list-journal";
import { findEachById } from "@/lib/storage/each-by-id";
import { changeLists, encodeKey, keyId, readList } from "@/lib/storage/ordered-index";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";
import { type Role, User, type UserFields } from "@/models/User";

/** Every account by when it was opened (lib/storage/ordered-index.ts), read oldest first. */
export const USER_LIST = "users:all";

export const userKey = (user: { _id: unknown; createdAt?: Date | null }): IndexKey =>
  encodeKey((user.createdAt ?? new Date(0)).getTime(), String(user._id));

export const ACCOUNT_NOTE_PREFIX = "account:";

/**
 * Creates an account and lists it: every account is opened here. Its id is chosen first and the
 * write noted before the account (lib/storage/list-journal.ts), so an account whose listing is cut short
 * is listed at start-up (completeAccountListing).
 */
export async function openAccount(fields: Partial<UserFields> & { email: string }) {
  const id = new Types.ObjectId();
  const noteId = `${ACCOUNT_NOTE_PREFIX}${String(id)}`;
  const token = await noteWrite(noteId, {});
  const user = await User.create({ ...fields, _id: id }).catch(async (error: unknown) => {
    // Not stored (its email taken meanwhile): nothing to list.
    await writeDone(noteId, token);
    throw error;
  });
  await changeLists([{ list: USER_LIST, key: userKey(user), op: "add" }]);
  await writeDone(noteId, token);
  return user;
}

/** Lists the account of a note left by a cut-short opening, if the account was stored; the note goes. */
export async function completeAccountListing(noteId: string): Promise<void> {
  const noted = await pendingWrite(noteId);
  if (!noted) return;
  const user = await User.findById(noteId.slice(ACCOUNT_NOTE_PREFIX.length), { createdAt: 1 }).lean();
  if (user) await changeLists([{ list: USER_LIST, key: userKey(user), op: "add" }]);
  await writeDone(noteId, noted.token);
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
