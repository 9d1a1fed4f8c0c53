import Link from "next/link";
import type { SelectorVehicle } from "@/lib/fitment/selector-lists";
import { GARAGE_FORM_PATH } from "@/lib/garage/paths";

const selectClass = "rounded border border-slate-400 bg-white px-3 py-2";

/**
 * The selector's last step: the engine, when the model year lists any, and the button that makes it
 * the vehicle the shop filters by (remembered in the browser, and in the garage when signed in).
 * `autoFocus` when the customer has just moved on to this step.
 */
export function ChooseVehicleForm({ vehicle, autoFocus = false }: { vehicle: SelectorVehicle; autoFocus?: boolean }) {
  return (
    <form action={GARAGE_FORM_PATH} method="post" aria-label={`Shop for the ${vehicle.label}`} className="mt-4 flex flex-col gap-3 rounded-lg border border-brand-700/30 bg-brand-50 p-4 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value="choose" />
      <input type="hidden" name="vehicle" value={`${vehicle.year}/${vehicle.make}/${vehicle.model}`} />
      <p className="flex-1 text-slate-900">
        <strong>{vehicle.label}</strong>
        <br />
        <Link href={vehicle.path} prefetch={false} className="text-sm font-medium text-brand-700 underline">
          See every part for the {vehicle.label}
        </Link>
      </p>
      {vehicle.engines.length > 0 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor="vehicle-engine" className="text-sm font-medium text-slate-800">
            Engine
          </label>
          <select id="vehicle-engine" name="engine" defaultValue="" autoFocus={autoFocus} className={selectClass}>
            <option value="">Not sure / any engine</option>
            {vehicle.engines.map((engine) => (
              <option key={engine.slug} value={engine.slug}>
                {engine.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" autoFocus={autoFocus && vehicle.engines.length === 0} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
        Shop for this vehicle
      </button>
    </form>
  );
}
