import { rememberBrowser } from "@/lib/auth/known-browser";
import { changeOwnPassword } from "@/lib/auth/password-change";
import { clientIp } from "@/lib/auth/rate-limit";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { currentSession, renewSession } from "@/lib/auth/session";
import { HttpError, jsonReply } from "@/lib/http/errors";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { passwordChangeSchema } from "@/lib/validation/auth";

/** SPEC 8's answer to a call without a session. */
const NO_USER = "No user is logged in";

/**
 * SPEC 8's password update, for the signed-in user's own account. Every other session of the
 * account ends and every browser it knew is forgotten; this one moves to the new session version,
 * stays signed in and is the one browser the account knows.
 */
export const PUT = route(async (request: Request) => {
  const session = await currentSession();
  if (!session) throw new HttpError(401, NO_USER);
  const input = parseWith(passwordChangeSchema, await readJsonBody(request));
  const sessionVersion = await changeOwnPassword(session.user.email, clientIp(Object.fromEntries(request.headers)), input);
  await rememberBrowser(session.user.email, request.headers.get("cookie"), wantsSecureCookies());
  const reply = jsonReply({ success: true, message: "Your password is saved. You stay signed in here; your other sessions are signed out." });
  return renewSession(reply, request, session.token, sessionVersion);
});
