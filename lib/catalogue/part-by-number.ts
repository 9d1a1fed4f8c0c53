import "server-only";
import { numberList } from "@/lib/catalogue/lists";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { Part } from "@/models/Part";
import { SkuClaim } from "@/models/SkuClaim";

// Which part a number in an import names: the part whose SKU it is (SKUs are unique), else the one
// part bearing it as its MPN, GTIN or an OEM number. A number several parts bear names none of them.

export type PartLookup = { partId: string } | { error: string };

export async function partByNumber(text: string): Promise<PartLookup> {
  const compact = compactNumber(text);
  if (compact === "") return { error: "part_number is empty" };
  const claim = await SkuClaim.findById(compact).lean();
  if (claim && (await Part.exists({ _id: claim.part }))) return { partId: String(claim.part) };
  const list = numberList(compact);
  const bearers = await list.size();
  if (bearers === 0) return { error: `no part has the number ${text}` };
  if (bearers > 1) return { error: `${bearers} parts have the number ${text}: use the part's SKU` };
  const { ids } = await list.idPage({ offset: 0, limit: 1 });
  return { partId: ids[0]! };
}
