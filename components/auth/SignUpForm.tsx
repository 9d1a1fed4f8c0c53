"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { CredentialsForm, useCredentialsAction } from "@/components/auth/CredentialsForm";
import { FormField } from "@/components/forms/FormField";
import { authPagePath } from "@/lib/auth/callback-url";
import { signUpAction } from "@/lib/auth/form-actions";
import { signUpSchema } from "@/lib/validation/auth";

/** `callbackUrl`: where the visitor was going when sent to sign in, else SPEC 4's home page. */
export function SignUpForm({ callbackUrl, googleEnabled }: { callbackUrl: string; googleEnabled: boolean }) {
  const { state, formAction, pending, submitChecked } = useCredentialsAction(signUpAction, authPagePath("/signup", callbackUrl));
  const { name = "", email = "" } = state.values;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { name, email, password: "" } });

  return (
    <CredentialsForm
      title="Sign up"
      submitLabel="Sign up"
      pendingLabel="Creating your account…"
      action={formAction}
      onSubmit={submitChecked(handleSubmit)}
      pending={pending}
      error={state.error}
      google={{ enabled: googleEnabled, callbackUrl }}
      footer={
        <>
          Already have an account?{" "}
          <Link href={authPagePath("/signin", callbackUrl)} className="font-semibold text-brand-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormField id="name" label="Name" type="text" autoComplete="name" defaultValue={name} registration={register("name")} error={errors.name?.message ?? state.fieldErrors.name} />
      <FormField id="email" label="Email" type="email" autoComplete="email" defaultValue={email} registration={register("email")} error={errors.email?.message ?? state.fieldErrors.email} />
      <FormField id="password" label="Password" type="password" autoComplete="new-password" registration={register("password")} error={errors.password?.message ?? state.fieldErrors.password} />
    </CredentialsForm>
  );
}
