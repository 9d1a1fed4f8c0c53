import type { PartCategory } from "@/lib/vocabulary/categories";

// A realistic catalogue for the search's relevance set: each product sold under four brands of its
// trade, with confusable neighbours side by side (pads, discs and pad-wear sensors; tyres and tyre
// valves; filters of every kind), manufacturer numbers shaped as catalogues print them, and a few
// OEM numbers. The brand names are the trade's; the numbers are invented.

type Product = { name: string; category: PartCategory; description: string; price: number };

const BRANDS: Record<PartCategory, [string, string, string, string]> = {
  brakes: ["Brembo", "ATE", "TRW", "Textar"],
  engine: ["NGK", "Denso", "Bosch", "Gates"],
  filters: ["Mann-Filter", "Mahle", "Bosch", "Purflux"],
  electrical: ["Bosch", "Valeo", "Varta", "Denso"],
  lighting: ["Osram", "Philips", "Hella", "Valeo"],
  suspension: ["Monroe", "Sachs", "Bilstein", "Lemförder"],
  cooling: ["Nissens", "Gates", "Behr", "Febi"],
  drivetrain: ["LuK", "Sachs", "Valeo", "GKN"],
  exhaust: ["Walker", "Bosal", "Eberspächer", "Ernst"],
  fuel: ["Bosch", "Pierburg", "Delphi", "Denso"],
  body: ["Bosch", "Valeo", "Trico", "Stabilus"],
  wheels: ["Michelin", "Continental", "Pirelli", "Schrader"],
  accessories: ["Thule", "Heyner", "Walser", "Hama"],
};

export const PRODUCTS: Product[] = [
  { name: "Front Brake Pad Set", category: "brakes", price: 42, description: "Low-dust ceramic compound with chamfered, slotted pads and shims for quiet stops. One axle." },
  { name: "Rear Brake Pad Set", category: "brakes", price: 36, description: "Semi-metallic pads for the rear axle, with anti-squeal shims and fitting clips." },
  { name: "Vented Front Brake Disc", category: "brakes", price: 64, description: "High-carbon cast iron with curved internal vanes that shed heat under hard braking." },
  { name: "Solid Rear Brake Disc", category: "brakes", price: 48, description: "Coated solid disc for the rear axle, balanced and ready to fit. Sold singly." },
  { name: "Brake Pad Wear Sensor", category: "brakes", price: 12, description: "Warns the driver when the pads are worn down to their limit. Plug-in lead." },
  { name: "Brake Caliper Repair Kit", category: "brakes", price: 22, description: "Piston seals, dust boots and guide pin sleeves to rebuild one caliper." },
  { name: "Brake Fluid DOT 4 1 L", category: "brakes", price: 11, description: "Low-viscosity hydraulic fluid for ABS and ESP systems. Replace every two years." },
  { name: "Iridium Spark Plug", category: "engine", price: 14, description: "Fine-wire iridium centre electrode for a strong spark and long service life." },
  { name: "Ignition Coil Pack", category: "engine", price: 58, description: "Pencil coil that fires one cylinder's plug; moulded boot seals against moisture." },
  { name: "Timing Belt Kit", category: "engine", price: 119, description: "Toothed belt with tensioner and idler pulleys, everything a cam drive service needs." },
  { name: "Serpentine Drive Belt", category: "engine", price: 24, description: "Multi-rib poly-V belt that drives the alternator, water pump and air conditioning." },
  { name: "Valve Cover Gasket", category: "engine", price: 19, description: "Moulded rubber seal between the rocker cover and the cylinder head. Stops oil leaks." },
  { name: "Engine Oil Filter", category: "filters", price: 9, description: "Spin-on cartridge with anti-drain-back valve; change it with every oil service." },
  { name: "Engine Air Filter", category: "filters", price: 16, description: "Pleated panel element that keeps dust out of the intake manifold." },
  { name: "Cabin Pollen Filter", category: "filters", price: 18, description: "Activated carbon layer traps pollen, dust and odours before they reach the cabin." },
  { name: "Diesel Fuel Filter", category: "filters", price: 27, description: "Separates water and particles from diesel before the injection pump." },
  { name: "AGM Start-Stop Battery 70 Ah", category: "electrical", price: 189, description: "Absorbent glass mat accumulator for start-stop cars with regenerative braking." },
  { name: "Alternator 120 A", category: "electrical", price: 229, description: "Remanufactured generator with new regulator and bearings, tested on the bench." },
  { name: "Starter Motor 1.4 kW", category: "electrical", price: 164, description: "Gear-reduction starter with solenoid; cranks briskly on cold mornings." },
  { name: "Oxygen Sensor (Lambda Probe)", category: "electrical", price: 74, description: "Heated zirconia sensor that reports the exhaust's oxygen to the engine computer." },
  { name: "H7 Halogen Headlight Bulb", category: "lighting", price: 13, description: "Brighter white beam, E-marked, 12 V 55 W. Sold as a pair." },
  { name: "H4 Halogen Headlight Bulb", category: "lighting", price: 12, description: "Dual filament dipped and main beam, 12 V 60/55 W." },
  { name: "LED Tail Light Assembly", category: "lighting", price: 139, description: "Complete rear lamp unit with LED brake and indicator lights, plug and play." },
  { name: "Front Fog Light", category: "lighting", price: 54, description: "Round fog lamp with clear lens for the front bumper." },
  { name: "Front Shock Absorber", category: "suspension", price: 79, description: "Twin-tube gas strut that keeps the tyres on the road over bumps." },
  { name: "Rear Coil Spring", category: "suspension", price: 46, description: "Progressive-rate spring, powder coated against corrosion." },
  { name: "Control Arm with Ball Joint", category: "suspension", price: 68, description: "Lower wishbone with pressed-in ball joint and rubber bushes." },
  { name: "Stabiliser Link", category: "suspension", price: 17, description: "Anti-roll bar drop link with sealed ball joints at each end." },
  { name: "Tie Rod End", category: "suspension", price: 21, description: "Outer track rod end; set the alignment after fitting." },
  { name: "Wheel Bearing Hub Assembly", category: "suspension", price: 88, description: "Sealed hub unit with ABS sensor ring, pre-greased for life." },
  { name: "Aluminium Radiator", category: "cooling", price: 149, description: "Brazed aluminium core with plastic tanks; cools the engine's coolant." },
  { name: "Water Pump with Gasket", category: "cooling", price: 56, description: "Circulates coolant through the engine; cast impeller and sealed bearing." },
  { name: "Thermostat Housing", category: "cooling", price: 33, description: "Housing with thermostat that opens at 88 °C for a quick warm-up." },
  { name: "Coolant Expansion Tank", category: "cooling", price: 29, description: "Translucent reservoir with level marks and pressure cap." },
  { name: "Clutch Kit 3-Piece", category: "drivetrain", price: 249, description: "Pressure plate, clutch disc and release bearing matched for a smooth take-up." },
  { name: "CV Joint Boot Kit", category: "drivetrain", price: 19, description: "Driveshaft gaiter with clamps and grease for one constant velocity joint." },
  { name: "Dual Mass Flywheel", category: "drivetrain", price: 389, description: "Damps the engine's vibrations before they reach the gearbox." },
  { name: "Rear Silencer", category: "exhaust", price: 119, description: "Aluminised steel back box that quietens the exhaust note." },
  { name: "Catalytic Converter", category: "exhaust", price: 329, description: "Ceramic monolith converter meeting Euro 5 emissions limits." },
  { name: "Exhaust Manifold Gasket", category: "exhaust", price: 15, description: "Multi-layer steel seal between the cylinder head and the manifold." },
  { name: "Electric Fuel Pump", category: "fuel", price: 98, description: "In-tank petrol pump module with level sender and strainer." },
  { name: "Petrol Fuel Injector", category: "fuel", price: 64, description: "Multi-hole nozzle for a fine spray; flow matched." },
  { name: "Wiper Blade 24 in", category: "body", price: 17, description: "Flat beam blade with graphite-coated rubber for streak-free sweeps." },
  { name: "Door Mirror Glass", category: "body", price: 26, description: "Heated convex mirror glass with backing plate, clips on." },
  { name: "Bonnet Gas Strut", category: "body", price: 21, description: "Holds the bonnet open; replace both at once." },
  { name: "Windscreen Washer Pump", category: "body", price: 14, description: "Pumps washer fluid from the reservoir to the jets." },
  { name: "All-Season Tyre 205/55 R16", category: "wheels", price: 96, description: "All-weather tread with 3PMSF marking for year-round grip." },
  { name: "Winter Tyre 195/65 R15", category: "wheels", price: 82, description: "Siped tread compound that stays soft below 7 °C." },
  { name: "Tyre Valve Stem (TPMS)", category: "wheels", price: 9, description: "Snap-in valve with service kit for tyre pressure monitoring sensors." },
  { name: "Wheel Nut Set", category: "wheels", price: 24, description: "Twenty chrome lug nuts with a 60° taper seat." },
  { name: "Rubber Floor Mat Set", category: "accessories", price: 39, description: "Raised-edge all-weather mats that hold water and mud." },
  { name: "Roof Rack Cross Bars", category: "accessories", price: 189, description: "Lockable aluminium bars, 75 kg load." },
];

