"use client";

import Link from "next/link";
import { useActionState, useEffect } from "react";
import { toast } from "sonner";
import { LabelledField } from "@/components/forms/LabelledField";
import { EMPTY_SYNONYM_FORM, type SynonymFormState } from "@/app/dashboard/search-synonyms/form-state";

type Props = {
  action: (state: SynonymFormState, form: FormData) => Promise<SynonymFormState>;
  /** The page's address as drawn, where the form comes back without JavaScript. */
  permalink: string;
  /** The group being edited (its id and version go back with the change), or none for a new group. */
  group?: { id: string; version: number; phrases: string[] };
  listPage: number;
  cancelHref?: string;
};

const buttonClass = "inline-flex min-h-11 items-center rounded bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60";

/** One text box of phrases separated by commas, posted to the action with or without JavaScript. */
export function SynonymGroupForm({ action, permalink, group, listPage, cancelHref }: Props) {
  const [state, formAction, pending] = useActionState(action, EMPTY_SYNONYM_FORM, permalink);
  useEffect(() => {
    if (state.error) toast.error(group ? "The group was not saved" : "The group was not added", { description: state.error });
  }, [state, group]);
  const id = group ? `synonyms-edit-${group.id}` : "synonyms-new";
  const label = group ? "Phrases of this group, separated by commas" : "New group: phrases separated by commas";
  return (
    <form action={formAction} noValidate aria-label={group ? `Edit the group ${group.phrases.join(", ")}` : "Add a synonym group"} className="flex flex-col gap-3">
      {group ? (
        <>
          <input type="hidden" name="id" value={group.id} />
          <input type="hidden" name="version" value={group.version} />
        </>
      ) : null}
      <input type="hidden" name="page" value={listPage} />
      <LabelledField id={id} label={label} error={state.error ?? undefined}>
        {(a11y) => (
          <input
            {...a11y}
            name="phrases"
            type="text"
            autoComplete="off"
            autoFocus={Boolean(group)}
            placeholder={group ? undefined : "rotor, disc, brake disc"}
            defaultValue={state.error ? state.value : (group?.phrases.join(", ") ?? "")}
            // A new key after a refusal, so the box shows what was typed with the message.
            key={state.error ? `refused-${state.value}` : "drawn"}
            className="w-full rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
          />
        )}
      </LabelledField>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={pending} className={buttonClass}>
          {pending ? "Saving…" : group ? "Save group" : "Add group"}
        </button>
        {cancelHref ? (
          <Link href={cancelHref} className="inline-flex min-h-11 items-center rounded px-3 font-medium text-brand-800 underline">
            Cancel
          </Link>
        ) : null}
      </div>
    </form>
  );
}
