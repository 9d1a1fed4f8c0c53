"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { callApi, messageOf } from "@/lib/site/api-client";
import { FITMENT_POSITIONS } from "@/lib/validation/fitment";

const field = "rounded border border-slate-300 px-3 py-2";
const button = "rounded px-3 py-2 text-sm font-semibold disabled:opacity-60";

/** Numbers typed in a box: empty is left out, so the server says what is missing. */
const yearOf = (text: FormDataEntryValue | null) => (typeof text === "string" && text.trim() !== "" ? Number(text) : undefined);
const textOf = (text: FormDataEntryValue | null) => (typeof text === "string" && text.trim() !== "" ? text.trim() : undefined);

/** Manage Product, one part's fitment: add a make and model over a range of years, mark the part universal. */
export function FitmentEditor({ partId, partName, universal }: { partId: string; partName: string; universal: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const row = {
      yearFrom: yearOf(data.get("yearFrom")),
      yearTo: yearOf(data.get("yearTo")),
      make: textOf(data.get("make")),
      model: textOf(data.get("model")),
      engine: textOf(data.get("engine")),
      position: textOf(data.get("position")),
      note: textOf(data.get("note")),
    };
    setPending(true);
    const reply = await callApi("POST", `/carparts/${partId}/fitment`, { rows: [row] });
    setPending(false);
    if (reply.ok && reply.body.success) {
      toast.success(messageOf(reply, "Fitment added."));
      form.reset();
      router.refresh();
    } else {
      toast.error(messageOf(reply, "The fitment was not added."));
    }
  }

  async function toggleUniversal() {
    setPending(true);
    const reply = await callApi("PUT", `/carparts/${partId}/universal`, { universal: !universal });
    setPending(false);
    if (reply.ok && reply.body.success) {
      toast.success(messageOf(reply, "Saved."));
      router.refresh();
    } else {
      toast.error(messageOf(reply, "Not saved."));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="flex flex-wrap items-center gap-3">
        <span>{universal ? `${partName} is universal: it fits every vehicle.` : `${partName} fits the vehicles listed below.`}</span>
        <button type="button" disabled={pending} onClick={() => void toggleUniversal()} className={`${button} border border-slate-400 hover:bg-slate-50`}>
          {universal ? "Fit listed vehicles only" : "Mark universal"}
        </button>
      </p>
      <form onSubmit={(event) => void add(event)} aria-label="Add vehicles" className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
        <h2 className="text-lg font-semibold sm:col-span-3">Add vehicles</h2>
        {[
          ["make", "Make"],
          ["model", "Model"],
          ["yearFrom", "From year"],
          ["yearTo", "To year (optional)"],
          ["engine", "Engine (optional)"],
          ["note", "Note (optional)"],
        ].map(([name, label]) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`fitment-${name}`} className="text-sm font-medium">
              {label}
            </label>
            <input id={`fitment-${name}`} name={name} inputMode={name!.startsWith("year") ? "numeric" : undefined} className={field} />
          </div>
        ))}
        <div className="flex flex-col gap-1">
          <label htmlFor="fitment-position" className="text-sm font-medium">
            Position (optional)
          </label>
          <select id="fitment-position" name="position" defaultValue="" className={`${field} bg-white`}>
            <option value="">Any position</option>
            {FITMENT_POSITIONS.map((position) => (
              <option key={position} value={position}>
                {position}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={pending} className={`${button} self-end bg-brand-700 text-white hover:bg-brand-900 sm:col-start-3`}>
          Add
        </button>
      </form>
    </div>
  );
}

/** One model year's Remove button. */
export function RemoveFitmentButton({ partId, year, make, model, label }: { partId: string; year: number; make: string; model: string; label: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function remove() {
    setPending(true);
    const reply = await callApi("DELETE", `/carparts/${partId}/fitment/${year}/${make}/${model}`);
    setPending(false);
    if (reply.ok && reply.body.success) {
      toast.success(messageOf(reply, "Removed."));
      router.refresh();
    } else {
      toast.error(messageOf(reply, "Not removed."));
    }
  }
  return (
    <button type="button" disabled={pending} onClick={() => void remove()} aria-label={`Remove ${label}`} className={`${button} border border-red-700 text-red-800 hover:bg-red-50`}>
      Remove
    </button>
  );
}
