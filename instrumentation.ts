/** Runs once when the server starts: a production server without NEXTAUTH_SECRET stops here, with one clear message. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { authSecret, MissingSecretError } = await import("@/lib/auth/secret");
  try {
    authSecret();
  } catch (error) {
    if (!(error instanceof MissingSecretError)) throw error;
    console.error(`[auth] ${error.message}`);
    process.exit(1);
  }
}
