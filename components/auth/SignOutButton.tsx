"use client";

import { signOut } from "next-auth/react";
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
        void signOut({ callbackUrl: "/" });
      }}
      className={`${className ?? ""} font-medium disabled:opacity-60`}
    >
      Sign Out
    </button>
  );
}
