// The browser side of the REST paths: one JSON call, whatever the outcome, never a throw.

export type ApiReply = { ok: boolean; status: number; body: { success?: boolean; message?: string } & Record<string, unknown> };

export function callApi(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, json?: unknown): Promise<ApiReply> {
  return send(path, {
    method,
    headers: json === undefined ? undefined : { "content-type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

/** POSTs a file as the raw body (the upload paths read its type from its content). */
export function uploadFile(path: string, file: Blob): Promise<ApiReply> {
  return send(path, { method: "POST", headers: { "content-type": file.type || "application/octet-stream" }, body: file });
}

async function send(path: string, init: RequestInit): Promise<ApiReply> {
  try {
    const response = await fetch(path, { ...init, cache: "no-store" });
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
