// The catalogue and reviews a fresh shop starts with. Images ship in public/parts.

import type { PartView } from "@/lib/catalogue/views";

export type SeedPart = Omit<PartView, "_id" | "createdAt" | "updatedAt" | "maxPerOrder">;

export const seedParts: SeedPart[] = [
  {
    partsname: "Vented Front Brake Disc 300 mm",
    image: "/parts/brake-disc.svg",
    price: 64,
    quantity: 180,
    minOrder: 2,
    description:
      "High-carbon cast iron rotor with curved internal vanes that shed heat under repeated hard stops. Zinc-coated hub and edge resist corrosion; balanced and ready to fit. Sold singly: order in axle pairs.",
  },
  {
    partsname: "Ceramic Brake Pad Set (Front Axle)",
    image: "/parts/brake-pads.svg",
    price: 42,
    quantity: 260,
    minOrder: 1,
    description:
      "Low-dust ceramic compound with chamfered, slotted pads and pre-fitted shims for quiet braking. Includes wear sensors and stainless hardware clips for one axle.",
  },
  {
    partsname: "Iridium Spark Plug",
    image: "/parts/spark-plug.svg",
    price: 11,
    quantity: 1200,
    minOrder: 4,
    description:
      "0.6 mm iridium centre electrode for a strong, stable spark and easier cold starts. Pre-gapped at 0.8 mm with a service life up to 100,000 km. Sold individually; most engines take four.",
  },
  {
    partsname: "Spin-On Oil Filter",
    image: "/parts/oil-filter.svg",
    price: 9,
    quantity: 950,
    minOrder: 5,
    description:
      "Synthetic-blend media traps 99% of particles over 20 microns. Silicone anti-drain-back valve keeps oil in the filter at shutdown for instant pressure on start-up.",
  },
  {
    partsname: "Engine Air Filter Panel",
    image: "/parts/air-filter.svg",
    price: 18,
    quantity: 430,
    minOrder: 2,
    description:
      "Pleated, oil-free cellulose panel with a moulded polyurethane seal. Restores airflow and protects the intake from dust; replace every 20,000 km or once a year.",
  },
  {
    partsname: "AGM Start-Stop Battery 70 Ah",
    image: "/parts/car-battery.svg",
    price: 189,
    quantity: 75,
    minOrder: 1,
    description:
      "Absorbent-glass-mat battery built for start-stop engines: 760 A cold cranking, spill-proof and vibration resistant. Three times the cycle life of a flooded battery.",
  },
  {
    partsname: "Remanufactured Alternator 120 A",
    image: "/parts/alternator.svg",
    price: 215,
    quantity: 40,
    minOrder: 1,
    description:
      "Factory-remanufactured with new bearings, brushes, regulator and rectifier. 100% load-tested to 120 A output with the pulley fitted. Core exchange accepted.",
  },
  {
    partsname: "LED Headlight Assembly (Left)",
    image: "/parts/headlight.svg",
    price: 329,
    quantity: 25,
    minOrder: 1,
    description:
      "Plug-and-play LED unit with integrated daytime running light and E-marked beam pattern. Hard-coated polycarbonate lens resists yellowing; IP67 sealed housing.",
  },
  {
    partsname: "Gas Shock Absorber (Rear)",
    image: "/parts/shock-absorber.svg",
    price: 78,
    quantity: 140,
    minOrder: 2,
    description:
      "Twin-tube, nitrogen-charged damper that controls body roll and keeps tyres on the road over rough surfaces. Chrome-plated rod and multi-lip seal for long life. Replace in pairs.",
  },
  {
    partsname: "Timing Belt Kit with Tensioner",
    image: "/parts/timing-belt.svg",
    price: 139,
    quantity: 60,
    minOrder: 1,
    description:
      "HNBR toothed belt with automatic tensioner and idler pulley: everything for a complete timing service in one box. Built to the original engine's tooth profile and length.",
  },
  {
    partsname: "Aluminium Radiator",
    image: "/parts/radiator.svg",
    price: 248,
    quantity: 30,
    minOrder: 1,
    description:
      "Brazed aluminium core with plastic end tanks, pressure-tested to 1.5 bar. Direct replacement with the original mounting points, drain cock and hose outlets.",
  },
  {
    partsname: "Flat Wiper Blade Pair 600/400 mm",
    image: "/parts/wiper-blades.svg",
    price: 27,
    quantity: 500,
    minOrder: 1,
    description:
      "Beam-style blades with graphite-coated natural rubber for streak-free, quiet wiping. Aerodynamic spoiler keeps contact at motorway speeds; adapters for common arms included.",
  },
  {
    partsname: "All-Season Tyre 205/55 R16",
    image: "/parts/tire.svg",
    price: 96,
    quantity: 320,
    minOrder: 2,
    description:
      "Three-peak-mountain-snowflake rated all-season tyre with a directional tread for grip in wet and light snow. EU label: B wet grip, 69 dB. Sold singly.",
  },
  {
    partsname: "Clutch Kit, 3-Piece",
    image: "/parts/clutch-kit.svg",
    price: 274,
    quantity: 35,
    minOrder: 1,
    description:
      "Pressure plate, friction disc with torsion damper and release bearing, matched as a set. Organic facing for smooth engagement; alignment tool included.",
  },
  {
    partsname: "Water Pump with Gasket",
    image: "/parts/water-pump.svg",
    price: 58,
    quantity: 90,
    minOrder: 1,
    description:
      "Cast housing, precision impeller and a silicon-carbide mechanical seal. Keeps coolant moving at every engine speed; usually replaced together with the timing belt.",
  },
  {
    partsname: "Starter Motor 1.4 kW",
    image: "/parts/starter-motor.svg",
    price: 168,
    quantity: 45,
    minOrder: 1,
    description:
      "Gear-reduction starter with a sealed solenoid, tested for 30,000 start cycles. Same flange and pinion as the original, so it bolts straight in.",
  },
];

