"use client";

import { useState } from "react";
import { toast } from "sonner";
import { callApi, messageOf } from "@/lib/api-client";

type UserRow = { email: string; role: "admin" | "user" };

const isUserList = (value: unknown): value is UserRow[] =>
  Array.isArray(value) && value.every((row) => typeof row === "object" && row !== null && typeof (row as UserRow).email === "string");

/** SPEC 2, 4 and 8: every user by email with their role; Make Admin only beside non-admins; the list refetches after. */
export function MakeAdminTable({ initialUsers }: { initialUsers: UserRow[] }) {
  const [users, setUsers] = useState(initialUsers);
  const [busy, setBusy] = useState<string | null>(null);

  async function refetch() {
    const reply = await callApi("GET", "/user");
    if (reply.ok && isUserList(reply.body.result)) setUsers(reply.body.result);
  }

  async function makeAdmin(email: string) {
    setBusy(email);
    const reply = await callApi("PUT", `/user/admin/${encodeURIComponent(email)}`);
    if (reply.ok && reply.body.success) toast.success("Succesfully made an admin");
    else toast.error(messageOf(reply, `Could not make ${email} an admin.`));
    await refetch();
    setBusy(null);
  }

  return (
    <table className="mt-6 w-full border-collapse text-left text-sm">
      <caption className="sr-only">All users with their role</caption>
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
            <td className="py-2 pr-4">{index + 1}</td>
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
      </tbody>
    </table>
  );
}
