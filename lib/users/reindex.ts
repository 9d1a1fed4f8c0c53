import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { rebuildUserList } from "@/lib/users/list";
import { User } from "@/models/User";

/**
 * Rebuilds the account list from the accounts themselves, for accounts written past the shop
 * (a restore, a bulk insert). Reads every account: a script's job, never a request's.
 */
export async function reindexUsers(): Promise<string> {
  await connectDb();
  const listed = await rebuildUserList(User.find({}, { createdAt: 1 }).lean().cursor());
  return `users: ${listed} listed`;
}
