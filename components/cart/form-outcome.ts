import "server-only";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { HttpError } from "@/lib/http/errors";

/**
 * The message a cart form's change leaves for the customer: the server's own sentence on success,
 * or the reason it was refused (no such part, out of stock, a bad quantity), which a person sees on
 * the cart page rather than as an error reply. Anything else (a busy lock, a bug) is thrown on.
 */
export async function cartFormOutcome(change: () => Promise<string>): Promise<string> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof InvalidInputError || error instanceof NotFoundError || error instanceof ConflictError) return error.message;
    if (error instanceof HttpError && error.status === 400) return error.message;
    throw error;
  }
}
