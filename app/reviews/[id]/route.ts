import { jsonReply, objectIdParam, parseWith, readJsonBody, requireUser, route } from "@/lib/http";
import { editReview, removeReview } from "@/lib/reviews";
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
