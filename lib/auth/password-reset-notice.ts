import "server-only";
import { cookies } from "next/headers";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { DASHBOARD_HOME } from "@/lib/site/dashboard-menu";

// "Your new password is set", carried over the redirect to My Profile (where a form without
// JavaScript ends too), like the cart's notice: only that page reads it, for a minute.

const NOTICE_COOKIE = "password-reset-notice";
const NOTICE_MAX_AGE_S = 60;

/** Where a customer lands once the new password is set: My Profile, where the password lives. */
export const AFTER_PASSWORD_RESET = DASHBOARD_HOME;

export async function notePasswordReset(): Promise<void> {
  (await cookies()).set(NOTICE_COOKIE, "1", { path: AFTER_PASSWORD_RESET, maxAge: NOTICE_MAX_AGE_S, httpOnly: true, sameSite: "lax", secure: wantsSecureCookies() });
}

export async function passwordWasReset(): Promise<boolean> {
  return (await cookies()).get(NOTICE_COOKIE)?.value === "1";
}
