import { resetPassword } from "@/lib/auth/password-reset";
import { RESET_DONE_API } from "@/lib/auth/password-reset-messages";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { passwordResetConfirmSchema } from "@/lib/validation/password-reset";

/**
 * Sets a new password with a reset link's token. Every session of the account ends, and the client
 * signs in with the new password as usual (no session is handed out here). A link that does not
 * work is a 400 (ResetLinkRefused) and changes nothing.
 */
export const POST = route(async (request: Request) => {
  const { token, password } = parseWith(passwordResetConfirmSchema, await readJsonBody(request));
  await resetPassword(token, password);
  return jsonReply({ success: true, message: RESET_DONE_API });
});
