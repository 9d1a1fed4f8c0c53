import { NextResponse } from "next/server";
import { safeCallbackUrl, signInPath } from "@/lib/auth/callback-url";
import { getSessionUser } from "@/lib/auth/session";
import { ConflictError, NotFoundError, UnsupportedContentError } from "@/lib/errors";
import { readBodyBytes } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { readChosenVehicle } from "@/lib/garage/chosen-vehicle";
import { activateVehicle, activeVehicleOf, parkVehicle, removeVehicle } from "@/lib/garage/commands";
import { knownVehicle } from "@/lib/garage/known-vehicle";
import { setVehicleCookie } from "@/lib/garage/vehicle-cookie";
import { HttpError } from "@/lib/http/errors";
import { MY_GARAGE_PATH, SELECTOR_PATH } from "@/lib/garage/paths";

// The forms that choose, switch and forget the vehicle a customer shops for (the selector, the
// vehicle bar, My Garage), with or without JavaScript: a form post, then a 303 back to a page. A
// visitor's choice lives in the browser's cookie; a signed-in customer's also in their garage.

const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
const MAX_FORM_BYTES = 2048;

async function readForm(request: Request): Promise<URLSearchParams> {
  const media = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (media !== FORM_MEDIA_TYPE) throw new UnsupportedContentError(`Send the form as ${FORM_MEDIA_TYPE}.`);
  return new URLSearchParams((await readBodyBytes(request, MAX_FORM_BYTES)).toString("utf8"));
}

/** A relative Location: the browser's own host, whatever name the server was reached by. */
const seeOther = (path: string) => new NextResponse(null, { status: 303, headers: { Location: path } });

export const POST = route(async (request: Request) => {
  const form = await readForm(request);
  const next = form.get("next") ? safeCallbackUrl(form.get("next")) : "/parts";
  const user = await getSessionUser();
  const intent = form.get("intent");

  if (intent === "choose") {
    const engine = form.get("engine");
    const vehicle = await knownVehicle(readChosenVehicle(engine ? `${form.get("vehicle")}/${engine}` : form.get("vehicle")));
    // A vehicle the shop does not list (a stale page, a made-up form): choose again.
    if (!vehicle) return seeOther(SELECTOR_PATH);
    if (user) {
      try {
        await parkVehicle(user.email, vehicle);
      } catch (error) {
        if (error instanceof ConflictError) return seeOther(`${MY_GARAGE_PATH}?full=1`);
        throw error;
      }
    }
    const response = seeOther(next);
    setVehicleCookie(response.cookies, vehicle.text);
    return response;
  }

  if (intent === "forget") {
    if (user) await activateVehicle(user.email, "");
    const response = seeOther(next);
    setVehicleCookie(response.cookies, "");
    return response;
  }

  if (intent === "activate" || intent === "remove") {
    const vehicle = form.get("vehicle") ?? "";
    if (!readChosenVehicle(vehicle)) throw new HttpError(400, "vehicle must be <year>/<make>/<model>[/<engine>], as My Garage sends it.");
    // A session that ended while My Garage was open: sign in again, then back to the garage.
    if (!user) return seeOther(signInPath(MY_GARAGE_PATH));
    const response = seeOther(form.get("next") ? next : MY_GARAGE_PATH);
    try {
      await (intent === "activate" ? activateVehicle(user.email, vehicle) : removeVehicle(user.email, vehicle));
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      // Gone already (a second click, another device): My Garage shows what the garage holds now,
      // and the browser shops for its active vehicle, as below.
      const gone = seeOther(MY_GARAGE_PATH);
      setVehicleCookie(gone.cookies, await activeVehicleOf(user.email));
      return gone;
    }
    // The browser follows the account: a removed active vehicle is no longer shopped for.
    setVehicleCookie(response.cookies, await activeVehicleOf(user.email));
    return response;
  }

  throw new HttpError(400, "intent must be choose, forget, activate or remove.");
});
