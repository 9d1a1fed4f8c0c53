"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { CredentialsForm, useCredentialsAction } from "@/components/auth/CredentialsForm";
import { FormField } from "@/components/forms/FormField";
import { authPagePath, signInPath } from "@/lib/auth/callback-url";
import { signInAction } from "@/lib/auth/form-actions";
import { FORGOT_PASSWORD_PATH } from "@/lib/auth/password-reset-forms";
import { signInSchema } from "@/lib/validation/auth";

type Props = { callbackUrl: string; googleEnabled: boolean; initialError: string | null };

export function SignInForm({ callbackUrl, googleEnabled, initialError }: Props) {
  const { state, formAction, pending, submitChecked } = useCredentialsAction(signInAction, signInPath(callbackUrl), initialError);
  const email = state.values.email ?? "";
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email, password: "" } });

  return (
    <CredentialsForm
      title="Sign in"
      submitLabel="Sign in"
      pendingLabel="Signing you in…"
      action={formAction}
      onSubmit={submitChecked(handleSubmit)}
      pending={pending}
      error={state.error}
      google={{ enabled: googleEnabled, callbackUrl }}
      footer={
        <>
          New to AutoParts Hub?{" "}
          <Link href={authPagePath("/signup", callbackUrl)} className="font-semibold text-brand-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      {/* SPEC 4: back to where they came from (the action checks it is on this site). */}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormField id="email" label="Email" type="email" autoComplete="email" defaultValue={email} registration={register("email")} error={errors.email?.message ?? state.fieldErrors.email} />
      <FormField id="password" label="Password" type="password" autoComplete="current-password" registration={register("password")} error={errors.password?.message ?? state.fieldErrors.password} />
      <Link href={FORGOT_PASSWORD_PATH} className="self-start text-sm font-semibold text-brand-700 underline">
        Forgot your password?
      </Link>
    </CredentialsForm>
  );
}
