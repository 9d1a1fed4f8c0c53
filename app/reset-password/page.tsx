import type { Metadata } from "next";
import { ResetPasswordForm } from "./ResetPasswordForm";

// The token is in the address: the page's Referrer-Policy sends the origin only (lib/server/security-headers.ts).
export const metadata: Metadata = { title: "Set a new password", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  return <ResetPasswordForm token={typeof token === "string" ? token : ""} />;
}
