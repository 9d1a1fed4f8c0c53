"use server";

import "server-only";
import { headers } from "next/headers";
import { RedirectType, redirect } from "next/navigation";
import { rememberBrowser } from "@/lib/auth/known-browser";
import { AFTER_PASSWORD_RESET, notePasswordReset } from "@/lib/auth/password-reset-notice";
import { ResetLinkRefused, askForPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import type { ForgotPasswordState, ResetPasswordState } from "@/lib/auth/password-reset-forms";
import { RESET_UNAVAILABLE } from "@/lib/auth/password-reset-messages";
import { clientIp } from "@/lib/auth/rate-limit";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { startSession } from "@/lib/auth/start-session";
import { logUnexpected } from "@/lib/storage/database-down";
import { passwordResetAskSchema, passwordResetConfirmSchema } from "@/lib/validation/password-reset";

/** A field's text; the form is whatever the request decoded to (a hand-made body may send no form at all). */
function textOf(form: unknown, field: string): string {
  const value = form instanceof FormData ? form.get(field) : null;
  return typeof value === "string" ? value : "";
}

/** The forgot-password form: the one answer at once; the account is looked up after it is sent. */
export async function askPasswordResetAction(_previous: ForgotPasswordState, form: FormData): Promise<ForgotPasswordState> {
  const email = textOf(form, "email");
  const parsed = passwordResetAskSchema.safeParse({ email });
  if (!parsed.success) return { sent: false, email, emailError: parsed.error.issues[0]?.message ?? null };
  askForPasswordReset(parsed.data.email, clientIp(Object.fromEntries((await headers()).entries())));
  return { sent: true, email: parsed.data.email, emailError: null };
}

/**
 * The reset-password form: sign-up's rules for the password, then the link's one use; the customer
 * is signed in here (this browser becomes the account's one known browser) and lands on My Profile.
 */
export async function resetPasswordAction(_previous: ResetPasswordState, form: FormData): Promise<ResetPasswordState> {
  const token = textOf(form, "token");
  const parsed = passwordResetConfirmSchema.safeParse({ token, password: textOf(form, "password") });
  const state = { token, passwordError: null, linkRefused: false, error: null };
  if (!parsed.success) {
    const tokenIssue = parsed.error.issues.some((issue) => issue.path[0] === "token");
    const passwordIssue = parsed.error.issues.find((issue) => issue.path[0] === "password");
    return { ...state, linkRefused: tokenIssue, passwordError: passwordIssue?.message ?? null };
  }
  try {
    const account = await resetPassword(parsed.data.token, parsed.data.password);
    await startSession(account);
    await rememberBrowser(account.email, (await headers()).get("cookie"), wantsSecureCookies());
    await notePasswordReset();
  } catch (error) {
    if (error instanceof ResetLinkRefused) return { ...state, linkRefused: true };
    logUnexpected("[auth] resetting a password failed", error);
    return { ...state, error: RESET_UNAVAILABLE };
  }
  redirect(AFTER_PASSWORD_RESET, RedirectType.replace);
}
