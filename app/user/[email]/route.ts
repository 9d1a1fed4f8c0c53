import { emailParam } from "@/lib/http/params";
import { jsonReply } from "@/lib/http/errors";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireSelf, requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { registerUser } from "@/lib/users/commands";
import { registerSchema } from "@/lib/validation/profile";

type Context = { params: Promise<{ email: string }> };

/** SPEC's register-after-sign-in call: makes sure that user exists (idempotent); only that user. */
export const PUT = route(async (request: Request, { params }: Context) => {
  const user = await requireUser();
  const email = emailParam((await params).email);
  requireSelf(user, email);
  parseWith(registerSchema, await readJsonBody(request, { optional: true }));
  const { created, account } = await registerUser({ email, name: user.name, image: user.image });
  return jsonReply({
    success: true,
    created,
    message: created ? "User registered." : "User already registered.",
    result: { email: account.email, role: account.role },
  });
});
