"use server";

import "server-only";
import { redirect } from "next/navigation";
import { requireAdminPage } from "@/lib/auth/guards";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { addSynonymGroup, changeSynonymGroup, deleteSynonymGroup } from "@/lib/search/synonym-commands";
import { readSynonymList } from "@/lib/search/synonyms";
import { LockBusyError } from "@/lib/storage/lock";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { OBJECT_ID_PATTERN } from "@/lib/validation/common";
import { phrasesTextRefusal, synonymPhrasesTextSchema } from "@/lib/validation/search-synonyms";
import type { Done, SynonymFormState } from "@/app/dashboard/search-synonyms/form-state";
import { SYNONYM_PAGE_SIZE } from "@/app/dashboard/search-synonyms/paging";

// The Search Synonyms page's forms, with or without JavaScript: checked with the REST paths'
// schemas and commands, then back to the page where the group is, with a note; a refusal comes
// back with what was typed and the reason.

const PAGE = DASHBOARD_ITEMS.searchSynonyms.href;

const textOf = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The group id and version the form was drawn with; anything else is a form not drawn by the page. */
function groupOf(form: FormData): { id: string; version: number } | null {
  const id = textOf(form, "id");
  const version = Number(textOf(form, "version"));
  return OBJECT_ID_PATTERN.test(id) && Number.isSafeInteger(version) && version >= 1 ? { id: id.toLowerCase(), version } : null;
}

const STALE_FORM = "This form is out of date: reload the page and try again.";

/** The refusals a person can act on, as the form's message; anything else is a bug and is thrown. */
function refusal(error: unknown, value: string): SynonymFormState {
  if (error instanceof ConflictError || error instanceof NotFoundError || error instanceof LockBusyError) return { error: error.message, value };
  throw error;
}

/** Back to the list page that shows this group (the first page after a delete's last one emptied). */
async function backTo(done: Done, groupId: string | null, fallbackPage: number): Promise<never> {
  const { groups } = await readSynonymList();
  const index = groupId ? groups.findIndex((group) => group.id === groupId) : -1;
  const lastPage = Math.max(1, Math.ceil(groups.length / SYNONYM_PAGE_SIZE));
  const page = index >= 0 ? Math.floor(index / SYNONYM_PAGE_SIZE) + 1 : Math.min(fallbackPage, lastPage);
  redirect(`${PAGE}?done=${done}${page > 1 ? `&page=${page}` : ""}`);
}

const pageOf = (form: FormData): number => {
  const page = Number(textOf(form, "page"));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};

export async function addSynonymGroupAction(_previous: SynonymFormState, form: FormData): Promise<SynonymFormState> {
  // Admin only, checked here as well as by the page: an action can be posted to from anywhere.
  await requireAdminPage(PAGE);
  const value = textOf(form, "phrases");
  const parsed = synonymPhrasesTextSchema.safeParse(value);
  if (!parsed.success) return { error: phrasesTextRefusal(value, parsed.error), value };
  let id: string;
  try {
    id = (await addSynonymGroup({ phrases: parsed.data })).id;
  } catch (error) {
    return refusal(error, value);
  }
  return backTo("added", id, 1);
}

export async function changeSynonymGroupAction(_previous: SynonymFormState, form: FormData): Promise<SynonymFormState> {
  await requireAdminPage(PAGE);
  const value = textOf(form, "phrases");
  const group = groupOf(form);
  if (!group) return { error: STALE_FORM, value };
  const parsed = synonymPhrasesTextSchema.safeParse(value);
  if (!parsed.success) return { error: phrasesTextRefusal(value, parsed.error), value };
  try {
    await changeSynonymGroup(group.id, { phrases: parsed.data, version: group.version });
  } catch (error) {
    return refusal(error, value);
  }
  return backTo("saved", group.id, pageOf(form));
}

export async function deleteSynonymGroupAction(_previous: SynonymFormState, form: FormData): Promise<SynonymFormState> {
  await requireAdminPage(PAGE);
  const group = groupOf(form);
  if (!group) return { error: STALE_FORM, value: "" };
  try {
    await deleteSynonymGroup(group.id, group.version);
  } catch (error) {
    return refusal(error, "");
  }
  return backTo("deleted", null, pageOf(form));
}
