"use client";

import { signIn } from "next-auth/react";

/** Rendered only when the server says Google sign-in is configured. */
export function GoogleButton({ callbackUrl }: { callbackUrl: string }) {
  return (
    <button
      type="button"
      onClick={() => void signIn("google", { callbackUrl })}
      className="w-full rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50"
    >
      Continue with Google
    </button>
  );
}
