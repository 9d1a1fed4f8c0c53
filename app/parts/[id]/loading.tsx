import { LoadingState } from "@/components/LoadingState";

export default function PartLoading() {
  return <LoadingState label="Loading this part…" />;
}
