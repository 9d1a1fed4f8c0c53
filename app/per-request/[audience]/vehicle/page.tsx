import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { VehicleSelector } from "@/components/VehicleSelector";
import { selectorState } from "@/lib/fitment/selector";
import { pageMetadata } from "@/lib/site/metadata";

// "Shop by vehicle": the selector one step at a time (a GET form), then the engine and the button
// that makes it the customer's vehicle (a POST to app/garage), after which the shop filters by it.

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = pageMetadata({
  title: "Shop by vehicle",
  description: "Choose your car's year, make and model to see the parts that fit it.",
  path: "/vehicle",
  noindex: true,
});

export default async function VehicleSelectorPage({ searchParams }: Props) {
  await connection();
  const state = await selectorState(await searchParams);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Shop by vehicle</h1>
      <p className="mt-2 text-slate-700">Choose your car&apos;s year, make and model to see the parts that fit it.</p>
      <div className="mt-6">
        <VehicleSelector state={state} />
      </div>
      {state.years.length === 0 ? <p className="mt-4 text-slate-700">No vehicles are listed yet.</p> : null}
      <p className="mt-6 text-sm">
        <Link href="/parts" className="underline">
          Or browse the whole catalogue
        </Link>
      </p>
    </div>
  );
}
