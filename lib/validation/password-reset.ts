import { z } from "@/lib/validation/zod";
import { emailField, newPasswordField } from "@/lib/validation/auth";

// Forgot password: asking for a link, and setting a new password with it (sign-up's rules).

export const RESET_LINK_MISSING = "This link to reset your password is incomplete. Ask for a new one.";

/** POST /password-resets and the forgot-password form. */
export const passwordResetAskSchema = z.object({ email: emailField }).meta({ id: "PasswordResetAsk" });

/** A link's token as the shop writes it: 32 random bytes in base64url (43 characters). */
export const resetTokenField = z.string({ error: RESET_LINK_MISSING }).trim().min(1, RESET_LINK_MISSING).max(128, RESET_LINK_MISSING);

/** POST /password-resets/confirm and the reset-password form. */
export const passwordResetConfirmSchema = z.object({ token: resetTokenField, password: newPasswordField }).meta({ id: "PasswordResetConfirm" });

/** The same reply to every ask, whether the account exists or not. */
export const passwordResetAskedSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: "PasswordResetAsked" });
export const passwordResetDoneSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: "PasswordResetDone" });
