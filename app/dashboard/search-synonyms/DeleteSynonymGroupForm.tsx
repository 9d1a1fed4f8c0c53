"use client";

import { useActionState, useEffect } from "react";
import { toast } from "sonner";
import { EMPTY_SYNONYM_FORM, type SynonymFormState } from "@/app/dashboard/search-synonyms/form-state";

type Props = {
  action: (state: SynonymFormState, form: FormData) => Promise<SynonymFormState>;
  permalink: string;
  group: { id: string; version: number; phrases: string[] };
  listPage: number;
};

/** A Delete button posting the group's id and the version shown; with JavaScript it asks first. */
export function DeleteSynonymGroupForm({ action, permalink, group, listPage }: Props) {
  const [state, formAction, pending] = useActionState(action, EMPTY_SYNONYM_FORM, permalink);
  useEffect(() => {
    if (state.error) toast.error("The group was not deleted", { description: state.error });
  }, [state]);
  const text = group.phrases.join(", ");
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        if (!window.confirm(`Delete the group "${text}"? Searches stop treating these phrases as one.`)) event.preventDefault();
      }}
      className="flex flex-col items-end gap-1"
    >
      <input type="hidden" name="id" value={group.id} />
      <input type="hidden" name="version" value={group.version} />
      <input type="hidden" name="page" value={listPage} />
      <button type="submit" disabled={pending} aria-label={`Delete the group ${text}`} className="inline-flex min-h-11 items-center rounded border border-red-700 px-3 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60">
        {pending ? "Deleting…" : "Delete"}
      </button>
      {state.error ? (
        <p role="alert" className="text-sm text-red-600">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
