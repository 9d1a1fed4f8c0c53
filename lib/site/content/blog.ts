// The blog page's questions and answers. Static content: edit here, the page renders it.

export type BlogEntry = {
  /** Anchor on /blog, also used by the home page's blog cards. */
  slug: string;
  question: string;
  /** One-line teaser for the home page cards. */
  summary: string;
  /** Paragraphs of the answer. */
  answer: string[];
};

export const blogEntries: BlogEntry[] = [
  {
    slug: "improve-react-performance",
    question: "How can you improve the performance of a React application?",
    summary: "Render less, ship less JavaScript, and measure before you optimise.",
    answer: [
      "Start by measuring: the React DevTools Profiler shows which components re-render and how long they take, and Lighthouse or the browser's Performance panel show what the user actually waits for. Optimising without a measurement usually moves the cost somewhere else.",
      "Then render less. Keep state as close as possible to the components that use it, so a keystroke in one input does not re-render the whole page. Split large components so that expensive children receive stable props, and reach for memo, useMemo and useCallback only where the profiler shows a real cost: they have overhead of their own, and the React Compiler can now add most of them for you.",
      "Ship less JavaScript. Render on the server what does not need interactivity (server components send HTML and no component code), load heavy widgets with dynamic imports, and virtualise long lists so only the visible rows exist in the DOM. Images deserve the same care: correct sizes, modern formats and lazy loading below the fold.",
    ],
  },
  {
    slug: "manage-state-in-react",
    question: "What are the different ways to manage state in a React application?",
    summary: "Local state, lifted state, context, server-state caches and external stores, each for its own job.",
    answer: [
      "Local state with useState or useReducer is the default: a toggle, a form field or a step counter belongs to the component that shows it. When two siblings need the same value, lift the state to their closest common parent and pass it down.",
      "Context removes prop drilling for values that many components read but that change rarely, such as the signed-in user, the theme or the language. It is not a performance tool: every consumer re-renders when the value changes.",
      "Data that lives on a server is a cache, not application state. Libraries such as TanStack Query or SWR, or server components that fetch during rendering, handle loading, errors, refetching and deduplication far better than hand-written effects.",
      "For large client-side state shared across distant parts of an app (an editor, a dashboard with many linked filters) an external store such as Redux Toolkit, Zustand or Jotai gives predictable updates and good developer tools. Finally, the URL is state too: filters, pages and sort orders in the query string survive a reload and can be shared.",
    ],
  },
  {
    slug: "how-prototypal-inheritance-works",
    question: "How does prototypal inheritance work in JavaScript?",
    summary: "Objects delegate missing properties along a chain of prototypes.",
    answer: [
      "Every JavaScript object has an internal link to another object, its prototype. When you read a property the object does not have, the engine looks it up on the prototype, then on the prototype's prototype, and so on until it reaches null. That chain is how arrays get map and filter: they live once on Array.prototype and every array delegates to it.",
      "Constructor functions and the class syntax are built on this mechanism. new Car() creates an object whose prototype is Car.prototype, so methods defined in the class body are shared by every instance instead of being copied. extends simply links one prototype to another.",
      "You can create the link directly with Object.create(proto) and inspect it with Object.getPrototypeOf. Writing a property always creates it on the object itself, which shadows the inherited one without changing the prototype, a detail that explains many surprising bugs with shared mutable defaults.",
    ],
  },
  {
    slug: "unit-testing-and-why",
    question: "What is unit testing, and why should you write unit tests?",
    summary: "Small, fast tests that pin down behaviour and make change safe.",
    answer: [
      "A unit test checks one small piece of behaviour, a function or a component, in isolation and fast enough to run on every save. It states an input and the output or effect you expect, so it doubles as precise documentation of what the code promises.",
      "The main benefit is confidence when changing code. A good suite catches regressions minutes after they are written instead of weeks later in production, and it lets you refactor freely because the tests tell you whether behaviour changed.",
      "Test behaviour a user or caller would notice, not implementation details: with React Testing Library you query the page by role and label like a user would, so the tests survive refactors. Keep unit tests for logic, and add integration and end-to-end tests for the places where pieces meet, such as a real database or a real browser.",
    ],
  },
  {
    slug: "why-not-set-state-directly",
    question: "Why should you never update React state directly?",
    summary: "React only re-renders when it sees a new value through the setter.",
    answer: [
      "React decides to re-render by comparing the previous and the next state with Object.is. If you mutate an array or object in place (state.items.push(item)) the reference does not change, so React may skip the update entirely and the screen shows stale data.",
      "Even when something else triggers a render, mutation breaks features that rely on previous values being untouched: memoised components and selectors, effects with dependency arrays, concurrent rendering and time-travel debugging all assume that old state is never modified.",
      "Always produce a new value through the setter: setItems([...items, item]) or setUser({ ...user, name }). When the next value depends on the previous one, pass an updater function, setCount(c => c + 1), so several updates in one event are applied in order. For deeply nested data, a helper such as Immer lets you write mutating code that produces an immutable copy.",
    ],
  },
  {
    slug: "find-product-by-name",
    question: "How would you find a product by name in an array of products?",
    summary: "Use find for one match, filter for all of them, and normalise the text first.",
    answer: [
      "Array.prototype.find returns the first element for which the callback returns true, or undefined when none does: products.find(p => p.name === 'Oil Filter'). Use filter instead when several products may match, for example a search box that shows every product whose name contains the typed text.",
      "Normalise both sides before comparing: trim spaces and compare lower-case (or use localeCompare with a base sensitivity) so that 'oil filter' finds 'Oil Filter'. Escape the user's text if you build a regular expression from it, otherwise a character such as '(' or '.*' changes the meaning of the search or throws.",
      "For a large catalogue, search on the server with an index rather than downloading every product to the browser; that is what this shop's catalogue does with its search box.",
    ],
  },
  {
    slug: "semantic-html-and-accessibility",
    question: "Why does semantic HTML matter for accessibility and SEO?",
    summary: "Real headings, landmarks, buttons and labels are understood by every tool for free.",
    answer: [
      "Elements such as header, nav, main, footer, h1 to h6, button and label carry meaning that browsers pass to assistive technology. A screen-reader user can jump between landmarks and headings, and a button is focusable and works with Enter and Space without any extra code. A div with a click handler has none of that.",
      "Search engines read the same structure: one clear h1, headings in order, descriptive link text and alt text on images tell a crawler what the page is about. Structured data such as schema.org Product on this shop's part pages adds facts like price and availability.",
      "Start with the right element, label every input, keep visible focus styles and sufficient colour contrast, and check with an automated audit (Lighthouse, axe) plus a quick keyboard-only walk through the page.",
    ],
  },
];
