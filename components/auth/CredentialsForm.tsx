"use client";

import { startTransition, useActionState, type FormEvent, type ReactNode } from "react";
import type { FieldValues, UseFormHandleSubmit } from "react-hook-form";
import { FullScreenSpinner } from "@/components/FullScreenSpinner";
import { GoogleButton } from "@/components/auth/GoogleButton";
import { credentialsFormState, type CredentialsFormState } from "@/lib/auth/form-state";

type CredentialsAction = (state: CredentialsFormState, form: FormData) => Promise<CredentialsFormState>;

/**
 * Runs a sign-in or sign-up server action. Until React has hydrated the page, and without
 * JavaScript, the browser posts the form to the action itself (so nothing typed reaches the
 * address bar); once hydrated, the form is checked in the browser first (SPEC 5's messages as the
 * visitor types) and then sent to the same action. On success the action redirects by replacement.
 * `page` is the form's own page address: React writes it as the form's action (rather than an
 * empty one, which is invalid HTML), and the page rendered there picks up the action's state.
 */
export function useCredentialsAction(action: CredentialsAction, page: string, initialError: string | null = null) {
  const [state, formAction, pending] = useActionState(action, credentialsFormState(initialError), page);
  /** The form's submit handler: the browser's check, then the server action with what the form holds. */
  function submitChecked<Values extends FieldValues, Checked>(handleSubmit: UseFormHandleSubmit<Values, Checked>) {
    return (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      void handleSubmit(() => startTransition(() => formAction(new FormData(form))))(event);
    };
  }
  return { state, formAction, pending, submitChecked };
}

type Props = {
  title: string;
  submitLabel: string;
  pendingLabel: string;
  /** The server action, which is also where the form posts before hydration or without JavaScript. */
  action: (form: FormData) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  /** The provider's error, shown in red below the form (SPEC 8). */
  error: string | null;
  google: { enabled: boolean; callbackUrl: string };
  /** The link to the other page (sign in ↔ sign up). */
  footer: ReactNode;
  children: ReactNode;
};

/** The page shell shared by sign-in and sign-up. */
export function CredentialsForm({ title, submitLabel, pendingLabel, action, onSubmit, pending, error, google, footer, children }: Props) {
  return (
    <div className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">{title}</h1>
      <form action={action} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
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
