// The browser side of the REST paths: one JSON call, whatever the outcome, never a throw.

export type ApiReply = { ok: boolean; status: number; body: { success?: boolean; message?: string } & Record<string, unknown> };

export async function callApi(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, json?: unknown): Promise<ApiReply> {
  try {
    const response = await fetch(path, {
      method,
      headers: json === undefined ? undefined : { "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
      cache: "no-store",
    });
    let body: ApiReply["body"] = {};
    try {
      const parsed: unknown = await response.json();
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as ApiReply["body"];
      else body = { result: parsed };
    } catch {
      // Not JSON: the status says enough.
    }
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: { message: "The shop could not be reached; check your connection and try again." } };
  }
}

/** The server's message, or a fallback sentence. */
export const messageOf = (reply: ApiReply, fallback: string): string => (typeof reply.body.message === "string" && reply.body.message ? reply.body.message : fallback);

/** SPEC 7's "read for success": the call worked and the reply says `success: true`. */
export const succeeded = (reply: ApiReply): boolean => reply.ok && reply.body.success === true;
