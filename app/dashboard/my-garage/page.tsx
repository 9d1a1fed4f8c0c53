import type { Metadata } from "next";
import Link from "next/link";
import { requireUserPage } from "@/lib/auth/guards";
import { GARAGE_FULL, garageOf } from "@/lib/garage/commands";
import { GARAGE_FORM_PATH, SELECTOR_PATH } from "@/lib/garage/paths";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";

const item = DASHBOARD_ITEMS.myGarage;

export const metadata: Metadata = { title: item.label };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const BUTTON = "inline-flex min-h-11 items-center rounded border px-3 text-sm font-medium";

/** A form of one vehicle's row: every change is a plain post (app/garage), so it works without JavaScript. */
function GarageButton({ intent, vehicle, label, name }: { intent: "activate" | "remove"; vehicle: string; label: string; name: string }) {
  return (
    <form action={GARAGE_FORM_PATH} method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="vehicle" value={vehicle} />
      <button type="submit" aria-label={`${label}: ${name}`} className={`${BUTTON} ${intent === "remove" ? "border-red-300 text-red-900 hover:bg-red-50" : "border-brand-700 text-brand-700 hover:bg-brand-50"}`}>
        {label}
      </button>
    </form>
  );
}

/** The customer's vehicles (up to ten), the active one marked: the catalogue shows the parts that fit it. */
export default async function MyGaragePage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUserPage(item.href);
  const [garage, { full }] = await Promise.all([garageOf(user.email), searchParams]);
  const active = garage.find((vehicle) => vehicle.active);
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      {full ? (
        <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-red-900">
          {GARAGE_FULL}
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">
        {active ? `The shop shows the parts that fit your ${active.label}.` : "The shop shows every part: no vehicle is active."}
      </p>
      {garage.length === 0 ? (
        <p className="mt-4 text-slate-700">Your garage is empty.</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {garage.map((vehicle) => (
            <li key={vehicle.vehicle} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <span className="flex-1 font-medium">
                {vehicle.label}
                {vehicle.active ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm text-green-900">Active</span> : null}
              </span>
              {vehicle.active ? null : <GarageButton intent="activate" vehicle={vehicle.vehicle} label="Shop for this vehicle" name={vehicle.label} />}
              <GarageButton intent="remove" vehicle={vehicle.vehicle} label="Remove" name={vehicle.label} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <Link href={SELECTOR_PATH} className={`${BUTTON} border-brand-700 bg-brand-700 text-white hover:bg-brand-900`}>
          Add a vehicle
        </Link>
        {active ? (
          <form action={GARAGE_FORM_PATH} method="post">
            <input type="hidden" name="intent" value="forget" />
            <input type="hidden" name="next" value={item.href} />
            <button type="submit" className={`${BUTTON} border-slate-300 hover:bg-slate-50`}>
              Shop every part
            </button>
          </form>
        ) : null}
      </div>
    </>
  );
}
