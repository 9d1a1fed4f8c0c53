"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FullScreenSpinner } from "@/components/FullScreenSpinner";
import { AuthField } from "@/components/auth/AuthField";
import { GoogleButton } from "@/components/auth/GoogleButton";
import { signInErrorMessage } from "@/lib/auth/messages";
import { signUpSchema } from "@/lib/validation/auth";

/** SPEC 4: after sign-up the user goes to the home page. */
const AFTER_SIGN_UP = "/";

export function SignUpForm({ googleEnabled }: { googleEnabled: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { name: "", email: "", password: "" } });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setError(null);
    setPending(true);
    const result = await signIn("credentials", { redirect: false, mode: "signup", name, email, password });
    if (!result?.ok || result.error) {
      setPending(false);
      setError(signInErrorMessage(result?.error));
      return;
    }
    router.replace(AFTER_SIGN_UP);
    router.refresh();
  });

  return (
    <div className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">Sign up</h1>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <AuthField id="name" label="Name" type="text" autoComplete="name" registration={register("name")} error={errors.name?.message} />
        <AuthField id="email" label="Email" type="email" autoComplete="email" registration={register("email")} error={errors.email?.message} />
        <AuthField
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          registration={register("password")}
          error={errors.password?.message}
        />
        <button type="submit" disabled={pending} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
          Sign up
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-4 text-red-600">
          {error}
        </p>
      ) : null}
      {googleEnabled ? (
        <div className="mt-6">
          <GoogleButton callbackUrl={AFTER_SIGN_UP} />
        </div>
      ) : null}
      <p className="mt-6 text-sm">
        Already have an account?{" "}
        <Link href="/signin" className="font-semibold text-brand-700 underline">
          Sign in
        </Link>
      </p>
      {pending ? <FullScreenSpinner label="Creating your account…" /> : null}
    </div>
  );
}
