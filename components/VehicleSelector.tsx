import { AutoSubmitSelect } from "@/components/AutoSubmitSelect";
import type { SelectorState } from "@/lib/fitment/selector";

const selectClass = "rounded border border-slate-400 bg-white px-3 py-2 disabled:bg-slate-100";

type Step = { name: "year" | "make" | "model"; label: string; value?: string | number; options: { value: string; label: string }[]; hint: string };

/**
 * Year, then make, then model: a GET form that /vehicle reads. Each choice sends the form (at once
 * with JavaScript, with the button without), and the next list is drawn from the choices before it.
 */
export function VehicleSelector({ state }: { state: SelectorState }) {
  const steps: Step[] = [
    { name: "year", label: "Year", value: state.year, options: state.years.map((y) => ({ value: String(y), label: String(y) })), hint: "Choose a year" },
    { name: "make", label: "Make", value: state.make, options: state.makes.map((m) => ({ value: m.slug, label: m.name })), hint: state.year ? "Choose a make" : "Choose a year first" },
    { name: "model", label: "Model", value: state.model, options: state.models.map((m) => ({ value: m.slug, label: m.name })), hint: state.make ? "Choose a model" : "Choose a make first" },
  ];
  return (
    <form action="/vehicle" method="get" aria-label="Choose your vehicle" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end">
      {steps.map((step) => (
        <div key={step.name} className="flex flex-1 flex-col gap-1">
          <label htmlFor={`vehicle-${step.name}`} className="text-sm font-medium text-slate-800">
            {step.label}
          </label>
          <AutoSubmitSelect id={`vehicle-${step.name}`} name={step.name} defaultValue={step.value ?? ""} disabled={step.options.length === 0} className={selectClass}>
            <option value="">{step.hint}</option>
            {step.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </AutoSubmitSelect>
        </div>
      ))}
      <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
        Next
      </button>
    </form>
  );
}
