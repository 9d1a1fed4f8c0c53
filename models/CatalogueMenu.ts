import mongoose, { Schema, type Model } from "mongoose";
import { type MenuEntry, menuEntriesField } from "@/models/menu-entries";

// The catalogue's small menus, one document each, read by _id: the brands its parts have borne
// (lib/catalogue/brands.ts), so the brand facet can count each without reading the parts.

export type CatalogueMenuFields = { _id: string; entries: MenuEntry[] };

const catalogueMenuSchema = new Schema<CatalogueMenuFields>(
  {
    _id: { type: String, required: true },
    entries: menuEntriesField,
  },
  { collection: "cataloguemenus", versionKey: false },
);

export const CatalogueMenu: Model<CatalogueMenuFields> = (mongoose.models.CatalogueMenu as Model<CatalogueMenuFields>) ?? mongoose.model("CatalogueMenu", catalogueMenuSchema);
