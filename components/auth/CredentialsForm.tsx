"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEventHandler, type ReactNode } from "react";
import { FullScreenSpinner } from "@/components/FullScreenSpinner";
import { GoogleButton } from "@/components/auth/GoogleButton";
import { signInErrorMessage } from "@/lib/auth/messages";

/**
 * Signs in (or up) with the credentials provider; on success goes to `destination` by
 * replacement (SPEC 4) and refreshes, so the server-drawn menu shows the visitor signed in.
 */
export function useCredentialsSignIn(destination: string, initialError: string | null = null) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);
  async function submit(credentials: Record<string, string>): Promise<void> {
    setError(null);
    setPending(true);
    const result = await signIn("credentials", { redirect: false, ...credentials });
    if (!result?.ok || result.error) {
      setPending(false);
      setError(signInErrorMessage(result?.error));
      return;
    }
    router.replace(destination);
    router.refresh();
  }
  return { error, pending, submit };
}

type Props = {
  title: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** The provider's error, shown in red below the form (SPEC 8). */
  error: string | null;
  google: { enabled: boolean; callbackUrl: string };
  /** The link to the other page (sign in ↔ sign up). */
  footer: ReactNode;
  children: ReactNode;
};

/** The page shell shared by sign-in and sign-up. */
export function CredentialsForm({ title, submitLabel, pendingLabel, onSubmit, pending, error, google, footer, children }: Props) {
  return (
    <div className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">{title}</h1>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {children}
        <button type="submit" disabled={pending} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
          {submitLabel}
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-4 text-red-600">
          {error}
        </p>
      ) : null}
      {google.enabled ? (
        <div className="mt-6">
          <GoogleButton callbackUrl={google.callbackUrl} />
        </div>
      ) : null}
      <p className="mt-6 text-sm">{footer}</p>
      {pending ? <FullScreenSpinner label={pendingLabel} /> : null}
    </div>
  );
}
