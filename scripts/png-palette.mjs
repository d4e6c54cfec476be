// Rewrites an RGB or RGBA PNG of at most 256 distinct colours as a palette PNG: the
// same pixels, in fewer bytes (the icons are flat shapes with anti-aliased edges).
// Used by make-icons.mjs; a PNG with more colours is left as it is.
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateSync, inflateSync, crc32 } from 'node:zlib';

/** The pixels of an 8-bit RGB or RGBA, non-interlaced PNG, as RGBA. */
function decode(buf) {
  let at = 8;
  let w, h, type;
  const idat = [];
  while (at < buf.length) {
    const len = buf.readUInt32BE(at);
    const kind = buf.toString('ascii', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + len);
    if (kind === 'IHDR') {
      [w, h, type] = [data.readUInt32BE(0), data.readUInt32BE(4), data[9]];
      if (data[8] !== 8 || data[12] !== 0 || (type !== 2 && type !== 6)) return null;
    }
    if (kind === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const bpp = type === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = w * bpp;
  const px = Buffer.alloc(h * stride);
  for (let y = 0; y < h; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? px[y * stride + x - bpp] : 0;
      const b = y ? px[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y ? px[(y - 1) * stride + x - bpp] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const add = [0, a, b, (a + b) >> 1, paeth][filter];
      px[y * stride + x] = (raw[y * (stride + 1) + 1 + x] + add) & 255;
    }
  }
  const rgba = Buffer.alloc(w * h * 4, 255);
  for (let i = 0; i < w * h; i++) px.copy(rgba, i * 4, i * bpp, i * bpp + bpp);
  return { w, h, rgba };
}

function chunk(kind, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(kind, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** Rewrites `file` as a palette PNG if that is smaller; returns the bytes written. */
export function palettePng(file) {
  const before = readFileSync(file);
  const img = decode(before);
  if (!img) return before.length;
  const { w, h, rgba } = img;
  const index = new Map();
  const rows = Buffer.alloc(h * (w + 1));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = rgba.readUInt32BE((y * w + x) * 4);
      if (!index.has(c)) index.set(c, index.size);
      if (index.size > 256) return before.length;
      rows[y * (w + 1) + 1 + x] = index.get(c);
    }
  }
  const colours = [...index.keys()];
  const plte = Buffer.alloc(colours.length * 3);
  const alpha = Buffer.from(colours.map((c) => c & 255));
  colours.forEach((c, i) => plte.writeUIntBE(c >>> 8, i * 3, 3));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 3, 0, 0, 0], 8);
  const opaque = alpha.every((a) => a === 255);
  const out = Buffer.concat([
    before.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    ...(opaque ? [] : [chunk('tRNS', alpha)]),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  if (out.length >= before.length) return before.length;
  writeFileSync(file, out);
  return out.length;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  for (const f of process.argv.slice(2)) console.log(`${f}: ${readFileSync(f).length} bytes → ${palettePng(f)}`);
}
