import "server-only";
import { TooManyRequestsError } from "@/lib/errors";
import { sharedLimiter } from "@/lib/limits/limiter";

/**
 * Review writes per account: one account once posted 40 one-star reviews in a row. Each account has
 * one review; this bounds how often it can be rewritten. Shared by every server process, like the
 * sign-in limits.
 */
const REVIEW_WRITES = { max: 5, windowMs: 10 * 60_000 };

let reviewWrites: ReturnType<typeof sharedLimiter> | undefined;

/** Counts a review write of this account, or throws (429) when it wrote too often just now. */
export async function countReviewWrite(email: string): Promise<void> {
  // Made on first use, when the server's environment (REDIS_URL) is known.
  reviewWrites ??= sharedLimiter("review-writes", REVIEW_WRITES);
  const status = await reviewWrites.take(email);
  if (status.limited) {
    const minutes = Math.max(1, Math.ceil(status.retryAfterMs / 60_000));
    throw new TooManyRequestsError(`You have changed your review often just now. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, status.retryAfterMs);
  }
}
