import { HttpError } from "@/lib/http/errors";
import { emailField, normaliseEmail } from "@/lib/validation/auth";
import { OBJECT_ID_PATTERN } from "@/lib/validation/common";

/** An email path segment, normalised like stored emails (decoded, trimmed, lower-cased); 400 if it is not an email. */
export function emailParam(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Already decoded by the router (a literal "%" stays as it is).
  }
  const parsed = emailField.safeParse(decoded);
  if (!parsed.success) throw new HttpError(400, "The email in the address is not a valid email.");
  return normaliseEmail(parsed.data);
}

/** An ObjectId path segment or body field; 400 otherwise. */
export function objectIdParam(raw: string, what: string): string {
  if (!OBJECT_ID_PATTERN.test(raw)) throw new HttpError(400, `${what} is not a valid id (24 hexadecimal characters).`);
  return raw.toLowerCase();
}
