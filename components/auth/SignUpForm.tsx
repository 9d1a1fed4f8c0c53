"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { CredentialsForm, useCredentialsSignIn } from "@/components/auth/CredentialsForm";
import { FormField } from "@/components/forms/FormField";
import { signUpSchema } from "@/lib/validation/auth";

/** SPEC 4: after sign-up the user goes to the home page. */
const AFTER_SIGN_UP = "/";

export function SignUpForm({ googleEnabled }: { googleEnabled: boolean }) {
  const { error, pending, submit } = useCredentialsSignIn(AFTER_SIGN_UP);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { name: "", email: "", password: "" } });

  return (
    <CredentialsForm
      title="Sign up"
      submitLabel="Sign up"
      pendingLabel="Creating your account…"
      onSubmit={handleSubmit(({ name, email, password }) => submit({ mode: "signup", name, email, password }))}
      pending={pending}
      error={error}
      google={{ enabled: googleEnabled, callbackUrl: AFTER_SIGN_UP }}
      footer={
        <>
          Already have an account?{" "}
          <Link href="/signin" className="font-semibold text-brand-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <FormField id="name" label="Name" type="text" autoComplete="name" registration={register("name")} error={errors.name?.message} />
      <FormField id="email" label="Email" type="email" autoComplete="email" registration={register("email")} error={errors.email?.message} />
      <FormField id="password" label="Password" type="password" autoComplete="new-password" registration={register("password")} error={errors.password?.message} />
    </CredentialsForm>
  );
}
