import type { Metadata } from "next";
import { connection } from "next/server";
import { SignUpForm } from "@/components/auth/SignUpForm";
import { googleEnabled } from "@/lib/auth/options";

export const metadata: Metadata = { title: "Sign up", robots: { index: false } };

export default async function SignUpPage() {
  // Whether Google is configured is read at request time, not baked in at build time.
  await connection();
  return <SignUpForm googleEnabled={googleEnabled()} />;
}
