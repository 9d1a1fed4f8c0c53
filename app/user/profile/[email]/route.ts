import { emailParam } from "@/lib/http/params";
import { HttpError, jsonReply } from "@/lib/http/errors";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireSelf, requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { getProfile } from "@/lib/users/queries";
import { updateProfile } from "@/lib/users/commands";
import { profileSchema } from "@/lib/validation/profile";

type Context = { params: Promise<{ email: string }> };

/** A list whose first item is the profile: the user themselves or an admin. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const user = await requireUser();
  const email = emailParam((await params).email);
  requireSelf(user, email, { adminMay: true });
  const profile = await getProfile(email);
  if (!profile) throw new HttpError(404, "There is no user with this email.");
  return jsonReply([profile]);
});

/** The user updates their own profile; every field optional, the path's email wins over the body's. */
export const PUT = route(async (request: Request, { params }: Context) => {
  const user = await requireUser();
  const email = emailParam((await params).email);
  requireSelf(user, email);
  const { name, education, linkdedin, location, phoneNumber } = parseWith(profileSchema, await readJsonBody(request));
  const profile = await updateProfile(email, { name, education, linkdedin, location, phoneNumber });
  if (!profile) throw new HttpError(404, "There is no user with this email.");
  return jsonReply({ success: true, message: "Profile updated.", result: profile });
});
