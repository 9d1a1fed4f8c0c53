"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { SignOutButton } from "@/components/auth/SignOutButton";

type SessionState = "unknown" | "signed-out" | "signed-in";

/** Reads the session as next-auth's own endpoint answers it (a JWT check, no database). */
async function readSessionState(): Promise<SessionState> {
  const res = await fetch("/api/auth/session", { cache: "no-store", credentials: "same-origin" });
  if (!res.ok) return "signed-out";
  const body: unknown = await res.json();
  const email = typeof body === "object" && body !== null && "user" in body ? (body.user as { email?: unknown } | null)?.email : undefined;
  return typeof email === "string" && email ? "signed-in" : "signed-out";
}

/**
 * The signed-in part of the top navigation. The pages around it are cached and the same for every
 * visitor, so this leaf asks for the session in the browser. Until it knows, it shows a neutral
 * placeholder, never Login nor DashBoard, so no one sees the wrong menu. It asks again after each
 * navigation: a sign-in, a sign-out or the admin guard's sign-out all end on another path.
 */
export function HeaderAuthLinks({ linkClassName }: { linkClassName?: string }) {
  const pathname = usePathname();
  const [state, setState] = useState<SessionState>("unknown");
  useEffect(() => {
    let current = true;
    readSessionState().then(
      (next) => current && setState(next),
      () => current && setState("signed-out"),
    );
    return () => {
      current = false;
    };
  }, [pathname]);

  if (state === "unknown") {
    return (
      <li aria-hidden="true" data-testid="auth-links-pending">
        {/* About as wide as Login, so the header does not shift when the links arrive. */}
        <span className={`${linkClassName ?? ""} inline-block w-14 text-transparent`}>&nbsp;</span>
      </li>
    );
  }
  if (state === "signed-out") {
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
