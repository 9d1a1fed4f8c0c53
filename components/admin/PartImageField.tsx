"use client";

import { useState, type ChangeEvent } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { toast } from "sonner";
import { FormField } from "@/components/forms/FormField";
import { messageOf, uploadFile } from "@/lib/site/api-client";
import { PART_IMAGE_MAX_BYTES, PART_IMAGE_TYPES, partImageUploadedSchema } from "@/lib/validation/part-image";

type Props = {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** The uploaded picture's address, to put in the form's image field. */
  onUploaded: (url: string) => void;
  /** While a file is uploading the form should not be sent: its image is not known yet. */
  onBusyChange: (busy: boolean) => void;
};

const MAX_MB = PART_IMAGE_MAX_BYTES / (1024 * 1024);

/** A part's picture: an https link typed in, or a file uploaded at once (POST /part-images) whose address fills the link field. */
export function PartImageField({ id, registration, error, onUploaded, onBusyChange }: Props) {
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const fileId = `${id}-file`;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > PART_IMAGE_MAX_BYTES) {
      toast.error(`The picture is larger than ${MAX_MB} MB; choose a smaller file.`);
      input.value = "";
      return;
    }
    setUploading(true);
    onBusyChange(true);
    const reply = await uploadFile("/part-images", file);
    setUploading(false);
    onBusyChange(false);
    const picture = partImageUploadedSchema.safeParse(reply.body);
    if (!picture.success) {
      toast.error(messageOf(reply, "The picture was not uploaded."));
      input.value = "";
      return;
    }
    setUploaded(picture.data.result.url);
    onUploaded(picture.data.result.url);
    toast.success(picture.data.message);
  }

  return (
    <div className="flex flex-col gap-2">
      <FormField id={id} label="Image URL" type="url" hint="A link starting with https://, or upload a picture below." registration={registration} error={error} />
      <label htmlFor={fileId} className="text-sm font-medium">
        Or upload a picture
      </label>
      <input
        id={fileId}
        type="file"
        accept={PART_IMAGE_TYPES.join(",")}
        disabled={uploading}
        aria-describedby={`${fileId}-hint`}
        onChange={(event) => void upload(event)}
        className="text-sm file:mr-3 file:rounded file:border file:border-slate-400 file:bg-white file:px-3 file:py-1"
      />
      <p id={`${fileId}-hint`} className="text-sm text-slate-600">
        JPEG, PNG, WebP or GIF, up to {MAX_MB} MB.
      </p>
      {uploading ? (
        <p role="status" className="text-sm">
          Uploading the picture…
        </p>
      ) : null}
      {uploaded ? (
        // eslint-disable-next-line @next/next/no-img-element -- a preview of the file just uploaded, at its own address
        <img src={uploaded} alt="The uploaded picture" width={160} height={120} className="h-30 w-40 rounded border border-slate-200 object-contain" />
      ) : null}
    </div>
  );
}
