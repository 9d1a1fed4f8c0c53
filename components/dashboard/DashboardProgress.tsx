"use client";

import { useLinkStatus } from "next/link";
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { AreaSpinner } from "@/components/AreaSpinner";

type Report = (href: string, pending: boolean) => void;

const ReportContext = createContext<Report>(() => {});
const PendingContext = createContext(false);

/**
 * Progress between dashboard pages. The pages render whole on the server (no loading boundary,
 * whose streamed content only a script can show), so with JavaScript the menu's links report their
 * navigation here and the content area shows a spinner until the next page arrives.
 */
export function DashboardProgress({ children }: { children: React.ReactNode }) {
  const [pendingHrefs, setPendingHrefs] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>(
    (href, pending) =>
      setPendingHrefs((hrefs) => {
        if (hrefs.has(href) === pending) return hrefs;
        const next = new Set(hrefs);
        if (pending) next.add(href);
        else next.delete(href);
        return next;
      }),
    [],
  );
  return (
    <ReportContext.Provider value={report}>
      <PendingContext.Provider value={pendingHrefs.size > 0}>{children}</PendingContext.Provider>
    </ReportContext.Provider>
  );
}

/** Inside a menu link: tells DashboardProgress while that link's navigation is pending. */
export function LinkProgress({ href }: { href: string }) {
  const { pending } = useLinkStatus();
  const report = useContext(ReportContext);
  useEffect(() => {
    report(href, pending);
    return () => report(href, false);
  }, [report, href, pending]);
  return null;
}

/** The content area: the page, or a spinner in its place while another dashboard page loads (the page stays mounted). */
export function DashboardContent({ children }: { children: React.ReactNode }) {
  const pending = useContext(PendingContext);
  return (
    <div className="min-w-0 flex-1">
      {pending ? <AreaSpinner label="Loading the page…" /> : null}
      <div hidden={pending}>{children}</div>
    </div>
  );
}