export type SeedReview = { rating: number; description: string; name: string; image: string; email: string };

export const seedReviews: SeedReview[] = [
  {
    rating: 5,
    name: "Maria Gonzalez",
    email: "maria.gonzalez@example.com",
    image: "",
    description: "Ordered brake discs and pads for my Golf on Monday, fitted them on Thursday. Perfect fit and no squeal at all.",
  },
  {
    rating: 4,
    name: "Daniel Okafor",
    email: "daniel.okafor@example.com",
    image: "",
    description: "The alternator was clearly remanufactured properly: new bearings, clean casing. Knocked off a star only because delivery took a day longer than promised.",
  },
  {
    rating: 5,
    name: "Sophie Laurent",
    email: "sophie.laurent@example.com",
    image: "",
    description: "As a small garage we order spark plugs and filters in bulk every week. Prices are fair and the minimum orders make sense.",
  },
  {
    rating: 3,
    name: "Kenji Watanabe",
    email: "kenji.watanabe@example.com",
    image: "",
    description: "The headlight works and looks great, but the instructions could be clearer about the levelling motor connector.",
  },
  {
    rating: 5,
    name: "Aisha Rahman",
    email: "aisha.rahman@example.com",
    image: "",
    description: "The timing belt kit had every part I needed in one box, tensioner included. Saved me a second trip.",
  },
  {
    rating: 2,
    name: "Tom Becker",
    email: "tom.becker@example.com",
    image: "",
    description: "One of the two shock absorbers arrived with a dented box. Support replaced it quickly, but I lost a weekend.",
  },
  {
    rating: 4,
    name: "Priya Natarajan",
    email: "priya.natarajan@example.com",
    image: "",
    description: "The AGM battery fixed my start-stop warnings straight away. Good packaging and a clear fitting guide.",
  },
  {
    rating: 5,
    name: "Lucas Silva",
    email: "lucas.silva@example.com",
    image: "",
    description: "Best prices I found for all-season tyres in this size, and the order page showed stock honestly.",
  },
];
