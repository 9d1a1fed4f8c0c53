import type { PartImageType } from "@/lib/validation/part-image";

// A picture's type from its first bytes, whatever its name or declared type says: a file renamed
// .png is not a PNG. Only raster formats browsers draw without running anything.

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: readonly { type: PartImageType; matches: (bytes: Uint8Array) => boolean }[] = [
  { type: "image/jpeg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: "image/png", matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/gif", matches: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")) },
  { type: "image/webp", matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8) },
];

/** The picture type of these bytes, or null when they are not a JPEG, PNG, GIF or WebP file. */
export function pictureTypeOf(bytes: Uint8Array): PartImageType | null {
  return SIGNATURES.find((s) => s.matches(bytes))?.type ?? null;
}
