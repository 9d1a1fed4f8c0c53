/** Signs in (or, with `name`, signs up) and returns the Cookie header of the session. */
export function signIn(baseUrl: string, account: { email: string; password: string; name?: string }): Promise<string>;
