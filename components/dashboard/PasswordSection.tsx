"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormField } from "@/components/forms/FormField";
import { callApi, messageOf, succeeded } from "@/lib/site/api-client";
import { passwordChangeFormSchema, type PasswordChangeInput } from "@/lib/validation/auth";

const NEW_PASSWORD_HINT = "At least 6 characters, and not one of the most common passwords.";

/**
 * SPEC 8's password update on My Profile. An account made by a Google sign-in has no password to
 * change: it is told so, and its owner may set one (the only way a password joins such an account).
 */
export function PasswordSection({ initialHasPassword }: { initialHasPassword: boolean }) {
  const [hasPassword, setHasPassword] = useState(initialHasPassword);
  return (
    <section aria-labelledby="password-heading" className="mt-10 max-w-lg">
      <h2 id="password-heading" className="text-xl font-bold">
        Password
      </h2>
      {hasPassword ? null : (
        <p className="mt-2 text-sm text-slate-600">
          Your account signs in with Google and has no password to change. You can set one to sign in with your email and a password too.
        </p>
      )}
      {/* A new form once a password exists, so it asks for the current one from then on. */}
      <PasswordForm key={String(hasPassword)} hasPassword={hasPassword} onSaved={() => setHasPassword(true)} />
    </section>
  );
}

function PasswordForm({ hasPassword, onSaved }: { hasPassword: boolean; onSaved: () => void }) {
  const resolver = zodResolver(passwordChangeFormSchema(hasPassword));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({ resolver, defaultValues: hasPassword ? { currentPassword: "", newPassword: "" } : { newPassword: "" } });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    const reply = await callApi("PUT", "/user/password", hasPassword ? { currentPassword, newPassword } : { newPassword });
    if (!succeeded(reply)) {
      toast.error("The password was not changed", { description: messageOf(reply, `The shop answered with an error (HTTP ${reply.status}).`) });
      return;
    }
    toast.success(messageOf(reply, "Your password is saved."));
    reset();
    onSaved();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="password-heading" className="mt-4 flex flex-col gap-4 rounded-lg border border-slate-200 p-6">
      {hasPassword ? (
        <FormField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          registration={register("currentPassword")}
          error={errors.currentPassword?.message}
        />
      ) : null}
      <FormField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        registration={register("newPassword")}
        error={errors.newPassword?.message}
      />
      <button type="submit" disabled={isSubmitting} className="self-start rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
        {isSubmitting ? "Saving…" : hasPassword ? "Change password" : "Set password"}
      </button>
    </form>
  );
}
