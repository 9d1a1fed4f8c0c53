"use client";

import type { SelectHTMLAttributes } from "react";

/** A select that sends its form as soon as a choice is made; without JavaScript the form's button does it. */
export function AutoSubmitSelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} onChange={(event) => event.currentTarget.form?.requestSubmit()} />;
}
