import { FullScreenSpinner } from "@/components/FullScreenSpinner";

export default function PurchaseLoading() {
  return <FullScreenSpinner label="Loading the part…" />;
}
