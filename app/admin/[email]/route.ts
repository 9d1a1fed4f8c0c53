import { emailParam } from "@/lib/http/params";
import { jsonReply } from "@/lib/http/errors";
import { requireSelf, requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { isAdmin } from "@/lib/users/queries";

type Context = { params: Promise<{ email: string }> };

/** `{ admin }` for that user: asked by the user themselves or an admin. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const user = await requireUser();
  const email = emailParam((await params).email);
  requireSelf(user, email, { adminMay: true });
  return jsonReply({ admin: await isAdmin(email) });
});
