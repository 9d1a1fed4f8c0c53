import { jsonSchemaOf } from "@/lib/openapi/components";
import { ok, pathItem } from "@/lib/openapi/operations";
import type { Parameter } from "@/lib/openapi/parameters";
import { MAX_SUGGESTIONS, MIN_SUGGESTION_QUERY_LENGTH, suggestionQuerySchema } from "@/lib/validation/suggestions";

// What the header's search box offers while a customer types (lib/suggestions/).

const q: Parameter = {
  name: "q",
  in: "query",
  required: true,
  description: `The text typed so far. Under ${MIN_SUGGESTION_QUERY_LENGTH} characters (or no letter or digit) the reply is an empty list, not an error.`,
  schema: jsonSchemaOf(suggestionQuerySchema.shape.q, "input"),
};

export const suggestionPaths = {
  ...pathItem("/search/suggestions", {
    get: {
      operationId: "listSearchSuggestions",
      summary: "Suggest while typing",
      description: `Up to ${MAX_SUGGESTIONS} suggestions for a search text, each a link to its page with the characters that match marked: a part number (from 4 letters and digits), categories, brands and vehicles (at most a few of each), then parts by name, every word matched as the start of a word. Cached for a minute (\`Cache-Control: public, max-age=60\`); \`Server-Timing: suggest;dur=…\` gives the server's time in ms.`,
      access: "public",
      parameters: [q],
      replies: ok(200, "`query` (the q answered) and `suggestions`.", "Suggestions"),
    },
  }),
};
