"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";

/** Ends the session and returns to the home page with a full load, so the menu is drawn afresh. */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/" });
      }}
      className="font-medium hover:underline disabled:opacity-60"
    >
      Sign Out
    </button>
  );
}
