import type { Metadata } from "next";
import { ResetPasswordForm } from "./ResetPasswordForm";

// The token is in the address: no Referer carries it to any request the page makes, and no crawler indexes it.
export const metadata: Metadata = { title: "Set a new password", robots: { index: false }, referrer: "no-referrer" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  return <ResetPasswordForm token={typeof token === "string" ? token : ""} />;
}
