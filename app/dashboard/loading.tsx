import { FullScreenSpinner } from "@/components/FullScreenSpinner";

/** SPEC 4: while the session and the role are being checked. */
export default function DashboardLoading() {
  return <FullScreenSpinner label="Checking your account…" />;
}
