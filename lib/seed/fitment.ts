// What the seeded parts fit: common cars of the last decade and more, with their usual engines. The
// vehicles are real; which of the shop's invented parts fits which is made up, in the shape an
// aftermarket catalogue gives it (year ranges, an engine where it matters, a position for parts
// sold per side or axle).

import type { FitmentRow } from "@/lib/validation/fitment";

type Car = { make: string; model: string; from: number; to: number; engines: string[] };

const CARS = {
  civic: { make: "Honda", model: "Civic", from: 2016, to: 2021, engines: ["2.0 L4", "1.5 L4 Turbo"] },
  accord: { make: "Honda", model: "Accord", from: 2018, to: 2022, engines: ["1.5 L4 Turbo", "2.0 L4 Turbo"] },
  crv: { make: "Honda", model: "CR-V", from: 2017, to: 2022, engines: ["1.5 L4 Turbo"] },
  corolla: { make: "Toyota", model: "Corolla", from: 2014, to: 2019, engines: ["1.8 L4"] },
  camry: { make: "Toyota", model: "Camry", from: 2018, to: 2023, engines: ["2.5 L4", "3.5 V6"] },
  rav4: { make: "Toyota", model: "RAV4", from: 2019, to: 2024, engines: ["2.5 L4", "2.5 L4 Hybrid"] },
  f150: { make: "Ford", model: "F-150", from: 2015, to: 2020, engines: ["2.7 V6 EcoBoost", "3.5 V6 EcoBoost", "5.0 V8"] },
  focus: { make: "Ford", model: "Focus", from: 2012, to: 2018, engines: ["2.0 L4", "1.0 L3 EcoBoost"] },
  fiesta: { make: "Ford", model: "Fiesta", from: 2011, to: 2019, engines: ["1.6 L4"] },
  silverado: { make: "Chevrolet", model: "Silverado 1500", from: 2014, to: 2018, engines: ["5.3 V8", "4.3 V6"] },
  malibu: { make: "Chevrolet", model: "Malibu", from: 2016, to: 2023, engines: ["1.5 L4 Turbo"] },
  altima: { make: "Nissan", model: "Altima", from: 2013, to: 2018, engines: ["2.5 L4", "3.5 V6"] },
  rogue: { make: "Nissan", model: "Rogue", from: 2014, to: 2020, engines: ["2.5 L4"] },
  golf: { make: "Volkswagen", model: "Golf", from: 2013, to: 2020, engines: ["1.4 TSI", "2.0 TDI", "1.8 TSI"] },
  jetta: { make: "Volkswagen", model: "Jetta", from: 2019, to: 2024, engines: ["1.4 TSI", "1.5 TSI"] },
  series3: { make: "BMW", model: "3 Series", from: 2012, to: 2019, engines: ["320i 2.0", "330i 2.0", "340i 3.0"] },
  a4: { make: "Audi", model: "A4", from: 2017, to: 2023, engines: ["2.0 TFSI"] },
  cclass: { make: "Mercedes-Benz", model: "C-Class", from: 2015, to: 2021, engines: ["C300 2.0"] },
  elantra: { make: "Hyundai", model: "Elantra", from: 2017, to: 2020, engines: ["2.0 L4"] },
  sportage: { make: "Kia", model: "Sportage", from: 2017, to: 2022, engines: ["2.4 L4"] },
  outback: { make: "Subaru", model: "Outback", from: 2015, to: 2019, engines: ["2.5 H4", "3.6 H6"] },
  cx5: { make: "Mazda", model: "CX-5", from: 2017, to: 2024, engines: ["2.5 L4"] },
  wrangler: { make: "Jeep", model: "Wrangler", from: 2018, to: 2023, engines: ["3.6 V6", "2.0 L4 Turbo"] },
  octavia: { make: "Škoda", model: "Octavia", from: 2013, to: 2019, engines: ["1.4 TSI", "2.0 TDI"] },
} satisfies Record<string, Car>;

type CarName = keyof typeof CARS;

