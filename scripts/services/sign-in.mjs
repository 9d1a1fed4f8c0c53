// Signing in to a running shop through the real next-auth credentials flow, as a browser does: the
// load, the fuzz, the bench and the cluster's tests act as signed-in customers and administrators.

function cookiesOf(response, jar) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** Signs in (or, with `name`, signs up) and returns the Cookie header of the session. */
export async function signIn(baseUrl, { email, password, name }) {
  const jar = new Map();
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = await csrf.json();
  const fields = { email, password, csrfToken, callbackUrl: baseUrl, json: "true", ...(name ? { name, mode: "signup" } : {}) };
  const reply = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), origin: baseUrl },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  cookiesOf(reply, jar);
  const session = [...jar].filter(([k]) => k.includes("session-token"));
  if (session.length === 0) throw new Error(`sign-in of ${email} failed (${reply.status}): ${await reply.text()}`);
  return session.map(([k, v]) => `${k}=${v}`).join("; ");
}
