"use client";

import { useState } from "react";

/** Ends the session and returns to the home page with a full load, so the menu is drawn afresh. */
export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        // next-auth's client is loaded on the click: every page shows this button, few press it.
        void import("next-auth/react").then(({ signOut }) => signOut({ callbackUrl: "/" }));
      }}
      className={`${className ?? ""} font-medium disabled:opacity-60`}
    >
      Sign Out
    </button>
  );
}
