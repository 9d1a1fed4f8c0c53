"use client";

import { useEffect } from "react";
import { toast } from "sonner";

/**
 * Tells of the change just made as a toast, and takes the note off the address, so a reload or
 * a step back does not tell it again. Without JavaScript the page shows the same words instead.
 */
export function DoneToast({ message }: { message: string }) {
  useEffect(() => {
    toast.success(message);
    const url = new URL(window.location.href);
    url.searchParams.delete("done");
    window.history.replaceState(window.history.state, "", url);
  }, [message]);
  return null;
}
