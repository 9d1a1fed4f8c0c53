"use client";

import Link from "next/link";
import { useParams, useRouter, useSelectedLayoutSegments } from "next/navigation";
import type { MouseEvent } from "react";
import { LinkPendingSpinner } from "@/components/FullScreenSpinner";
import { SignOutButton } from "@/components/auth/SignOutButton";
import { signInPath } from "@/lib/auth/callback-url";
import { readAudience } from "@/lib/cache/audience";
import { DASHBOARD_HOME } from "@/lib/site/dashboard-menu";

/** The sections the request guard opens to signed-in customers only (proxy.ts). */
const SIGNED_IN_SECTIONS = ["dashboard", "purchase"];

/**
 * Whether the server drew this page for a signed-in customer, from the route itself: every public
 * page has a variant per audience (lib/cache/audience.ts), and two sections only they reach.
 */
function useSignedInByRoute(): boolean {
  const { audience } = useParams<{ audience?: string }>();
  const [section] = useSelectedLayoutSegments();
  const drawnFor = readAudience(audience);
  if (drawnFor) return drawnFor.who === "signed-in";
  return section !== undefined && SIGNED_IN_SECTIONS.includes(section);
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
 * The signed-in part of the top navigation. Each public page, cached or per request, has a visitor's
 * and a signed-in customer's variant, and the request guard picks one by the session cookie
 * (proxy.ts), so the server's HTML already has the right links, with or without JavaScript.
 */
export function HeaderAuthLinks({ linkClassName }: { linkClassName?: string }) {
  if (!useSignedInByRoute()) {
    return (
      <li>
        <LoginLink className={linkClassName} />
      </li>
    );
  }
  return (
    <>
      <li>
        {/* Straight to the page /dashboard would redirect to (My Profile opens every menu): no redirect
            in flight to overtake a menu item clicked while the dashboard is still loading. */}
        <Link href={DASHBOARD_HOME} className={linkClassName}>
          DashBoard
          <LinkPendingSpinner label="Opening your dashboard…" />
        </Link>
      </li>
      <li>
        <SignOutButton className={linkClassName} />
      </li>
    </>
  );
}
