// Enough of PNG to look at Chromium's screenshots: 8-bit RGB or RGBA, not interlaced (what
// Chromium writes). A screenshot is judged by its pixels, not its file size.
import { inflateSync } from "node:zlib";

export interface Image {
  readonly width: number;
  readonly height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  readonly pixels: Uint8Array;
}

export function decodePng(png: Uint8Array): Image {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (bytes.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG file: the signature is missing");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      channels = colour === 6 ? 4 : colour === 2 ? 3 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0) {
        throw new Error(
          `a PNG of bit depth ${depth}, colour type ${colour}, interlace ${interlace}: only 8-bit RGB(A), not interlaced, is read here`,
        );
      }
    } else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? rows[row + x - channels]! : 0;
      const b = y > 0 ? rows[row - stride + x]! : 0;
      const c = x >= channels && y > 0 ? rows[row - stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      rows[row + x] = (raw[src + x]! + predicted) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let k = 0; k < 3; k++) pixels[i * 4 + k] = rows[i * channels + k]!;
    pixels[i * 4 + 3] = channels === 4 ? rows[i * channels + 3]! : 255;
  }
  return { width, height, pixels };
}

/** The share of pixels that differ from the most common colour: 0 for a blank image. */
export function inkShare(image: Image): number {
  const counts = new Map<number, number>();
  const view = new DataView(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength);
  const total = image.width * image.height;
  for (let i = 0; i < total; i++) {
    const colour = view.getUint32(i * 4);
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  const most = Math.max(...counts.values());
  return (total - most) / total;
}
