import Link from "next/link";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { SignOutButton } from "@/components/auth/SignOutButton";

/** The signed-in part of the top navigation, decided on the server so the wrong menu never flashes. */
export async function HeaderAuthLinks({ linkClassName }: { linkClassName?: string }) {
  const session = await getServerSession(authOptions());
  if (!session?.user?.email) {
    return (
      <li>
        <Link href="/signin" className={linkClassName}>
          Login
        </Link>
      </li>
    );
  }
  return (
    <>
      <li>
        <Link href="/dashboard" className={linkClassName}>
          DashBoard
        </Link>
      </li>
      <li>
        <SignOutButton className={linkClassName} />
      </li>
    </>
  );
}
