import { passwordWasReset } from "@/lib/auth/password-reset-notice";
import { RESET_DONE } from "@/lib/auth/password-reset-messages";

/** Says, on the page a reset lands on, that the new password is set (with or without JavaScript). */
export async function PasswordResetNotice() {
  if (!(await passwordWasReset())) return null;
  return (
    <p role="status" className="mb-4 rounded bg-brand-50 px-3 py-2 font-medium text-brand-900">
      {RESET_DONE}
    </p>
  );
}
