// An unknown part answers 404 before streaming, as on the part's own page.
export { default } from "@/app/parts/[id]/layout";
