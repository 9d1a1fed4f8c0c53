// CSV as spreadsheets write it (RFC 4180): fields separated by commas, a field in double quotes may
// hold commas, line breaks and doubled quotes, lines end in LF or CRLF. A byte-order mark is ignored.

export type CsvLine = { line: number; fields: string[] };

/** The lines of a CSV text with their 1-based line numbers (of where each record starts); blank lines are left out. */
export function parseCsv(text: string): { lines: CsvLine[]; error?: string } {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const lines: CsvLine[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== "") lines.push({ line: start, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && source[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) return { lines, error: `Line ${start}: a quoted field is not closed.` };
  if (field !== "" || fields.length > 0) endRecord();
  return { lines };
}
