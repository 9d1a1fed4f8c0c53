import { jsonReply } from "@/lib/http/errors";
import { objectIdParam } from "@/lib/http/params";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { editReview, removeReview } from "@/lib/reviews/commands";
import { reviewSchema } from "@/lib/validation/reviews";

type Context = { params: Promise<{ id: string }> };

/** Its author changes the rating and text of their review. */
export const PUT = route(async (request: Request, { params }: Context) => {
  const user = await requireUser();
  const id = objectIdParam((await params).id, "The review id");
  const input = parseWith(reviewSchema, await readJsonBody(request));
  const review = await editReview(id, input, user);
  return jsonReply({ success: true, message: "Your review was updated.", result: review });
});

/** Its author, or an admin, removes a review; 404 once it is gone. */
export const DELETE = route(async (_request: Request, { params }: Context) => {
  const user = await requireUser();
  const id = objectIdParam((await params).id, "The review id");
  const { deletedCount } = await removeReview(id, user);
  return jsonReply({ success: true, deletedCount, message: "Review removed." });
});
