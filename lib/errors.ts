// Domain errors: lib/ says what went wrong in the shop's words; lib/http/route.ts maps them to statuses.

/** The request asks for something the shop's rules refuse (400). */
export class InvalidInputError extends Error {}

/** The thing asked for does not exist (404). */
export class NotFoundError extends Error {}

/**
 * The request is valid but clashes with the current state, e.g. short stock (409). `details` are
 * more fields of the reply a client reads (which lines are short, the total now), beside `message`.
 */
export class ConflictError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The signed-in user may not do this to this thing (403). */
export class ForbiddenError extends Error {}

/** The content is of a type the shop does not take, e.g. an upload that is not a picture (415). */
export class UnsupportedContentError extends Error {}

/** Too many of these requests from one account just now (429); it may try again after `retryAfterMs`. */
export class TooManyRequestsError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** Too many passwords are being hashed already (lib/users/password.ts): nothing was checked; try again shortly (503). */
export class PasswordHashingBusyError extends Error {
  constructor() {
    super("Sign-in is busy just now; please try again in a moment.");
  }
}

/** A service the request needs is away just now, e.g. the job queue's Redis (503): nothing was changed; try again shortly. */
export class ServiceUnavailableError extends Error {}
