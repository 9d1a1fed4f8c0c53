import type { Metadata } from "next";
import { SignInForm } from "@/components/auth/SignInForm";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { cameFromPath } from "@/lib/auth/came-from";
import { addressBarErrorMessage } from "@/lib/auth/messages";
import { googleEnabled } from "@/lib/auth/options";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = params.callbackUrl === undefined ? await cameFromPath() : safeCallbackUrl(params.callbackUrl);
  return (
    <SignInForm
      callbackUrl={callbackUrl}
      googleEnabled={googleEnabled()}
      initialError={addressBarErrorMessage(params.error)}
    />
  );
}
