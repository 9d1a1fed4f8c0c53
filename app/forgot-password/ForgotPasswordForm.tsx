"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { startTransition, useActionState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/FormField";
import { FullScreenSpinner } from "@/components/FullScreenSpinner";
import { askPasswordResetAction } from "@/lib/auth/password-reset-actions";
import { FORGOT_PASSWORD_PATH, forgotPasswordState } from "@/lib/auth/password-reset-forms";
import { RESET_ASKED } from "@/lib/auth/password-reset-messages";
import { passwordResetAskSchema } from "@/lib/validation/password-reset";

/**
 * Asks for the email and gives the one answer, whatever the address. Without JavaScript the browser
 * posts the form to the server action itself; with it, the address is checked as it is typed first.
 */
export function ForgotPasswordForm() {
  const [state, formAction, pending] = useActionState(askPasswordResetAction, forgotPasswordState(), FORGOT_PASSWORD_PATH);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordResetAskSchema), defaultValues: { email: state.email } });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    void handleSubmit(() => startTransition(() => formAction(new FormData(form))))(event);
  }

  return (
    <div className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-4 text-2xl font-bold">Forgot your password?</h1>
      {state.sent ? (
        <p role="status" className="rounded bg-brand-50 px-3 py-2 font-medium text-brand-900">
          {RESET_ASKED}
        </p>
      ) : (
        <p className="mb-6 text-sm text-slate-600">Enter the email you signed up with. We will send you a link to set a new password; it works for one hour.</p>
      )}
      {state.sent ? null : (
        <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField id="email" label="Email" type="email" autoComplete="email" defaultValue={state.email} registration={register("email")} error={errors.email?.message ?? state.emailError ?? undefined} />
          <button type="submit" disabled={pending} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
            Send me a link
          </button>
        </form>
      )}
      <p className="mt-6 text-sm">
        Remembered it?{" "}
        <Link href="/signin" className="font-semibold text-brand-700 underline">
          Sign in
        </Link>
      </p>
      {pending ? <FullScreenSpinner label="Sending…" /> : null}
    </div>
  );
}
