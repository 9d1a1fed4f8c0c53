import { askForPasswordReset } from "@/lib/auth/password-reset";
import { RESET_ASKED } from "@/lib/auth/password-reset-messages";
import { clientIp } from "@/lib/auth/rate-limit";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { jsonReply } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { passwordResetAskSchema } from "@/lib/validation/password-reset";

/** Asks for a reset link: 202 and the same words for every address; the mail (if any) follows. */
export const POST = route(async (request: Request) => {
  const { email } = parseWith(passwordResetAskSchema, await readJsonBody(request));
  askForPasswordReset(email, clientIp(Object.fromEntries(request.headers)));
  return jsonReply({ success: true, message: RESET_ASKED }, 202);
});
