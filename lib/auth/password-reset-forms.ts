// What the forgot-password and reset-password server actions answer with. No server imports: the forms use it too.

export type ForgotPasswordState = {
  /** The ask was taken: the page shows the one answer (RESET_ASKED) instead of the form's error. */
  sent: boolean;
  email: string;
  /** The format's message (an empty or malformed address), never anything about the account. */
  emailError: string | null;
};

export type ResetPasswordState = {
  /** The link's token, carried in a hidden field so a refused password can be typed again. */
  token: string;
  passwordError: string | null;
  /** The link does not work (RESET_LINK_REFUSED): the page offers to ask again instead of the form. */
  linkRefused: boolean;
  /** Anything else that failed (the database, a busy account): try again. */
  error: string | null;
};

export function forgotPasswordState(): ForgotPasswordState {
  return { sent: false, email: "", emailError: null };
}

export function resetPasswordState(token: string): ResetPasswordState {
  return { token, passwordError: null, linkRefused: false, error: null };
}

/** Where the forgot-password form lives; the reset-password page links back to it. */
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESET_PASSWORD_PATH = "/reset-password";
