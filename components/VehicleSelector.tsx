"use client";

import { useEffect, useRef, useState } from "react";
import { ChooseVehicleForm } from "@/components/garage/ChooseVehicleForm";
import { drawSelectorLists, type SelectorChoice, type SelectorLists } from "@/lib/fitment/selector-lists";
import type { SelectorState } from "@/lib/fitment/selector";

const selectClass = "rounded border border-slate-400 bg-white px-3 py-2 disabled:bg-slate-100";
const STEPS = ["year", "make", "model"] as const;
type StepName = (typeof STEPS)[number];

/** What a screen reader hears once a choice has drawn the next list. */
function announcement(step: StepName, lists: SelectorLists): string {
  if (lists.vehicle) return `${lists.vehicle.label} chosen: ${lists.vehicle.engines.length ? "choose its engine below, then Shop for this vehicle" : "Shop for this vehicle is below"}.`;
  if (step === "year") return lists.makes.length ? `${lists.makes.length} makes for ${lists.year}: choose a make next.` : "";
  if (step === "make") return lists.models.length ? `${lists.models.length} models: choose a model next.` : "";
  return "";
}

/**
 * Year, then make, then model: a GET form that /vehicle reads. A choice never sends the form (a
 * keyboard or screen reader moving through a list would leave the page at its first step): with
 * JavaScript it fills the next list in place, and once all three are chosen the engine and the
 * button that makes it the customer's vehicle appear below. The Next button sends the form (the
 * way without JavaScript), and the page it opens puts the focus on the step that follows.
 */
export function VehicleSelector({ state }: { state: SelectorState }) {
  const [lists, setLists] = useState<SelectorLists>(state);
  const [drawing, setDrawing] = useState<StepName | null>(null);
  const [message, setMessage] = useState("");
  const selects = useRef<Partial<Record<StepName, HTMLSelectElement | null>>>({});
  const latest = useRef<AbortController | null>(null);

  async function choose(step: StepName, choice: SelectorChoice) {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    // The choice shows at once; the car below it goes until the lists say which one it is now.
    setLists((shown) => ({ ...shown, ...choice, vehicle: null }));
    setDrawing(step);
    try {
      const drawn = await drawSelectorLists(choice, controller.signal);
      setLists(drawn);
      setMessage(announcement(step, drawn));
    } catch {
      if (controller.signal.aborted) return;
      setMessage("The next list could not be loaded. Press Next to go on.");
    }
    setDrawing(null);
  }

  function onChoice(step: StepName, value: string) {
    const { year, make, model } = lists;
    // A changed year keeps the make and model if that year has them, as the server's reading does.
    if (step === "year") void choose(step, { year: value ? Number(value) : undefined, make, model });
    else if (step === "make") void choose(step, { year, make: value || undefined, model });
    else void choose(step, { year, make, model: value || undefined });
  }

  // A choice made before the page's JavaScript ran is drawn once it has.
  useEffect(() => {
    const year = selects.current.year?.value;
    if (year !== undefined && year !== String(state.year ?? "")) onChoice("year", year);
    // Only once, on the page as the server drew it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The page a Next button opened: the keyboard goes on from the step that follows.
  const focusStep: StepName | "vehicle" | null = state.vehicle ? "vehicle" : state.make ? "model" : state.year !== undefined ? "make" : null;
  const steps: { name: StepName; label: string; value: string; options: { value: string; label: string }[]; hint: string }[] = [
    { name: "year", label: "Year", value: String(lists.year ?? ""), options: state.years.map((y) => ({ value: String(y), label: String(y) })), hint: "Choose a year" },
    { name: "make", label: "Make", value: lists.make ?? "", options: lists.makes.map((m) => ({ value: m.slug, label: m.name })), hint: lists.year ? "Choose a make" : "Choose a year first" },
    { name: "model", label: "Model", value: lists.model ?? "", options: lists.models.map((m) => ({ value: m.slug, label: m.name })), hint: lists.make ? "Choose a model" : "Choose a make first" },
  ];
  const drawingFrom = drawing ? STEPS.indexOf(drawing) : STEPS.length;
  return (
    <>
      <form action="/vehicle" method="get" aria-label="Choose your vehicle" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end">
        {steps.map((step, index) => (
          <div key={step.name} className="flex flex-1 flex-col gap-1">
            <label htmlFor={`vehicle-${step.name}`} className="text-sm font-medium text-slate-800">
              {step.label}
            </label>
            <select
              ref={(element) => {
                selects.current[step.name] = element;
              }}
              id={`vehicle-${step.name}`}
              name={step.name}
              value={step.value}
              onChange={(event) => onChoice(step.name, event.currentTarget.value)}
              // A list being drawn again is not offered until it is.
              disabled={step.options.length === 0 || index > drawingFrom}
              autoFocus={focusStep === step.name}
              className={selectClass}
            >
              <option value="">{step.hint}</option>
              {step.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
          Next
        </button>
      </form>
      <p aria-live="polite" className="sr-only">
        {message}
      </p>
      {lists.vehicle ? <ChooseVehicleForm vehicle={lists.vehicle} autoFocus={focusStep === "vehicle" && lists.vehicle === state.vehicle} /> : null}
    </>
  );
}
