import { emailParam, HttpError, jsonReply, requireAdmin, route } from "@/lib/http";
import { promoteToAdmin } from "@/lib/users";

type Context = { params: Promise<{ email: string }> };

/** Admin: makes that user an admin; it counts on their very next request (roles are read fresh). */
export const PUT = route(async (_request: Request, { params }: Context) => {
  await requireAdmin();
  const email = emailParam((await params).email);
  const result = await promoteToAdmin(email);
  if (!result) throw new HttpError(404, "There is no user with this email.");
  return jsonReply({
    success: true,
    message: result.modifiedCount ? `${email} is now an admin.` : `${email} was already an admin.`,
    modifiedCount: result.modifiedCount,
  });
});
