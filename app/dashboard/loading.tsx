import { AreaSpinner } from "@/components/AreaSpinner";

/**
 * Inside the dashboard's layout: moving between its pages keeps the header and the menu and shows
 * progress where the page's content goes. The account itself is checked by the layout and the request guard.
 */
export default function DashboardLoading() {
  return <AreaSpinner label="Loading the page…" />;
}
