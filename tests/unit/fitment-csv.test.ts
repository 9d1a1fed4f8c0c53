import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/fitment/csv";

describe("parseCsv", () => {
  it("reads fields, quoted commas, doubled quotes, line breaks in quotes, CRLF and a byte-order mark", () => {
    const text = '\uFEFFa,b,c\r\n1,"two, too","say ""hi"""\n\n3,"multi\nline",\r\n';
    expect(parseCsv(text)).toEqual({
      lines: [
        { line: 1, fields: ["a", "b", "c"] },
        { line: 2, fields: ["1", "two, too", 'say "hi"'] },
        { line: 4, fields: ["3", "multi\nline", ""] },
      ],
    });
  });

  it("keeps a last line without a line break, and numbers lines after a quoted line break", () => {
    expect(parseCsv('x\n"a\nb"\nlast').lines).toEqual([
      { line: 1, fields: ["x"] },
      { line: 2, fields: ["a\nb"] },
      { line: 4, fields: ["last"] },
    ]);
  });

  it("says where a quoted field is left open", () => {
    expect(parseCsv('a\nb,"open\nc').error).toBe("Line 2: a quoted field is not closed.");
  });
});
