// The toast container loads after the page runs (components/LazyToaster.tsx); a form that toasts
// loads sonner only when it has something to say, so the toast costs no first-load JavaScript.
export async function showToast(kind: "success" | "error", message: string): Promise<void> {
  try {
    const { toast } = await import("sonner");
    toast[kind](message);
  } catch {
    // The script could not be loaded (offline, blocked): the header's count still tells.
  }
}
