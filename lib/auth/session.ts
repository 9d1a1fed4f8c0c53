import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { findAccount, type AccountView } from "@/lib/users";

export type SessionUser = AccountView;

/**
 * The signed-in user as the database knows them now (role included), or null.
 * The JWT only says who they are; a promotion or demotion counts on the next request.
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const email = session?.user?.email;
  if (!email) return null;
  return findAccount(email);
}
