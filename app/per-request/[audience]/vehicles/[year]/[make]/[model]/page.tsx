import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Breadcrumbs } from "@/components/Breadcrumbs";
import { Pagination } from "@/components/Pagination";
import { PartGrid } from "@/components/PartGrid";
import { ChooseVehicleForm } from "@/components/garage/ChooseVehicleForm";
import { vehiclePartsCount } from "@/lib/fitment/vehicle-parts-count";
import { fitVerdicts } from "@/lib/garage/fit";
import { cookieVehicle } from "@/lib/garage/vehicle-cookie";
import { vehiclePartsPage } from "@/lib/catalogue/vehicle-parts-page";
import { modelYearOfPath, vehiclePageNumber } from "@/lib/catalogue/vehicle-page";
import { pageMetadata } from "@/lib/site/metadata";

// /vehicles/<year>/<make>/<model>: the parts that fit one model year, server-rendered and in the
// sitemap, so the catalogue filtered by vehicle is a page a search engine can find. Rendered per
// request: a model year's page reads three menu documents and one page of its list.

type Props = { params: Promise<{ year: string; make: string; model: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  await connection();
  const vehicle = await modelYearOfPath(await params);
  if (!vehicle) return { title: "Vehicle not found", robots: { index: false } };
  const page = vehiclePageNumber((await searchParams).page);
  return pageMetadata({
    title: `Parts for the ${vehicle.label}${page > 1 ? ` (page ${page})` : ""}`,
    description: `Brakes, filters, ignition, electrics and more that fit the ${vehicle.label}, with stock and unit prices.`,
    path: page > 1 ? `${vehicle.path}?page=${page}` : vehicle.path,
  });
}

export default async function VehiclePage({ params, searchParams }: Props) {
  await connection();
  const vehicle = await modelYearOfPath(await params);
  if (!vehicle) notFound();
  const [result, chosen] = await Promise.all([vehiclePartsPage(vehicle, { page: vehiclePageNumber((await searchParams).page) }), cookieVehicle()]);
  if (result.page > result.pageCount) notFound();
  // The cards speak of the customer's own vehicle, which may be another (or this one with its engine).
  const fit = chosen ? await fitVerdicts(result.parts, chosen) : undefined;
  const isChosen = chosen?.path === vehicle.path;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Breadcrumbs
        steps={[
          { name: "Home", path: "/" },
          { name: "Parts", path: "/parts" },
          { name: vehicle.label, path: vehicle.path },
        ]}
      />
      <h1 className="text-3xl font-bold">{`Parts for the ${vehicle.label}`}</h1>
      {vehicle.engines.length > 0 ? <p className="mt-2 text-slate-700">{`Engines: ${vehicle.engines.map((engine) => engine.name).join(", ")}. Each part's page says which it fits.`}</p> : null}
      {isChosen ? <p className="mt-4 font-medium text-green-900">{`This is your vehicle: the catalogue shows the parts that fit your ${chosen.label}.`}</p> : <ChooseVehicleForm vehicle={vehicle} />}
      <p role="status" className="mt-6 text-slate-700">
        {vehiclePartsCount(result.total, result.universal)}
      </p>
      <PartGrid parts={result.parts} fit={fit} />
      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => (page > 1 ? `${vehicle.path}?page=${page}` : vehicle.path)} label="Vehicle part pages" />
    </div>
  );
}
