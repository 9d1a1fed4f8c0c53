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
import { signInSchema } from "@/lib/validation/auth";

type Props = { callbackUrl: string; googleEnabled: boolean; initialError: string | null };

export function SignInForm({ callbackUrl, googleEnabled, initialError }: Props) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    setPending(true);
    const result = await signIn("credentials", { redirect: false, mode: "signin", email, password });
    if (!result?.ok || result.error) {
      setPending(false);
      setError(signInErrorMessage(result?.error));
      return;
    }
    // SPEC 4: back to where they came from, by replacement; refresh so the server-drawn menu shows them signed in.
    router.replace(callbackUrl);
    router.refresh();
  });

  return (
    <div className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">Sign in</h1>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <AuthField id="email" label="Email" type="email" autoComplete="email" registration={register("email")} error={errors.email?.message} />
        <AuthField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register("password")}
          error={errors.password?.message}
        />
        <button type="submit" disabled={pending} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
          Sign in
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-4 text-red-600">
          {error}
        </p>
      ) : null}
      {googleEnabled ? (
        <div className="mt-6">
          <GoogleButton callbackUrl={callbackUrl} />
        </div>
      ) : null}
      <p className="mt-6 text-sm">
        New to AutoParts Hub?{" "}
        <Link href="/signup" className="font-semibold text-brand-700 underline">
          Create an account
        </Link>
      </p>
      {pending ? <FullScreenSpinner label="Signing you in…" /> : null}
    </div>
  );
}
