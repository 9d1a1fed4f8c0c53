import "server-only";
import { Types } from "mongoose";
import { writeJournal } from "@/lib/storage/list-journal";
import { findEachById } from "@/lib/storage/each-by-id";
import { keepLists, orderedList, rebuildList } from "@/lib/storage/ordered-lists";
import type { DueMail } from "@/models/due-mail";
import { type Role, User, type UserFields } from "@/models/User";

/** Every account by when it was opened (lib/storage/ordered-lists.ts), read oldest first. */
export const userList = orderedList("users:all", { createdAt: "number", id: "text" });

type Listed = { _id: unknown; createdAt?: Date | null };
const userEntry = (user: Listed) => ({ createdAt: (user.createdAt ?? new Date(0)).getTime(), id: String(user._id) });

/** An account whose listing was cut short is listed if it was stored. */
async function completeListing(id: string): Promise<void> {
  const user = await User.findById(id, { createdAt: 1 }).lean();
  if (user) await keepLists([userList.change(userEntry(user), "add")]);
}

/** Openings of accounts, noted "account:" and the account's id. */
export const accountOpenings = writeJournal<Record<string, never>>("account:", completeListing);

/**
 * Creates an account and lists it: every account is opened here. Its id is chosen first and the
 * write journalled before the account (lib/storage/list-journal.ts), so an account whose listing is
 * cut short is listed at start-up.
 */
export async function openAccount(fields: Partial<Omit<UserFields, "mailsDue">> & { email: string; mailsDue?: DueMail[] }) {
  const id = new Types.ObjectId();
  const { done } = await accountOpenings.begin(String(id), {});
  const user = await User.create({ ...fields, _id: id }).catch(async (error: unknown) => {
    // Not stored (its email taken meanwhile): nothing to list.
    await done();
    throw error;
  });
  await keepLists([userList.change(userEntry(user), "add")]);
  await done();
  return user;
}

/**
 * One page of accounts, oldest first: the page's ids from the list, then each account by its id
 * (parallel reads by _id; `$in` would scan on FerretDB). One deleted past the shop is left out.
 */
export async function userPage({ limit, skip }: { limit: number; skip: number }): Promise<{ email: string; role: Role }[]> {
  const { ids } = await userList.idPage({ offset: skip, limit });
  const users = await findEachById<{ email: string; role: Role }>(User, ids, { email: 1, role: 1 });
  return users.map((user) => ({ email: user.email, role: user.role }));
}

/** The account list rebuilt from these accounts (reindexUsers); how many it lists. */
export async function rebuildUserList(users: AsyncIterable<Listed>): Promise<number> {
  return rebuildList(userList, users, userEntry);
}
