// The browser's side of the REST paths (SPEC 7): client components call them through this one helper.

/** What a call came back with: the JSON object (null when the body was not one) and a message fit to show a person. */
export type ApiReply = { ok: boolean; status: number; body: Record<string, unknown> | null; message: string };

const UNREACHABLE = "The shop could not be reached. Check your connection and try again.";

/** Sends a same-origin request (the session cookie goes with it) and never throws: failures come back as a reply with a message. */
export async function callApi(method: "POST" | "PUT" | "DELETE", path: string, json?: unknown): Promise<ApiReply> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: json === undefined ? undefined : { "Content-Type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, body: null, message: UNREACHABLE };
  }
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page, say): the status alone tells what happened.
  }
  const serverMessage = typeof body?.message === "string" ? body.message : "";
  const message = serverMessage || (response.ok ? "" : `The shop answered with an error (HTTP ${response.status}). Please try again.`);
  return { ok: response.ok, status: response.status, body, message };
}

/** SPEC 7's "read for success": the call worked and the reply says `success: true`. */
export const succeeded = (reply: ApiReply): boolean => reply.ok && reply.body?.success === true;
