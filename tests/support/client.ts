// An HTTP client with a cookie jar that signs in through the real next-auth flow
// (GET /api/auth/csrf, then POST /api/auth/callback/credentials), like a browser does.

export type CallOptions = {
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is (with the given headers); for malformed bodies and uploaded files. */
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** The Origin header; defaults to the server's own origin for POST, PUT and DELETE. null sends none. */
  origin?: string | null;
};

export type Reply<T = unknown> = { status: number; body: T; headers: Headers };

export class Client {
  private readonly jar = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly email?: string,
  ) {}

  get signedIn(): boolean {
    return [...this.jar.keys()].some((name) => name.includes("session-token"));
  }

  /** Another client holding a copy of this one's cookies, as someone who captured them would. */
  clone(): Client {
    const copy = new Client(this.baseUrl, this.email);
    for (const [name, value] of this.jar) copy.jar.set(name, value);
    return copy;
  }

  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const origin = options.origin === undefined ? (method === "GET" ? null : this.baseUrl) : options.origin;
    if (origin) headers.origin = origin;
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual" });
    this.keepCookies(response);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the raw text is returned
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  private async credentials(fields: Record<string, string>): Promise<void> {
    const csrf = await this.call<{ csrfToken: string }>("GET", "/api/auth/csrf");
    const form = new URLSearchParams({ ...fields, csrfToken: csrf.body.csrfToken, callbackUrl: this.baseUrl, json: "true" });
    const reply = await this.call<{ url?: string }>("POST", "/api/auth/callback/credentials", {
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    if (!this.signedIn) throw new Error(`sign-in failed (${reply.status}): ${JSON.stringify(reply.body)}`);
  }

  /** Creates the account through the sign-up mode of the credentials provider and keeps the session. */
  signUp(email: string, password: string, name: string): Promise<void> {
    return this.credentials({ email, password, name, mode: "signup" });
  }

  signIn(email: string, password: string): Promise<void> {
    return this.credentials({ email, password });
  }

  /** Signs out through next-auth's own endpoint, as the Sign Out button does. */
  async signOut(): Promise<void> {
    const csrf = await this.call<{ csrfToken: string }>("GET", "/api/auth/csrf");
    const form = new URLSearchParams({ csrfToken: csrf.body.csrfToken, callbackUrl: this.baseUrl, json: "true" });
    await this.call("POST", "/api/auth/signout", { body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    if (this.signedIn) throw new Error("sign-out left the session cookie in place");
  }

  get<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>("GET", path, options);
  }
  post<T = unknown>(path: string, json?: unknown, options?: CallOptions) {
    return this.call<T>("POST", path, { json, ...options });
  }
  put<T = unknown>(path: string, json?: unknown, options?: CallOptions) {
    return this.call<T>("PUT", path, { json, ...options });
  }
  delete<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>("DELETE", path, options);
  }
}

/** A signed-up, signed-in client. */
export async function signedUpClient(baseUrl: string, email: string, name: string, password = "secret-pass-1"): Promise<Client> {
  const client = new Client(baseUrl, email);
  await client.signUp(email, password, name);
  return client;
}
