import { z } from "@/lib/validation/zod";
import { isCommonPassword } from "@/lib/validation/common-passwords";
import { isPlainEmail, requiredText } from "@/lib/validation/common";

// SPEC 5. The email rule is the shared isPlainEmail (lib/validation/common.ts): SPEC 5's
// "letters or digits, then @, then letters, a dot and 2 or 3 letters" as its minimum, a plain
// address only, so jane.doe@example.com passes and "x@y" or "a\u0000b@example.com" does not.
export const MESSAGES = {
  emailRequired: "Email is Required",
  emailInvalid: "Provide a valid Email",
  passwordRequired: "Password is Required",
  passwordShort: "Must be 6 characters or longer",
  nameRequired: "Name is Required",
  passwordCommon: "This password is one of the most common ones and easy to guess; choose another",
} as const;

export const PASSWORD_MIN_LENGTH = 6;

export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .refine(isPlainEmail, MESSAGES.emailInvalid);

export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordShort)
  .max(200, "Must be 200 characters or fewer");

export const signInSchema = z.object({ email: emailField, password: passwordField });

/** A new password: SPEC 5's length rule, and not one of the most common passwords. */
export const newPasswordField = passwordField.refine((v) => !isCommonPassword(v), MESSAGES.passwordCommon);

// Sign-in keeps the plain rule: an existing account with a weak password can still sign in.
export const signUpSchema = signInSchema.extend({
  password: newPasswordField,
  name: requiredText(120, MESSAGES.nameRequired),
});

const CURRENT_PASSWORD_REQUIRED = "Enter your current password";

const passwordChangeObject = z.object({
  currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED).max(200, "Must be 200 characters or fewer").optional(),
  newPassword: newPasswordField,
});

/** PUT /user/password. Without a current password only for an account that has none yet (made by a Google sign-in). */
export const passwordChangeSchema = passwordChangeObject.meta({ id: "PasswordChange" });

/** My Profile's form: the same rules, and an account that has a password must give the current one. */
export const passwordChangeFormSchema = (hasPassword: boolean) =>
  passwordChangeObject.refine((value) => !hasPassword || value.currentPassword !== undefined, { path: ["currentPassword"], message: CURRENT_PASSWORD_REQUIRED });

export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** Emails are compared and stored trimmed and lower-cased everywhere. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
