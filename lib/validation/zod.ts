import * as z from "zod";

// zod 4 compiles object parsers with new Function() when it can, and finds out by trying one.
// Under the shop's CSP (no 'unsafe-eval') that probe is a CSP violation in the browser on every
// page with a form. Interpreted parsing is plenty fast for forms, on both sides.
z.config({ jitless: true });

export { z };
