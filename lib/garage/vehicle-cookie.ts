import "server-only";
import { cookies } from "next/headers";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { VEHICLE_COOKIE, VEHICLE_COOKIE_MAX_AGE_S, readChosenVehicle } from "@/lib/garage/chosen-vehicle";
import { type KnownVehicle, knownVehicle } from "@/lib/garage/known-vehicle";

// The browser's chosen vehicle. Pages read it on the server (so the filter and the fit labels are
// there without JavaScript), and next.config.ts's rewrites send a browser that has one past the
// cached pages, which are the same for everyone (lib/cache/cached-routes.ts).

type CookieOptions = { path: string; maxAge: number; httpOnly: boolean; sameSite: "lax"; secure: boolean };
type CookieJar = { set(name: string, value: string, options: CookieOptions): unknown };

const options = (maxAge: number): CookieOptions => ({ path: "/", maxAge, httpOnly: true, sameSite: "lax", secure: wantsSecureCookies() });

/** Remembers the vehicle in the browser; "" forgets it. */
export function setVehicleCookie(jar: CookieJar, text: string): void {
  jar.set(VEHICLE_COOKIE, text, options(text ? VEHICLE_COOKIE_MAX_AGE_S : 0));
}

/**
 * On signing out: the browser's vehicle came from the account (signing in and every garage change set
 * it), so the next person at this browser neither shops for it nor, signing in to an empty garage,
 * takes it into theirs.
 */
export async function forgetBrowserVehicle(): Promise<void> {
  setVehicleCookie(await cookies(), "");
}

/** The vehicle this request's browser shops for, when the shop knows it. */
export async function cookieVehicle(): Promise<KnownVehicle | null> {
  return knownVehicle(readChosenVehicle((await cookies()).get(VEHICLE_COOKIE)?.value));
}
