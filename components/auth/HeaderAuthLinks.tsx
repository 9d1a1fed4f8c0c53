import Link from "next/link";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { SignOutButton } from "@/components/auth/SignOutButton";

/** The signed-in part of the top navigation, decided on the server so the wrong menu never flashes. */
export async function HeaderAuthLinks() {
  const session = await getServerSession(authOptions());
  if (!session?.user?.email) {
    return (
      <li>
        <Link href="/signin">Login</Link>
      </li>
    );
  }
  return (
    <>
      <li>
        <Link href="/dashboard">DashBoard</Link>
      </li>
      <li>
        <SignOutButton />
      </li>
    </>
  );
}
