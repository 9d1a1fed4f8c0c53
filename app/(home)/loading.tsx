import { LoadingState } from "@/components/LoadingState";

export default function HomeLoading() {
  return <LoadingState label="Loading the shop…" />;
}