/** A maker's code for its numbers: "Brembo" BR, "Lemförder" LE. */
const codeOf = (brand: string) => brand.normalize("NFD").replace(/[^A-Za-z]/g, "").slice(0, 2).toUpperCase();

export type FixturePart = {
  partsname: string;
  brand: string;
  category: PartCategory;
  mpn: string;
  oemNumbers: string[];
  description: string;
  price: number;
  quantity: number;
  minOrder: number;
  image: string;
};

/** OEM numbers some parts carry, by their name. */
const OEM_NUMBERS: Record<string, string[]> = {
  "Textar Front Brake Pad Set": ["45022-TBA-A01"],
  "ATE Vented Front Brake Disc": ["45251-TBA-A00"],
  "Bosch Engine Oil Filter": ["15400-PLM-A02"],
};

/** Every product under each of its brands: 52 products, 208 parts. */
export const SEARCH_CATALOGUE: FixturePart[] = PRODUCTS.flatMap((product, p) =>
  BRANDS[product.category].map((brand, b) => {
    const partsname = `${brand} ${product.name}`;
    return {
      partsname,
      brand,
      category: product.category,
      mpn: `${codeOf(brand)}-${1000 + p * 7 + b * 311}${"XKLR"[b]}`,
      oemNumbers: OEM_NUMBERS[partsname] ?? [],
      description: product.description,
      price: product.price + b,
      quantity: 20,
      minOrder: 1,
      image: "/parts/placeholder.svg",
    };
  }),
);

/** The parts of a product whichever the brand: "Front Brake Pad Set" names four. */
export const productParts = (product: string): string[] => SEARCH_CATALOGUE.filter((part) => part.partsname.endsWith(` ${product}`)).map((part) => part.partsname);

export const mpnOf = (partsname: string): string => SEARCH_CATALOGUE.find((part) => part.partsname === partsname)!.mpn;
