import mongoose, { Schema, type Model } from "mongoose";
import { type MenuEntry, menuEntriesField } from "@/models/menu-entries";

// The vehicle selector's lists, one small document each, read by _id: the years, the makes of a
// year, the models of a make that year, the engines of a model that year (lib/fitment/menus.ts).

export type { MenuEntry };
export type VehicleMenuFields = { _id: string; entries: MenuEntry[] };

const vehicleMenuSchema = new Schema<VehicleMenuFields>(
  {
    _id: { type: String, required: true },
    entries: menuEntriesField,
  },
  { collection: "vehiclemenus", versionKey: false },
);

export const VehicleMenu: Model<VehicleMenuFields> = (mongoose.models.VehicleMenu as Model<VehicleMenuFields>) ?? mongoose.model("VehicleMenu", vehicleMenuSchema);
