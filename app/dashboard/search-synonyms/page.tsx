import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import Link from "next/link";
import { Pagination } from "@/components/Pagination";
import { requireAdminPage } from "@/lib/auth/guards";
import { readSynonymList } from "@/lib/search/synonyms";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { wholePageParam } from "@/lib/validation/admin-orders";
import { OBJECT_ID_PATTERN } from "@/lib/validation/common";
import { MAX_SYNONYM_GROUPS } from "@/lib/validation/search-synonyms";
import { addSynonymGroupAction, changeSynonymGroupAction, deleteSynonymGroupAction } from "@/app/dashboard/search-synonyms/actions";
import { DeleteSynonymGroupForm } from "@/app/dashboard/search-synonyms/DeleteSynonymGroupForm";
import { DoneToast } from "@/app/dashboard/search-synonyms/DoneToast";
import { DONE_MESSAGES } from "@/app/dashboard/search-synonyms/form-state";
import { SYNONYM_PAGE_SIZE } from "@/app/dashboard/search-synonyms/paging";
import { SynonymGroupForm } from "@/app/dashboard/search-synonyms/SynonymGroupForm";

const item = DASHBOARD_ITEMS.searchSynonyms;

export const metadata: Metadata = { title: item.label };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const hrefOf = (page: number, edit?: string) => {
  const query = new URLSearchParams();
  if (page > 1) query.set("page", String(page));
  if (edit) query.set("edit", edit);
  const text = query.toString();
  return text ? `${item.href}?${text}` : item.href;
};

/** Admin: the synonym groups A–Z, a page at a time, a form to add one, and each group's Edit and Delete. */
export default async function SearchSynonymsPage({ searchParams }: { searchParams: SearchParams }) {
  // Admin only, checked here as well as in proxy.ts: the role comes from the database.
  await requireAdminPage(item.href);
  const params = await searchParams;
  const { groups } = await readSynonymList();
  const pageCount = Math.max(1, Math.ceil(groups.length / SYNONYM_PAGE_SIZE));
  const page = Math.min(wholePageParam(params.page), pageCount);
  const shown = groups.slice((page - 1) * SYNONYM_PAGE_SIZE, page * SYNONYM_PAGE_SIZE);
  const edit = typeof params.edit === "string" && OBJECT_ID_PATTERN.test(params.edit) ? params.edit.toLowerCase() : undefined;
  const done = typeof params.done === "string" && params.done in DONE_MESSAGES ? DONE_MESSAGES[params.done as keyof typeof DONE_MESSAGES] : null;
  const permalink = hrefOf(page, edit);
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <p className="mt-2 text-slate-700">
        A search for any phrase of a group also finds the parts named by the others; a change counts for the next search. Phrases are kept as a search reads them: lower case, accents
        folded, words split on spaces and hyphens.
      </p>
      {done ? (
        <>
          <noscript>
            <p role="status" className="mt-2 font-medium text-brand-900">
              {done}
            </p>
          </noscript>
          {/* A new one with every render: the same change made twice tells twice. */}
          <DoneToast key={randomUUID()} message={done} />
        </>
      ) : null}

      <section aria-labelledby="synonyms-add" className="mt-6 max-w-xl rounded-lg border border-slate-200 p-4 sm:p-6">
        <h2 id="synonyms-add" className="text-lg font-bold">
          Add a group
        </h2>
        <p className="mb-3 mt-1 text-sm text-slate-700">2 to 12 phrases of letters, digits, spaces and hyphens; a phrase may be in one group only.</p>
        <SynonymGroupForm action={addSynonymGroupAction} permalink={permalink} listPage={page} />
      </section>

      <section aria-labelledby="synonyms-list" className="mt-8">
        <h2 id="synonyms-list" className="text-lg font-bold">
          The groups
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {groups.length} of at most {MAX_SYNONYM_GROUPS} groups, A–Z by their first phrase.
        </p>
        <ul className="mt-4 flex flex-col gap-3">
          {shown.map((group) => (
            <li key={group.id} data-group-id={group.id} className="flex flex-wrap items-start justify-between gap-3 rounded border border-slate-200 p-3">
              {edit === group.id ? (
                <div className="min-w-0 flex-1">
                  <SynonymGroupForm action={changeSynonymGroupAction} permalink={permalink} group={group} listPage={page} cancelHref={hrefOf(page)} />
                </div>
              ) : (
                <>
                  <p className="min-w-0 flex-1 break-words">{group.phrases.join(", ")}</p>
                  <div className="flex items-start gap-2">
                    <Link href={hrefOf(page, group.id)} aria-label={`Edit the group ${group.phrases.join(", ")}`} className="inline-flex min-h-11 items-center rounded border border-brand-700 px-3 font-semibold text-brand-800 hover:bg-brand-50">
                      Edit
                    </Link>
                    <DeleteSynonymGroupForm action={deleteSynonymGroupAction} permalink={permalink} group={group} listPage={page} />
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
        {groups.length === 0 ? <p className="mt-4 text-slate-700">No synonym groups: searches match the words as typed.</p> : null}
        <Pagination page={page} pageCount={pageCount} hrefFor={(p) => hrefOf(p)} label="Synonym group pages" />
      </section>
    </>
  );
}
