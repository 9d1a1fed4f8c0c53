import { LoadingState } from "@/components/LoadingState";

export default function CatalogueLoading() {
  return <LoadingState label="Loading the catalogue…" />;
}
