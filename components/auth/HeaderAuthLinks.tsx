"use client";

import Link from "next/link";
import { useParams, usePathname, useRouter, useSelectedLayoutSegments } from "next/navigation";
import { type MouseEvent, useEffect, useState } from "react";
import { SignOutButton } from "@/components/auth/SignOutButton";
import { signInPath } from "@/lib/auth/callback-url";
import { isAudience } from "@/lib/cache/audience";

/** The sections the request guard opens to signed-in customers only (proxy.ts). */
const SIGNED_IN_SECTIONS = ["dashboard", "purchase"];

/**
 * Whether the server drew this page for a signed-in customer, from the route itself: a shared page's
 * variant (lib/cache/audience.ts), or a section only they reach. Null when the route does not say.
 */
function useSignedInByRoute(): boolean | null {
  const { audience } = useParams<{ audience?: string }>();
  const [section] = useSelectedLayoutSegments();
  if (isAudience(audience)) return audience === "signed-in";
  return section !== undefined && SIGNED_IN_SECTIONS.includes(section) ? true : null;
}

/** Reads the session as next-auth's own endpoint answers it (a JWT check, no database). */
async function isSignedIn(): Promise<boolean> {
  const res = await fetch("/api/auth/session", { cache: "no-store", credentials: "same-origin" });
  if (!res.ok) return false;
  const body: unknown = await res.json();
  const email = typeof body === "object" && body !== null && "user" in body ? (body.user as { email?: unknown } | null)?.email : undefined;
  return typeof email === "string" && email !== "";
}

/**
 * For the pages rendered per request that the route says nothing about (a search, a vehicle's page,
 * sign-in): the browser asks for the session after each navigation and swaps the links in.
 */
function useSignedInAsked(ask: boolean): boolean {
  const pathname = usePathname();
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    if (!ask) return;
    let current = true;
    void isSignedIn()
      .catch(() => false)
      .then((answer) => current && setSignedIn(answer));
    return () => {
      current = false;
    };
  }, [ask, pathname]);
  return ask && signedIn;
}

/**
 * Login remembers the page it is clicked on (SPEC 4), read from the address bar at the click, so a
 * click right after a navigation names the new page. Without JavaScript, or in a new tab, the sign-in
 * page reads it from the Referer instead (app/signin/page.tsx).
 */
function LoginLink({ className }: { className?: string }) {
  const router = useRouter();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.push(signInPath(`${window.location.pathname}${window.location.search}`));
  }
  return (
    <Link href="/signin" onClick={onClick} className={className}>
      Login
    </Link>
  );
}

/**
 * The signed-in part of the top navigation. The shared pages are cached in two variants, a visitor's
 * and a signed-in customer's, and the request guard picks one by the session cookie (proxy.ts), so
 * the server's HTML already has the right links, with or without JavaScript.
 */
export function HeaderAuthLinks({ linkClassName }: { linkClassName?: string }) {
  const byRoute = useSignedInByRoute();
  const asked = useSignedInAsked(byRoute === null);
  if (!(byRoute ?? asked)) {
    return (
      <li>
        <LoginLink className={linkClassName} />
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
