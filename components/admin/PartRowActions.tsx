"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { PartIdentityFields } from "@/components/admin/PartIdentityFields";
import { PartImageField } from "@/components/admin/PartImageField";
import { FormField, asNumber } from "@/components/forms/FormField";
import { callApi, messageOf } from "@/lib/site/api-client";
import type { PartView } from "@/lib/catalogue/views";
import { partEditSchema, type PartEdit, type PartEditInput } from "@/lib/validation/parts";

type Part = Pick<PartEdit, "partsname" | "image" | "price" | "minOrder" | "description"> & {
  _id: string;
  quantity: number;
  maxPerOrder: number;
} & Pick<PartView, "brand" | "category" | "mpn" | "sku" | "gtin" | "oemNumbers">;

/** Manage Product, one part: edit its fields (same rules as adding), adjust its stock by a delta, delete it. */
export function PartRowActions({ part }: { part: Part }) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState(false);
  const [delta, setDelta] = useState("");
  // Each opening of the edit dialog gets a fresh picture field: no preview of an upload left unsaved.
  const [editing, setEditing] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<PartEditInput, unknown, PartEdit>({
    resolver: zodResolver(partEditSchema),
    defaultValues: {
      partsname: part.partsname,
      image: part.image,
      price: part.price,
      minOrder: part.minOrder,
      maxPerOrder: part.maxPerOrder,
      description: part.description,
      brand: part.brand ?? "",
      category: part.category ?? "",
      mpn: part.mpn ?? "",
      sku: part.sku ?? "",
      gtin: part.gtin ?? "",
      oemNumbers: part.oemNumbers,
    },
  });
  const idFor = (field: string) => `${field}-${part._id}`;

  async function save(changes: PartEdit) {
    setPending(true);
    const reply = await callApi("PUT", `/carparts/${part._id}`, changes);
    setPending(false);
    if (reply.ok && reply.body.success) {
      toast.success(messageOf(reply, "Part updated."));
      dialog.current?.close();
      router.refresh();
    } else {
      toast.error(messageOf(reply, "The part was not updated."));
    }
  }

  async function adjust() {
    const value = asNumber(delta);
    if (value === undefined || !Number.isInteger(value) || value === 0) {
      toast.error("Enter a whole number other than 0: positive to add stock, negative to take it away.");
      return;
    }
    setPending(true);
    const reply = await callApi("PATCH", `/carparts/${part._id}/stock`, { delta: value });
    setPending(false);
    if (reply.ok && reply.body.success) {
      toast.success(messageOf(reply, "Stock updated."));
      setDelta("");
      router.refresh();
    } else {
      toast.error(messageOf(reply, "The stock was not changed."));
    }
  }

  async function remove() {
    if (!window.confirm(`Delete ${part.partsname} from the catalogue? This cannot be undone.`)) return;
    setPending(true);
    const reply = await callApi("DELETE", `/carparts/${part._id}`);
    setPending(false);
    if (reply.ok && reply.body.success) {
      toast.success(messageOf(reply, "Part deleted."));
      router.refresh();
    } else {
      toast.error(messageOf(reply, "The part was not deleted."));
    }
  }

  const button = "rounded px-3 py-1 text-sm font-semibold disabled:opacity-60";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={pending}
        onClick={() => {
          reset();
          setEditing((n) => n + 1);
          dialog.current?.showModal();
        }}
        className={`${button} bg-brand-700 text-white hover:bg-brand-900`}
        aria-label={`Edit ${part.partsname}`}
      >
        Edit
      </button>
      <span className="flex items-center gap-1">
        <label htmlFor={idFor("delta")} className="sr-only">
          Stock change for {part.partsname}
        </label>
        <input
          id={idFor("delta")}
          type="number"
          step="1"
          placeholder="±"
          value={delta}
          onChange={(event) => setDelta(event.target.value)}
          className="w-20 rounded border border-slate-300 px-2 py-1"
        />
        <button type="button" disabled={pending} onClick={() => void adjust()} className={`${button} border border-slate-400 hover:bg-slate-50`} aria-label={`Adjust stock of ${part.partsname}`}>
          Adjust stock
        </button>
      </span>
      <button type="button" disabled={pending} onClick={() => void remove()} className={`${button} border border-red-700 text-red-800 hover:bg-red-50`} aria-label={`Delete ${part.partsname}`}>
        Delete
      </button>
      <dialog ref={dialog} aria-labelledby={idFor("edit-title")} className="m-auto w-full max-w-lg rounded-lg p-6 backdrop:bg-black/40">
        <h2 id={idFor("edit-title")} className="text-lg font-bold">
          Edit {part.partsname}
        </h2>
        <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate className="mt-4 flex flex-col gap-3">
          <FormField id={idFor("partsname")} label="Part name" registration={register("partsname")} error={errors.partsname?.message} />
          <PartImageField
            key={editing}
            id={idFor("image")}
            registration={register("image")}
            error={errors.image?.message}
            onUploaded={(url) => setValue("image", url, { shouldValidate: true, shouldDirty: true })}
            onBusyChange={setPending}
          />
          <FormField id={idFor("price")} label="Price" type="number" step="0.01" registration={register("price", { setValueAs: asNumber })} error={errors.price?.message} />
          <FormField id={idFor("minOrder")} label="Minimum order" type="number" step="1" registration={register("minOrder", { setValueAs: asNumber })} error={errors.minOrder?.message} />
          <FormField
            id={idFor("maxPerOrder")}
            label="Maximum per order"
            type="number"
            step="1"
            hint={`The most one order may take; empty keeps ${part.maxPerOrder}.`}
            registration={register("maxPerOrder", { setValueAs: asNumber })}
            error={errors.maxPerOrder?.message}
          />
          <FormField id={idFor("description")} label="Description" multiline registration={register("description")} error={errors.description?.message} />
          <PartIdentityFields idFor={idFor} register={register} errors={errors} />
          <div className="flex gap-2">
            <button type="submit" disabled={pending} className={`${button} bg-brand-700 text-white hover:bg-brand-900`}>
              Save
            </button>
            <button type="button" onClick={() => dialog.current?.close()} className={`${button} border border-slate-400`}>
              Close
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
