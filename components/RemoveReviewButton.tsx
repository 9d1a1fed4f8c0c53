"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { callApi, messageOf, succeeded } from "@/lib/site/api-client";

type Props = {
  reviewId: string;
  /** The question the confirmation asks. */
  confirmation: string;
  /** The button's accessible name, when its text ("Remove…") is not enough. */
  label?: string;
  children: string;
};

/** Removes a review (its author's or an admin's): confirms, calls DELETE /reviews/{id}, and reads the page again. */
export function RemoveReviewButton({ reviewId, confirmation, label, children }: Props) {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function remove() {
    if (!window.confirm(confirmation)) return;
    setPending(true);
    const reply = await callApi("DELETE", `/reviews/${reviewId}`);
    setPending(false);
    if (succeeded(reply)) {
      toast.success(messageOf(reply, "Review removed."));
      router.refresh();
    } else {
      toast.error("The review was not removed", { description: messageOf(reply, `The shop answered with an error (HTTP ${reply.status}).`) });
    }
  }

  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => void remove()}
      aria-label={label}
      className="rounded border border-red-700 px-3 py-1 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
    >
      {pending ? "Removing…" : children}
    </button>
  );
}
