"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { CredentialsForm, useCredentialsSignIn } from "@/components/auth/CredentialsForm";
import { FormField } from "@/components/forms/FormField";
import { signInSchema } from "@/lib/validation/auth";

type Props = { callbackUrl: string; googleEnabled: boolean; initialError: string | null };

export function SignInForm({ callbackUrl, googleEnabled, initialError }: Props) {
  // SPEC 4: back to where they came from.
  const { error, pending, submit } = useCredentialsSignIn(callbackUrl, initialError);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });

  return (
    <CredentialsForm
      title="Sign in"
      submitLabel="Sign in"
      pendingLabel="Signing you in…"
      onSubmit={handleSubmit(({ email, password }) => submit({ mode: "signin", email, password }))}
      pending={pending}
      error={error}
      google={{ enabled: googleEnabled, callbackUrl }}
      footer={
        <>
          New to AutoParts Hub?{" "}
          <Link href="/signup" className="font-semibold text-brand-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      <FormField id="email" label="Email" type="email" autoComplete="email" registration={register("email")} error={errors.email?.message} />
      <FormField id="password" label="Password" type="password" autoComplete="current-password" registration={register("password")} error={errors.password?.message} />
    </CredentialsForm>
  );
}
