import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { rebuildList } from "@/lib/storage/ordered-index";
import { USER_LIST, userKey } from "@/lib/users/list";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";
import { User } from "@/models/User";

/**
 * Rebuilds the account list from the accounts themselves, for accounts written past the shop
 * (a restore, a bulk insert). Reads every account: a script's job, never a request's.
 */
export async function reindexUsers(): Promise<string> {
  await connectDb();
  const keys: IndexKey[] = [];
  for await (const user of User.find({}, { createdAt: 1 }).lean().cursor()) keys.push(userKey(user));
  await rebuildList(USER_LIST, keys);
  return `users: ${keys.length} listed`;
}
