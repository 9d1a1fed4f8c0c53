import { SITE_NAME } from "@/lib/site/site";

// One layout for every mail, written once as blocks and rendered twice: plain text for every mail
// reader, and HTML with inline styles only (mail readers drop style sheets). Every value that comes
// from a customer or the catalogue is escaped in the HTML: a name may hold "<" or "&".

/** A part of a mail's body. */
export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; text: string }
  /** Label and value pairs: totals, an address, bank details. */
  | { kind: "facts"; rows: [label: string, value: string][] }
  /** A table; in plain text each row is one line, as `textRow` writes it. */
  | { kind: "table"; head: string[]; rows: string[][]; textRow: (row: string[]) => string }
  | { kind: "link"; label: string; url: string };

export type MailBody = { subject: string; greeting: string; blocks: Block[] };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

const TEXT_COLOUR = "color:#1f2937;";
const CELL = "padding:4px 8px;border-bottom:1px solid #e5e7eb;text-align:left;";

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 12px;line-height:1.5;">${escapeHtml(block.text)}</p>`;
    case "heading":
      return `<h2 style="margin:20px 0 8px;font-size:16px;">${escapeHtml(block.text)}</h2>`;
    case "facts":
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 12px;">${block.rows
        .map(([label, value]) => `<tr><th scope="row" style="${CELL}font-weight:600;">${escapeHtml(label)}</th><td style="${CELL}">${escapeHtml(value)}</td></tr>`)
        .join("")}</table>`;
    case "table":
      return `<table style="border-collapse:collapse;margin:0 0 12px;width:100%;"><thead><tr>${block.head
        .map((cell) => `<th scope="col" style="${CELL}font-weight:600;">${escapeHtml(cell)}</th>`)
        .join("")}</tr></thead><tbody>${block.rows.map((row) => `<tr>${row.map((cell) => `<td style="${CELL}">${escapeHtml(cell)}</td>`).join("")}</tr>`).join("")}</tbody></table>`;
    case "link":
      return `<p style="margin:16px 0;"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(block.label)}</a></p>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "heading":
      return `${block.text}\n${"-".repeat(block.text.length)}`;
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "table":
      return block.rows.map((row) => `- ${block.textRow(row)}`).join("\n");
    case "link":
      return `${block.label}: ${block.url}`;
  }
}

/** The mail's plain text and HTML, with the shop's name at the head and the foot. */
export function render({ subject, greeting, blocks }: MailBody): { subject: string; text: string; html: string } {
  const text = [SITE_NAME, "", greeting, "", blocks.map(blockText).join("\n\n"), "", "-- ", SITE_NAME].join("\n");
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background:#f3f4f6;">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:14px;${TEXT_COLOUR}">
<h1 style="margin:0 0 16px;font-size:20px;color:#1d4ed8;">${escapeHtml(SITE_NAME)}</h1>
<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
${blocks.map(blockHtml).join("\n")}
<p style="margin:24px 0 0;font-size:12px;color:#6b7280;">${escapeHtml(SITE_NAME)}</p>
</div></body></html>`;
  return { subject: `${subject} | ${SITE_NAME}`, text, html };
}
