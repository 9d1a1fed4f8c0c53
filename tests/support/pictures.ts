import { crc32, deflateSync } from "node:zlib";

// Picture files made on the fly for the upload tests: a real PNG any browser draws, and the first
// bytes of the other accepted types (enough for the shop, which reads the type from them).

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of one colour. */
export function pngPicture(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}

const padded = (start: Buffer): Buffer => Buffer.concat([start, Buffer.alloc(32, 7)]);

/** The opening bytes of each other accepted type, and of files that are not pictures. */
export const PICTURE_STARTS = {
  jpeg: padded(Buffer.from([0xff, 0xd8, 0xff, 0xe0])),
  gif: padded(Buffer.from("GIF89a", "ascii")),
  webp: padded(Buffer.concat([Buffer.from("RIFF", "ascii"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 ", "ascii")])),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  text: Buffer.from("This is a text file, whatever its name says."),
};
