"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { callApi, messageOf, succeeded } from "@/lib/api-client";

/** Manage Reviews, one review: confirms, calls DELETE /reviews/{id}, and reads the page again. */
export function RemoveReviewButton({ review }: { review: { _id: string; name: string } }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function remove() {
    if (!window.confirm(`Remove the review by ${review.name}? It disappears from the shop.`)) return;
    setPending(true);
    const reply = await callApi("DELETE", `/reviews/${review._id}`);
    setPending(false);
    if (succeeded(reply)) {
      toast.success(messageOf(reply, "Review removed."));
      router.refresh();
    } else {
      toast.error(messageOf(reply, "The review was not removed."));
    }
  }

  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => void remove()}
      aria-label={`Remove the review by ${review.name}`}
      className="rounded border border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
    >
      {pending ? "Removing…" : "Remove"}
    </button>
  );
}
