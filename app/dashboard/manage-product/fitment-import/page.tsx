import type { Metadata } from "next";
import Link from "next/link";
import { FitmentImportForm } from "@/components/admin/FitmentImportForm";
import { requireAdminPage } from "@/lib/auth/guards";
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "@/lib/vocabulary/fitment-import-format";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { FITMENT_POSITIONS } from "@/lib/validation/fitment";

export const metadata: Metadata = { title: "Import fitment" };

const EXAMPLE = `part_number,make,model,year_from,year_to,engine,position,note
AP-BRK-0001,Honda,Civic,2016,2021,,front,
SL-CP-4412,Volkswagen,Golf,2013,2020,2.0 TDI,front,"For 288 mm discs, see the 288 mm part"`;

export default async function FitmentImportPage() {
  await requireAdminPage(`${DASHBOARD_ITEMS.manageProduct.href}/fitment-import`);
  return (
    <>
      <p className="text-sm">
        <Link href={DASHBOARD_ITEMS.manageProduct.href} className="underline">
          Back to Manage Product
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Import fitment</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        {`A CSV file, UTF-8, at most ${MAX_IMPORT_ROWS} rows. The first line names the columns: ${IMPORT_COLUMNS.join(", ")} (the first four required, any order). Each row says a part fits a make and model from year_from to year_to (or that year alone), optionally one engine and position (${FITMENT_POSITIONS.join(", ")}) with a note. The part number is the part's SKU, or a number only that part has. Good rows are added; each bad row is listed with its line and reason and changes nothing.`}
      </p>
      {/* It scrolls sideways on narrow screens: focusable, so the keyboard can scroll it too. */}
      <div tabIndex={0} role="region" aria-label="Sample fitment file" className="mt-3 overflow-x-auto rounded bg-slate-100 p-3 text-xs">
        <pre>{EXAMPLE}</pre>
      </div>
      <div className="mt-6">
        <FitmentImportForm />
      </div>
    </>
  );
}
