import type { Metadata } from "next";
import { connection } from "next/server";
import { SignUpForm } from "@/components/auth/SignUpForm";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { AFTER_SIGN_UP } from "@/lib/auth/form-state";
import { googleEnabled } from "@/lib/auth/options";

export const metadata: Metadata = { title: "Sign up", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  // Whether Google is configured is read at request time, not baked in at build time.
  await connection();
  const { callbackUrl } = await searchParams;
  // Sent here from sign-in on the way somewhere (Purchase Now): the new account goes on there.
  return <SignUpForm callbackUrl={callbackUrl === undefined ? AFTER_SIGN_UP : safeCallbackUrl(callbackUrl)} googleEnabled={googleEnabled()} />;
}
