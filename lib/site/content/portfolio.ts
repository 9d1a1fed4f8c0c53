// The portfolio page's content. The shop owner replaces this sample with their own resume;
// the types keep every entry complete.

export type SkillGroup = { area: string; skills: string[] };
export type Education = { degree: string; school: string; years: string; details?: string };
export type Project = { name: string; summary: string; stack: string[]; highlights: string[]; url?: string };

export type Portfolio = {
  name: string;
  role: string;
  location: string;
  intro: string;
  email: string;
  links: { label: string; url: string }[];
  skills: SkillGroup[];
  education: Education[];
  projects: Project[];
};

export const portfolio: Portfolio = {
  name: "Alex Morgan",
  role: "Full-stack web developer",
  location: "Lisbon, Portugal (remote friendly)",
  intro:
    "I build fast, accessible web shops and dashboards with React, Next.js and Node.js. I care about pages that load quickly on a cheap phone, forms that explain their errors, and code the next developer can change without fear.",
  email: "alex.morgan@example.com",
  links: [
    { label: "GitHub", url: "https://github.com/" },
    { label: "LinkedIn", url: "https://www.linkedin.com/" },
  ],
  skills: [
    { area: "Front end", skills: ["TypeScript", "React 19", "Next.js App Router", "Tailwind CSS", "Accessible HTML and ARIA"] },
    { area: "Back end", skills: ["Node.js", "REST API design", "MongoDB and Mongoose", "Authentication with NextAuth", "Zod validation"] },
    { area: "Quality and delivery", skills: ["Playwright", "Vitest", "Lighthouse audits", "GitHub Actions", "Docker"] },
  ],
  education: [
    {
      degree: "BSc in Computer Science",
      school: "University of Porto",
      years: "2016 – 2020",
      details: "Final project: an offline-first inventory app for small repair garages.",
    },
    {
      degree: "Web Accessibility Specialist course",
      school: "International Association of Accessibility Professionals",
      years: "2022",
    },
  ],
  projects: [
    {
      name: "AutoParts Hub",
      summary: "This storefront: a car-parts catalogue with ordering, reviews and an admin dashboard.",
      stack: ["Next.js", "TypeScript", "MongoDB", "Tailwind CSS"],
      highlights: [
        "Server-rendered, indexable part pages with structured data and a sitemap that scales to thousands of parts",
        "Stock taken atomically per order, so concurrent buyers can never oversell a part",
        "Lighthouse accessibility and SEO scores of 100",
      ],
    },
    {
      name: "Garage Scheduler",
      summary: "Booking calendar for a chain of six garages, replacing phone bookings and paper diaries.",
      stack: ["React", "Node.js", "PostgreSQL"],
      highlights: ["Cut no-shows by a third with SMS reminders", "Keyboard-friendly calendar that works with screen readers"],
    },
    {
      name: "Fleet Fuel Tracker",
      summary: "Progressive web app that lets drivers log fuel and mileage offline and syncs when back in coverage.",
      stack: ["TypeScript", "IndexedDB", "Service workers"],
      highlights: ["Works on low-end Android phones", "Monthly cost reports per vehicle exported as CSV"],
    },
  ],
};
