import { jsonBody, ok, pathItem } from "@/lib/openapi/operations";
import { PASSWORD_MIN_LENGTH } from "@/lib/validation/auth";

// Forgot password: asking for a link by mail, and setting a new password with the link's token.

export const passwordResetPaths = {
  ...pathItem("/password-resets", {
    post: {
      operationId: "askPasswordReset",
      summary: "Ask for a password reset link",
      description:
        "Sends a link to set a new password to the account with that email, valid for one hour and usable once; a newer ask replaces the older link. The reply is the same 202 and message for every address, whether an account exists, signs in with Google only (its mail says so), or the asks for that email or from this client are over their limit (then nothing is sent). Only a malformed email is refused (400).",
      access: "public",
      body: jsonBody("PasswordResetAsk"),
      replies: ok(202, "The ask is taken; a mail follows when there is an account to send it to.", "PasswordResetAsked"),
    },
  }),
  ...pathItem("/password-resets/confirm", {
    post: {
      operationId: "confirmPasswordReset",
      summary: "Set a new password with a reset link",
      description: `Sets the account's password with the \`token\` of a reset link's \`/reset-password?token=…\`, held to sign-up's rules (at least ${PASSWORD_MIN_LENGTH} characters, not one of the most common passwords). Every session of the account ends; sign in with the new password. An expired, used, replaced or altered token is a 400 and changes nothing.`,
      access: "public",
      body: jsonBody("PasswordResetConfirm"),
      replies: ok(200, "The new password is set.", "PasswordResetDone"),
    },
  }),
};
