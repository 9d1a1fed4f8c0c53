import { z } from "@/lib/validation/zod";
import { httpUrlField, optionalText } from "@/lib/validation/common";

const LINK_MESSAGE = "The profile link must be a link starting with http:// or https://";

// SPEC 5, profile form: every field optional; the link is a URL (or "" to clear it).
export const profileSchema = z.object({
  name: optionalText(120),
  /** Ignored: the email in the path wins. */
  email: z.string().max(254).optional(),
  education: optionalText(200),
  linkdedin: z.union([z.literal(""), httpUrlField(LINK_MESSAGE)], { error: LINK_MESSAGE }).optional(),
  location: optionalText(200),
  phoneNumber: optionalText(40),
})
  .meta({ id: "ProfileInput" });

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileUpdate = z.output<typeof profileSchema>;

/** PUT /user/{email}: SPEC 7 sends `{ email }`; the path says who. */
export const registerSchema = z.object({
  email: z.string().max(254).optional(),
})
  .meta({ id: "RegisterInput" });
