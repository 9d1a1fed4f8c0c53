"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { PartIdentityFields } from "@/components/admin/PartIdentityFields";
import { PartImageField } from "@/components/admin/PartImageField";
import { FormField, asNumber } from "@/components/forms/FormField";
import { callApi, messageOf } from "@/lib/site/api-client";
import { DEFAULT_MAX_PER_ORDER, partSchema, type NewPart, type PartInput } from "@/lib/validation/parts";

/** SPEC 5 and 8: the add-product form. POST /carparts; success shows the server's message and resets. */
export function AddProductForm({ adminEmail }: { adminEmail: string }) {
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  // A new key after each added part gives a fresh picture field: no file or preview left from the last one.
  const [added, setAdded] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<PartInput, unknown, NewPart>({ resolver: zodResolver(partSchema) });

  const onSubmit = handleSubmit(async (part) => {
    setPending(true);
    const reply = await callApi("POST", "/carparts", { ...part, email: adminEmail });
    setPending(false);
    if (reply.body.success) {
      toast.success(messageOf(reply, "Part added."));
      reset();
      setAdded((n) => n + 1);
    } else {
      toast.error("failed to insert", { description: messageOf(reply, "The part was not added.") });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex max-w-xl flex-col gap-4" aria-label="Add a product">
      <FormField id="partsname" label="Part name" registration={register("partsname")} error={errors.partsname?.message} />
      <PartImageField
        key={added}
        id="image"
        registration={register("image")}
        error={errors.image?.message}
        onUploaded={(url) => setValue("image", url, { shouldValidate: true, shouldDirty: true })}
        onBusyChange={setUploading}
      />
      <FormField id="price" label="Price" type="number" step="0.01" registration={register("price", { setValueAs: asNumber })} error={errors.price?.message} />
      <FormField id="quantity" label="Quantity" type="number" step="1" registration={register("quantity", { setValueAs: asNumber })} error={errors.quantity?.message} />
      <FormField
        id="minOrder"
        label="Minimum order (optional)"
        type="number"
        step="1"
        hint="Leave empty for 1."
        registration={register("minOrder", { setValueAs: asNumber })}
        error={errors.minOrder?.message}
      />
      <FormField
        id="maxPerOrder"
        label="Maximum per order (optional)"
        type="number"
        step="1"
        hint={`The most one order may take. Leave empty for ${DEFAULT_MAX_PER_ORDER}.`}
        registration={register("maxPerOrder", { setValueAs: asNumber })}
        error={errors.maxPerOrder?.message}
      />
      <FormField id="description" label="Description" multiline registration={register("description")} error={errors.description?.message} />
      <PartIdentityFields idFor={(field) => field} register={register} errors={errors} />
      <button type="submit" disabled={pending || uploading} className="self-start rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Adding…" : "Add product"}
      </button>
    </form>
  );
}
