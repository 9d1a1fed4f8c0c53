import { connection } from "next/server";
import { PartCard } from "@/components/PartCard";
import { listParts } from "@/lib/catalogue";

/** SPEC 9: the home page shows the first 3 parts of the catalogue. */
const HOME_PART_COUNT = 3;

export default async function HomePage() {
  await connection();
  const parts = await listParts({ limit: HOME_PART_COUNT });
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h1 className="text-4xl font-bold">Car parts that fit, delivered fast</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            Brakes, filters, batteries and more, with honest stock figures and prices per unit.
          </p>
        </div>
      </section>
      <section aria-labelledby="parts-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="parts-heading" className="mb-6 text-2xl font-bold">Parts</h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {parts.map((part) => (
            <PartCard key={part._id} part={part} />
          ))}
        </div>
      </section>
    </>
  );
}