/** A row for the whole model range, or for one of its engines, or one position. */
function fits(car: CarName, { engine, position, note, from, to }: { engine?: number; position?: FitmentRow["position"]; note?: string; from?: number; to?: number } = {}): FitmentRow {
  const { make, model, engines, ...years } = CARS[car];
  return {
    yearFrom: from ?? years.from,
    yearTo: to ?? years.to,
    make,
    model,
    ...(engine !== undefined ? { engine: engines[engine]! } : {}),
    ...(position ? { position } : {}),
    ...(note ? { note } : {}),
  };
}

/** By seeded part name: the rows it fits, or "universal". */
export const seedFitment: Record<string, FitmentRow[] | "universal"> = {
  "Vented Front Brake Disc 300 mm": [fits("civic", { position: "front" }), fits("golf", { position: "front", note: "For 288 mm discs use the 288 mm part" }), fits("octavia", { position: "front" }), fits("focus", { position: "front" }), fits("elantra", { position: "front" })],
  "Ceramic Brake Pad Set (Front Axle)": [fits("civic", { position: "front" }), fits("corolla", { position: "front" }), fits("golf", { position: "front" }), fits("octavia", { position: "front" }), fits("jetta", { position: "front" }), fits("a4", { position: "front" })],
  "Iridium Spark Plug": [fits("civic", { engine: 0 }), fits("corolla"), fits("camry", { engine: 0 }), fits("rav4"), fits("altima", { engine: 0 }), fits("rogue"), fits("cx5"), fits("elantra"), fits("sportage")],
  "Spin-On Oil Filter": [fits("civic"), fits("accord"), fits("crv"), fits("altima"), fits("rogue"), fits("f150"), fits("silverado"), fits("wrangler", { engine: 0 })],
  "Engine Air Filter Panel": [fits("golf"), fits("jetta"), fits("octavia"), fits("a4"), fits("series3", { engine: 0 }), fits("series3", { engine: 1 })],
  "AGM Start-Stop Battery 70 Ah": [fits("golf"), fits("octavia"), fits("series3"), fits("cclass"), fits("a4"), fits("focus", { note: "Start-stop versions only" })],
  "Remanufactured Alternator 120 A": [fits("civic", { engine: 0 }), fits("corolla"), fits("fiesta"), fits("focus", { engine: 0 }), fits("elantra")],
  "LED Headlight Assembly (Left)": [fits("golf", { position: "left", from: 2017 }), fits("civic", { position: "left", note: "Replaces halogen units with the adapter harness" })],
  "Gas Shock Absorber (Rear)": [fits("civic", { position: "rear" }), fits("corolla", { position: "rear" }), fits("focus", { position: "rear" }), fits("rogue", { position: "rear" }), fits("outback", { position: "rear" }), fits("cx5", { position: "rear" })],
  "Timing Belt Kit with Tensioner": [fits("golf", { engine: 1 }), fits("octavia", { engine: 1 }), fits("outback", { engine: 0 })],
  "Aluminium Radiator": [fits("civic"), fits("accord"), fits("corolla"), fits("camry", { engine: 0 }), fits("f150"), fits("silverado")],
  "Flat Wiper Blade Pair 600/400 mm": "universal",
  "All-Season Tyre 205/55 R16": [fits("civic", { from: 2016, to: 2018 }), fits("corolla"), fits("golf"), fits("focus"), fits("jetta"), fits("elantra"), fits("octavia")],
  "Clutch Kit, 3-Piece": [fits("golf", { engine: 0 }), fits("golf", { engine: 1 }), fits("focus", { engine: 0 }), fits("fiesta"), fits("civic", { engine: 1, note: "Manual gearbox only" })],
  "Water Pump with Gasket": [fits("golf", { engine: 0 }), fits("jetta"), fits("octavia", { engine: 0 }), fits("a4"), fits("wrangler", { engine: 0 })],
  "Starter Motor 1.4 kW": [fits("corolla"), fits("camry", { engine: 0 }), fits("rav4", { engine: 0 }), fits("civic"), fits("crv"), fits("altima", { engine: 0 })],
};
