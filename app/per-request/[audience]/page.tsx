import type { Metadata } from "next";
import { connection } from "next/server";
import { HomeView, homeData, homeMetadata } from "@/components/home/HomeView";
import { fitVerdicts } from "@/lib/garage/fit";
import { cookieVehicle } from "@/lib/garage/vehicle-cookie";

// The home page of a browser that has chosen a vehicle (without one, / is the cached rendering of
// app/cached/[audience]/home: lib/cache/cached-routes.ts): the same page, its parts saying whether they fit.

export function generateMetadata(): Metadata {
  return homeMetadata();
}

export default async function HomeForVehicle() {
  await connection();
  const [data, vehicle] = await Promise.all([homeData(), cookieVehicle()]);
  const fit = vehicle ? await fitVerdicts(data.parts, vehicle) : undefined;
  return <HomeView {...data} vehicle={vehicle} fit={fit} />;
}
