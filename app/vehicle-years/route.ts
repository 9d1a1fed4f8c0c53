import { vehicleYears } from "@/lib/fitment/queries";
import { jsonReply } from "@/lib/http/errors";
import { route } from "@/lib/http/route";

/** The years of the vehicles the shop has parts for, newest first. */
export const GET = route(async () => jsonReply({ success: true, result: await vehicleYears() }));
