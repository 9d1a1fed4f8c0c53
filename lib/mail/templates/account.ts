import "server-only";
import { isValidObjectId } from "mongoose";
import { resetTokenOf } from "@/lib/auth/password-reset-token";
import { connectDb } from "@/lib/storage/connect";
import { SITE_NAME, absoluteUrl } from "@/lib/site/site";
import type { Composer, QueuedMail } from "@/lib/mail/compose-types";
import { render } from "@/lib/mail/templates/layout";
import { User } from "@/models/User";

// The account's mails: the welcome on sign-up, and the password reset.

type Recipient = { email: string; displayName: string };

/** The mail's account as it is now; null when it is gone. */
async function accountOf(mail: QueuedMail): Promise<Recipient | null> {
  if (!mail.userId || !isValidObjectId(mail.userId)) return null;
  await connectDb();
  const user = await User.findById(mail.userId, { email: 1, displayName: 1 }).lean();
  return user ? { email: user.email, displayName: user.displayName ?? "" } : null;
}

const greetingFor = (account: Recipient) => (account.displayName ? `Hello ${account.displayName},` : "Hello,");

export const welcome: Composer = async (mail) => {
  const account = await accountOf(mail);
  if (!account) return null;
  return {
    to: account.email,
    ...render({
      subject: `Welcome to ${SITE_NAME}`,
      greeting: greetingFor(account),
      blocks: [
        { kind: "paragraph", text: `Your account ${account.email} is ready.` },
        {
          kind: "paragraph",
          text: "With it you can order parts, follow your orders and pay a bank transfer from My Orders, keep your vehicles in My Garage to see the parts that fit them, save delivery addresses and review the parts you bought.",
        },
        { kind: "link", label: "Visit the shop", url: absoluteUrl("/") },
      ],
    }),
  };
};

/** The reset link's token, derived again from the mail's id; none for an account that signs in with Google only. */
const tokenOf = (mail: QueuedMail): string | null => (mail.data?.link === true ? resetTokenOf(mail.id) : null);

export const passwordReset: Composer = async (mail) => {
  const account = await accountOf(mail);
  if (!account) return null;
  const token = tokenOf(mail);
  const ignore = { kind: "paragraph", text: "If you did not ask for this, ignore this mail: nothing has changed." } as const;
  if (!token) {
    return {
      to: account.email,
      ...render({
        subject: "How you sign in",
        greeting: greetingFor(account),
        blocks: [
          { kind: "paragraph", text: "Someone asked to reset the password of this account. Your account signs in with Google and has no password to reset: sign in with Google." },
          { kind: "link", label: "Sign in", url: absoluteUrl("/signin") },
          ignore,
        ],
      }),
    };
  }
  return {
    to: account.email,
    ...render({
      subject: "Reset your password",
      greeting: greetingFor(account),
      blocks: [
        { kind: "paragraph", text: "Someone asked to reset the password of this account. Follow this link to choose a new one. It is valid for one hour and can be used once." },
        { kind: "link", label: "Choose a new password", url: absoluteUrl(`/reset-password?token=${encodeURIComponent(token)}`) },
        ignore,
      ],
    }),
  };
};
