import "server-only";
import { randomUUID } from "node:crypto";
import { Types } from "mongoose";
import { synonymsChanged } from "@/lib/cache/tags";
import { SYNONYM_LIST_ID } from "@/lib/search/synonyms";
import { byFirstPhrase } from "@/lib/search/synonym-order";
import { connectDb } from "@/lib/storage/connect";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";
import { SearchSynonyms } from "@/models/SearchSynonyms";

// The groups a new shop starts with: words the trade and its customers use for one part, British
// and American spellings, and the short word for the long one. Only true synonyms: an alternator is
// not a generator, a caliper not a brake.

export const DEFAULT_SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["rotor", "disc", "brake disc", "brake rotor"],
  ["pads", "pad set", "brake pads"],
  ["tire", "tyre"],
  ["bulb", "lamp"],
  ["shock", "damper", "shock absorber"],
  ["muffler", "silencer"],
  ["plug", "spark plug"],
  ["headlight", "headlamp"],
  ["taillight", "tail lamp", "rear light"],
  ["trunk", "boot"],
  ["hood", "bonnet"],
  ["windshield", "windscreen"],
  ["wiper", "wiper blade"],
  ["exhaust", "exhaust pipe"],
  ["cv joint", "driveshaft joint"],
  ["antenna", "aerial"],
  ["gasoline", "petrol"],
  ["battery", "accumulator"],
  ["turn signal", "indicator", "blinker"],
  ["license plate", "number plate"],
  ["transmission", "gearbox"],
  ["oil pan", "sump"],
  ["sway bar", "anti roll bar", "stabilizer bar"],
  ["tie rod end", "track rod end"],
  ["wheel bearing", "hub bearing"],
  ["control arm", "wishbone"],
  ["oxygen sensor", "o2 sensor", "lambda sensor"],
  ["coolant", "antifreeze"],
  ["parking brake", "handbrake"],
  ["timing belt", "cambelt"],
  ["serpentine belt", "auxiliary belt", "ribbed belt"],
  ["cabin filter", "pollen filter", "cabin air filter"],
  ["ignition coil", "coil pack"],
  ["lug nut", "wheel nut"],
];

/**
 * Installs the default groups on a database that never had a synonym list; how many it added. A
 * list that exists, even emptied by an admin, is left as it is: a deleted default stays deleted.
 */
export async function seedSynonymList(): Promise<number> {
  await connectDb();
  if (await SearchSynonyms.exists({ _id: SYNONYM_LIST_ID })) return 0;
  const groups = DEFAULT_SYNONYM_GROUPS.map((phrases) => ({ _id: new Types.ObjectId().toHexString(), phrases: [...phrases], version: 1 })).sort(byFirstPhrase);
  try {
    // The list's _id is unique: of two seeds at once, one insert wins and the other adds nothing.
    await SearchSynonyms.create({ _id: SYNONYM_LIST_ID, groups, revision: randomUUID() });
  } catch (error) {
    if (isDuplicateKey(error)) return 0;
    throw error;
  }
  await synonymsChanged();
  return groups.length;
}
