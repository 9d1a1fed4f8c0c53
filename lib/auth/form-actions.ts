"use server";

import "server-only";
import { headers } from "next/headers";
import { RedirectType, redirect } from "next/navigation";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { AFTER_SIGN_UP, type CredentialsField, type CredentialsFormState } from "@/lib/auth/form-state";
import { SIGN_IN_UNAVAILABLE } from "@/lib/auth/messages";
import { logUnexpected } from "@/lib/storage/database-down";
import { SignInRefused, authorizeCredentials } from "@/lib/auth/options";
import { startSession } from "@/lib/auth/start-session";
import { signInSchema, signUpSchema } from "@/lib/validation/auth";

type Mode = "signin" | "signup";

/** A field's text; the form is whatever the request decoded to (a hand-made body may send no form at all). */
function textOf(form: unknown, field: CredentialsField): string {
  const value = form instanceof FormData ? form.get(field) : null;
  return typeof value === "string" ? value : "";
}

/** The first of SPEC 5's messages for each field that fails. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): CredentialsFormState["fieldErrors"] {
  const errors: CredentialsFormState["fieldErrors"] = {};
  for (const { path, message } of issues) {
    const field = path[0];
    if ((field === "name" || field === "email" || field === "password") && !errors[field]) errors[field] = message;
  }
  return errors;
}

/**
 * The forms' one way in, with or without JavaScript: the shared schema, then the same checks, rate
 * limits and messages as next-auth's credentials provider, then the session cookie and a redirect by
 * replacement (a form sent without JavaScript gets a 303 to `destination`). A refusal comes back as
 * state, drawn in red under the form; the password is never echoed back.
 */
async function submit(mode: Mode, form: unknown, destination: string): Promise<CredentialsFormState> {
  const typed = { name: textOf(form, "name"), email: textOf(form, "email"), password: textOf(form, "password") };
  const values = mode === "signup" ? { name: typed.name, email: typed.email } : { email: typed.email };
  const parsed = (mode === "signup" ? signUpSchema : signInSchema).safeParse(typed);
  if (!parsed.success) return { error: null, fieldErrors: fieldErrorsOf(parsed.error.issues), values };
  try {
    const account = await authorizeCredentials({ ...typed, mode }, Object.fromEntries((await headers()).entries()));
    await startSession(account);
  } catch (error) {
    if (!(error instanceof SignInRefused)) logUnexpected("[auth] starting a session failed", error);
    return { error: error instanceof SignInRefused ? error.message : SIGN_IN_UNAVAILABLE, fieldErrors: {}, values };
  }
  redirect(destination, RedirectType.replace);
}

export async function signInAction(_previous: CredentialsFormState, form: FormData): Promise<CredentialsFormState> {
  // SPEC 4: back to where they came from; safeCallbackUrl keeps that on this site.
  return submit("signin", form, safeCallbackUrl(form instanceof FormData ? form.get("callbackUrl") : null));
}

export async function signUpAction(_previous: CredentialsFormState, form: FormData): Promise<CredentialsFormState> {
  // SPEC 4's home page for a plain sign-up; one begun on the way somewhere (Purchase Now) goes on there.
  return submit("signup", form, form.has("callbackUrl") ? safeCallbackUrl(form.get("callbackUrl")) : AFTER_SIGN_UP);
}
