"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { SignOutButton } from "@/components/auth/SignOutButton";
import { signInPath } from "@/lib/auth/callback-url";

/** Reads the session as next-auth's own endpoint answers it (a JWT check, no database). */
async function isSignedIn(): Promise<boolean> {
  const res = await fetch("/api/auth/session", { cache: "no-store", credentials: "same-origin" });
  if (!res.ok) return false;
  const body: unknown = await res.json();
  const email = typeof body === "object" && body !== null && "user" in body ? (body.user as { email?: unknown } | null)?.email : undefined;
  return typeof email === "string" && email !== "";
}

type Links = { signedIn: boolean; signInHref: string };

/** What the header shows for this page: the root layout that draws it does not know the page, the browser does. */
async function linksHere(): Promise<Links> {
  const signInHref = signInPath(`${window.location.pathname}${window.location.search}`);
  return { signedIn: await isSignedIn().catch(() => false), signInHref };
}

/**
 * The signed-in part of the top navigation. The pages around it are cached and the same for every
 * visitor, so the server draws a real Login link (which works before and without JavaScript), and
 * this leaf swaps it for DashBoard and Sign Out once the browser has asked for the session. It asks
 * again after each navigation: a sign-in, a sign-out or the admin guard's sign-out all end on
 * another path. Login remembers the page it was clicked on, so signing in returns there (SPEC 4).
 */
export function HeaderAuthLinks({ linkClassName }: { linkClassName?: string }) {
  const pathname = usePathname();
  const [{ signedIn, signInHref }, setLinks] = useState<Links>({ signedIn: false, signInHref: "/signin" });
  useEffect(() => {
    let current = true;
    void linksHere().then((links) => current && setLinks(links));
    return () => {
      current = false;
    };
  }, [pathname]);

  if (!signedIn) {
    return (
      <li>
        <Link href={signInHref} className={linkClassName}>
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
