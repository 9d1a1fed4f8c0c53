// Words of the forgot-password and reset-password pages. No server imports: their forms use them too.

/** The one answer to every ask: an unknown address, a Google-only account, a limited one alike. */
export const RESET_ASKED = "If an account exists for that address, we have sent a link to reset its password.";
/** An expired, used or altered link: nothing says which, and nothing changes. */
export const RESET_LINK_REFUSED = "This link to reset your password has expired or has already been used. Ask for a new one.";
export const RESET_DONE = "Your new password is set and you are signed in. Every other session of your account has been signed out.";
export const RESET_DONE_API = "Your new password is set. Every session of your account has been signed out; sign in with the new password.";
export const RESET_UNAVAILABLE = "The password could not be changed just now. Please try again in a moment.";
