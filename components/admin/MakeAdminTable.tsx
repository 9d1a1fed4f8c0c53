"use client";

import { useState } from "react";
import { toast } from "sonner";
import { callApi, messageOf } from "@/lib/site/api-client";

type UserRow = { email: string; role: "admin" | "user" };

const isUserList = (value: unknown): value is UserRow[] =>
  Array.isArray(value) && value.every((row) => typeof row === "object" && row !== null && typeof (row as UserRow).email === "string");

type Props = {
  /** The first page of users, oldest account first. */
  initialUsers: UserRow[];
  initialHasNext: boolean;
  pageSize: number;
};

const PAGE_BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-slate-300 px-3 text-sm font-medium hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent";

/**
 * SPEC 2, 4 and 8: users by email with their role, a page at a time; Make Admin only beside
 * non-admins; after a promotion the current page is refetched from GET /user.
 */
export function MakeAdminTable({ initialUsers, initialHasNext, pageSize }: Props) {
  const [users, setUsers] = useState(initialUsers);
  const [page, setPage] = useState(1);
  const [hasNext, setHasNext] = useState(initialHasNext);
  const [busy, setBusy] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  /** Shows page `target`; false when it could not be read. */
  async function load(target: number): Promise<boolean> {
    // One user more than a page: it only says whether there is a next page.
    const reply = await callApi("GET", `/user?limit=${pageSize + 1}&skip=${(target - 1) * pageSize}`);
    if (!reply.ok || !isUserList(reply.body.result)) return false;
    setUsers(reply.body.result.slice(0, pageSize));
    setHasNext(reply.body.result.length > pageSize);
    setPage(target);
    return true;
  }

  async function goTo(target: number) {
    if (loading || busy !== null) return;
    setLoading(true);
    if (!(await load(target))) toast.error(`Could not load page ${target} of the users; please try again.`);
    setLoading(false);
  }

  async function makeAdmin(email: string) {
    setBusy(email);
    const reply = await callApi("PUT", `/user/admin/${encodeURIComponent(email)}`);
    if (reply.ok && reply.body.success) toast.success("Succesfully made an admin");
    else toast.error(messageOf(reply, `Could not make ${email} an admin.`));
    await load(page);
    setBusy(null);
  }

  // aria-disabled rather than disabled: the button keeps focus when it stops applying (the last page).
  const previousOff = page === 1 || loading || busy !== null;
  const nextOff = !hasNext || loading || busy !== null;

  return (
    <>
      <table className="mt-6 w-full border-collapse text-left text-sm" aria-busy={loading}>
        <caption className="sr-only">All users with their role, page {page}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">#</th>
            <th scope="col" className="py-2 pr-4">Email</th>
            <th scope="col" className="py-2 pr-4">Role</th>
            <th scope="col" className="py-2"><span className="sr-only">Action</span></th>
          </tr>
        </thead>
        <tbody>
          {users.map((user, index) => (
            <tr key={user.email} className="border-b border-slate-200">
              <td className="py-2 pr-4">{(page - 1) * pageSize + index + 1}</td>
              <th scope="row" className="py-2 pr-4 font-normal">{user.email}</th>
              <td className="py-2 pr-4">{user.role}</td>
              <td className="py-2">
                {user.role === "admin" ? null : (
                  <button
                    type="button"
                    onClick={() => void makeAdmin(user.email)}
                    disabled={busy !== null}
                    aria-label={`Make Admin: ${user.email}`}
                    className="rounded bg-brand-700 px-3 py-1 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
                  >
                    Make Admin
                  </button>
                )}
              </td>
            </tr>
          ))}
          {users.length === 0 ? (
            <tr>
              <td colSpan={4} className="py-2">No users on this page.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {page > 1 || hasNext ? (
        <nav aria-label="User pages" className="mt-4 flex flex-wrap items-center gap-3">
          <button type="button" onClick={() => (previousOff ? undefined : void goTo(page - 1))} aria-disabled={previousOff} className={PAGE_BUTTON}>
            Previous
          </button>
          <p className="text-sm text-slate-700" aria-live="polite">
            Page {page}
          </p>
          <button type="button" onClick={() => (nextOff ? undefined : void goTo(page + 1))} aria-disabled={nextOff} className={PAGE_BUTTON}>
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}
