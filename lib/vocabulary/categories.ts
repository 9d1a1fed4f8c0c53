// The catalogue's categories: a fixed list, so a category is a filter a link can name (its slug)
// and every part of one is spelled alike.

export const PART_CATEGORIES = {
  brakes: "Brakes",
  engine: "Engine & Ignition",
  filters: "Filters",
  electrical: "Electrical & Charging",
  lighting: "Lighting",
  suspension: "Suspension & Steering",
  cooling: "Cooling",
  drivetrain: "Clutch & Drivetrain",
  exhaust: "Exhaust",
  fuel: "Fuel System",
  body: "Body & Wipers",
  wheels: "Wheels & Tyres",
  accessories: "Accessories",
} as const;

export type PartCategory = keyof typeof PART_CATEGORIES;

export const CATEGORY_SLUGS = Object.keys(PART_CATEGORIES) as [PartCategory, ...PartCategory[]];

export const isPartCategory = (value: unknown): value is PartCategory => typeof value === "string" && Object.hasOwn(PART_CATEGORIES, value);
