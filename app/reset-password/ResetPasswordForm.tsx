"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { startTransition, useActionState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/FormField";
import { FullScreenSpinner } from "@/components/FullScreenSpinner";
import { resetPasswordAction } from "@/lib/auth/password-reset-actions";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, resetPasswordState } from "@/lib/auth/password-reset-forms";
import { RESET_LINK_REFUSED } from "@/lib/auth/password-reset-messages";
import { RESET_LINK_MISSING, passwordResetConfirmSchema } from "@/lib/validation/password-reset";

const NEW_PASSWORD_HINT = "At least 6 characters, and not one of the most common passwords.";

/**
 * The new password for the link's account. The form posts to the page without the token in its
 * address (the token travels in a hidden field), so neither the address bar nor a log of the post
 * keeps it. Once set, the action signs the customer in and sends them on.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const [state, formAction, pending] = useActionState(resetPasswordAction, resetPasswordState(token), RESET_PASSWORD_PATH);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordResetConfirmSchema), defaultValues: { token: state.token, password: "" } });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    void handleSubmit(() => startTransition(() => formAction(new FormData(form))))(event);
  }

  if (state.linkRefused || !state.token) {
    return (
      <div className="mx-auto max-w-sm px-4 py-12">
        <h1 className="mb-4 text-2xl font-bold">Set a new password</h1>
        <p role="alert" className="text-red-600">
          {state.token ? RESET_LINK_REFUSED : RESET_LINK_MISSING}
        </p>
        <p className="mt-6">
          <Link href={FORGOT_PASSWORD_PATH} className="font-semibold text-brand-700 underline">
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">Set a new password</h1>
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <input type="hidden" {...register("token")} value={state.token} />
        <FormField
          id="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          registration={register("password")}
          error={errors.password?.message ?? state.passwordError ?? undefined}
        />
        <button type="submit" disabled={pending} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
          Set password and sign in
        </button>
      </form>
      {state.error ? (
        <p role="alert" className="mt-4 text-red-600">
          {state.error}
        </p>
      ) : null}
      {pending ? <FullScreenSpinner label="Setting your password…" /> : null}
    </div>
  );
}
