import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { PartPageView, partPageMetadata } from "@/components/PartPageView";
import { getPart } from "@/lib/catalogue/part-page";
import { fitVerdicts } from "@/lib/garage/fit";
import { cookieVehicle } from "@/lib/garage/vehicle-cookie";

// /parts/<id> for a browser that has chosen a vehicle (the rewrite in lib/cache/cached-routes.ts):
// the same page, rendered per request with whether the part fits that vehicle. Its canonical
// address is the part's own.

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return partPageMetadata((await params).id);
}

export default async function PartPageForVehicle({ params }: { params: Params }) {
  await connection();
  const part = await getPart((await params).id);
  if (!part) notFound();
  const vehicle = await cookieVehicle();
  const fit = vehicle ? (await fitVerdicts([part], vehicle)).get(part._id) : undefined;
  return <PartPageView part={part} fit={fit} />;
}
