import "server-only";
import { after } from "next/server";
import { resetLimits } from "@/lib/auth/password-reset-limits";
import { RESET_LINK_REFUSED } from "@/lib/auth/password-reset-messages";
import { RESET_LINK_VALID_MS, resetTokenDigest, resetTokenOf } from "@/lib/auth/password-reset-token";
import { InvalidInputError } from "@/lib/errors";
import { dueMail, mailsRecorded } from "@/lib/mail/due";
import { connectDb } from "@/lib/storage/connect";
import { logUnexpected } from "@/lib/storage/database-down";
import { withLock } from "@/lib/storage/lock";
import { hashPassword } from "@/lib/users/password";
import { accountChanged } from "@/lib/users/queries";
import { toAccount, type AccountView } from "@/lib/users/views";
import { normaliseEmail } from "@/lib/validation/auth";
import type { DueMail } from "@/models/due-mail";
import { User } from "@/models/User";

/** A link that does not set a password: expired, used, replaced by a newer one, or never issued. */
export class ResetLinkRefused extends InvalidInputError {
  constructor() {
    super(RESET_LINK_REFUSED);
  }
}

const ACCOUNT_BUSY = "This account is being changed by another request just now; please try again in a moment.";

/** The lock a password change takes too (lib/users/commands.ts), so a reset and a change never interleave. */
const accountLock = (id: unknown) => `account:${String(id)}`;

/**
 * Asks for a reset link. The caller answers at once, the same words for every address; the limits,
 * the lookup and the write run after the answer is sent (Next's after()), so neither the words nor
 * the time tell whether the account exists, has a password, or was limited.
 */
export function askForPasswordReset(email: string, ip: string): void {
  after(() => recordPasswordReset(email, ip).catch((error: unknown) => logUnexpected("[auth] recording a password reset failed", error)));
}

/** An account keeps the due mails of this long (and the new one): every ask adds one. */
const KEEP_MAILS_MS = 7 * 24 * 60 * 60_000;

/**
 * An account with a password gets a new link (replacing any older one) and its mail in the same
 * write; one that signs in only with Google gets a mail saying so; an unknown address, or a limited
 * ask, gets nothing. The link's token is derived from the mail's id (lib/auth/password-reset-token.ts):
 * the account keeps its digest, the mail only `{ link: true }`.
 */
export async function recordPasswordReset(emailInput: string, ip: string): Promise<void> {
  const email = normaliseEmail(emailInput);
  if (!(await resetLimits().take(email, ip))) return;
  await connectDb();
  const user = await User.findOne({ email }, { _id: 1, passwordHash: 1 }).select("+passwordHash").lean();
  if (!user) return;
  const mail = user.passwordHash ? dueMail("password-reset", { link: true }) : dueMail("password-reset");
  const link = user.passwordHash ? { resetTokenHash: resetTokenDigest(resetTokenOf(String(mail._id))), resetTokenExpires: new Date(Date.now() + RESET_LINK_VALID_MS) } : {};
  // Under the account's lock: the embedded database rewrites the whole document, so two asks written
  // at once could lose a mail, or keep one link's digest and send the other's mail. The account's
  // older due mails are dropped in the same write, so they do not pile up ask after ask.
  await withLock(accountLock(user._id), ACCOUNT_BUSY, async () => {
    const stored = await User.findById(user._id, { mailsDue: 1 }).lean<{ mailsDue?: DueMail[] }>();
    const kept = (stored?.mailsDue ?? []).filter((due) => due.at.getTime() > Date.now() - KEEP_MAILS_MS);
    await User.updateOne({ _id: user._id }, { $set: { ...link, mailsDue: [...kept, mail] } });
  });
  mailsRecorded({ userId: String(user._id) }, [mail]);
}

/**
 * Sets a new password with a reset link's token: the account's password, a new session version
 * (every session of the account ends), its browsers forgotten, and the token cleared, so the link
 * works once. Checked and written under the account's lock, as the embedded database's conditional
 * update is no atomic check-and-set: of two sends of one link together, the second finds it used.
 * Returns the account, for the caller to sign in.
 */
export async function resetPassword(token: string, password: string): Promise<AccountView> {
  const digest = resetTokenDigest(token);
  await connectDb();
  const found = await User.findOne({ resetTokenHash: digest }, { _id: 1 }).lean();
  if (!found) throw new ResetLinkRefused();
  const passwordHash = await hashPassword(password);
  return withLock(accountLock(found._id), ACCOUNT_BUSY, async () => {
    const user = await User.findOne({ _id: found._id, resetTokenHash: digest }).select("+resetTokenExpires").lean();
    if (!user?.resetTokenExpires || user.resetTokenExpires.getTime() <= Date.now()) throw new ResetLinkRefused();
    const sessionVersion = (user.sessionVersion ?? 0) + 1;
    const { matchedCount } = await User.updateOne(
      { _id: user._id, resetTokenHash: digest },
      { $set: { passwordHash, sessionVersion, knownBrowsers: [] }, $unset: { resetTokenHash: 1, resetTokenExpires: 1 } },
    );
    if (matchedCount !== 1) throw new ResetLinkRefused();
    accountChanged(user.email);
    return toAccount(user);
  });
}
