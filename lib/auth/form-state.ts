// What the sign-in and sign-up server actions answer with. No server imports: the forms use it too.

/** SPEC 4: after sign-up the user goes to the home page. */
export const AFTER_SIGN_UP = "/";

export type CredentialsField = "name" | "email" | "password";

export type CredentialsFormState = {
  /** The refusal shown in red below the form (SPEC 8). */
  error: string | null;
  /** SPEC 5's message per field, as the server's check found them (a form sent before or without JavaScript). */
  fieldErrors: Partial<Record<CredentialsField, string>>;
  /** What was typed, the password excepted, so a form drawn again by the server keeps it. */
  values: Partial<Record<Exclude<CredentialsField, "password">, string>>;
};

export function credentialsFormState(error: string | null = null): CredentialsFormState {
  return { error, fieldErrors: {}, values: {} };
}
