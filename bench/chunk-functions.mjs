// Developer tool (not part of the benchmark): which functions each wasm file of a
// build holds, and their size, where twiggy cannot read the split chunks. Needs a
// build that keeps its names: `SPLIT_KEEP_NAMES=1 bash scripts/build.sh <dist>`.
//   node bench/chunk-functions.mjs <dist> [file-pattern] [top]
//     the largest functions of each matching file
//   node bench/chunk-functions.mjs <dist-before> <dist-after> --diff [file-pattern]
//     by file kind (hash left out), the functions that appeared, went or changed size
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads a LEB128 unsigned number at `at`: [value, next offset]. */
function leb(buf, at) {
  let n = 0;
  let shift = 0;
  for (;;) {
    const b = buf[at++];
    n += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [n, at];
  }
}

/** Every defined function of a wasm file: name (from its name section) → body bytes. */
function functions(file) {
  const buf = readFileSync(file);
  let at = 8;
  let imported = 0;
  const bodies = [];
  const names = new Map();
  while (at < buf.length) {
    const id = buf[at];
    const [size, start] = leb(buf, at + 1);
    const end = start + size;
    if (id === 2) {
      // Imports: only imported functions shift the defined ones' indices.
      let [count, p] = leb(buf, start);
      for (let i = 0; i < count; i++) {
        let len;
        [len, p] = leb(buf, p);
        p += len;
        [len, p] = leb(buf, p);
        p += len;
        const kind = buf[p++];
        if (kind === 0) {
          [, p] = leb(buf, p);
          imported++;
        } else if (kind === 1) {
          p++;
          const flags = buf[p++];
          [, p] = leb(buf, p);
          if (flags & 1) [, p] = leb(buf, p);
        } else if (kind === 2) {
          const flags = buf[p++];
          [, p] = leb(buf, p);
          if (flags & 1) [, p] = leb(buf, p);
        } else if (kind === 3) {
          p += 2;
        } else {
          p += 2;
        }
      }
    } else if (id === 10) {
      let [count, p] = leb(buf, start);
      for (let i = 0; i < count; i++) {
        const [len, q] = leb(buf, p);
        bodies.push(len + (q - p));
        p = q + len;
      }
    } else if (id === 0) {
      const [nlen, p0] = leb(buf, start);
      const name = buf.subarray(p0, p0 + nlen).toString();
      if (name === 'name') {
        let p = p0 + nlen;
        while (p < end) {
          const sub = buf[p];
          const [slen, s0] = leb(buf, p + 1);
          if (sub === 1) {
            let [count, q] = leb(buf, s0);
            for (let i = 0; i < count; i++) {
              let idx;
              let len;
              [idx, q] = leb(buf, q);
              [len, q] = leb(buf, q);
              names.set(idx, buf.subarray(q, q + len).toString());
              q += len;
            }
          }
          p = s0 + slen;
        }
      }
    }
    at = end;
  }
  const out = new Map();
  bodies.forEach((size, i) => {
    const name = names.get(imported + i) || `#${imported + i}`;
    out.set(name, (out.get(name) || 0) + size);
  });
  return out;
}

// Chunk numbers change between builds: the shared chunks are told apart by size only.
const kind = (f) => f.replace(/-[0-9a-f]{8,}(_bg)?\.wasm$/, '$1.wasm').replace(/^chunk_\d+/, 'chunk');
const bare = (n) => n.replace(/17h[0-9a-f]{16}E$/, '').replace(/_export_[0-9a-f]{32}_/, '_export_');
const wasmFiles = (dist, pattern) =>
  readdirSync(dist).filter((f) => f.endsWith('.wasm') && (!pattern || f.includes(pattern)));

const args = process.argv.slice(2);
if (args.includes('--diff')) {
  const [before, after, , pattern] = args;
  const all = (dist) => {
    const m = new Map();
    for (const f of wasmFiles(dist, pattern)) for (const [n, s] of functions(join(dist, f))) m.set(`${kind(f)} ${bare(n)}`, (m.get(`${kind(f)} ${bare(n)}`) || 0) + s);
    return m;
  };
  const a = all(before);
  const b = all(after);
  const rows = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const d = (b.get(k) || 0) - (a.get(k) || 0);
    if (d !== 0) rows.push([d, k]);
  }
  rows.sort((x, y) => Math.abs(y[0]) - Math.abs(x[0]));
  const by = new Map();
  for (const [d, k] of rows) by.set(k.split(' ')[0], (by.get(k.split(' ')[0]) || 0) + d);
  console.log('by file (raw bytes of function bodies):', Object.fromEntries(by));
  for (const [d, k] of rows.slice(0, Number(process.env.TOP || 60))) console.log(`${d > 0 ? '+' : ''}${d}\t${k.slice(0, 200)}`);
} else {
  const [dist, pattern, top = 30] = args;
  for (const f of wasmFiles(dist, pattern)) {
    const fns = [...functions(join(dist, f))].sort((x, y) => y[1] - x[1]);
    const total = fns.reduce((s, [, n]) => s + n, 0);
    console.log(`${f}: ${fns.length} functions, ${total} bytes of bodies`);
    for (const [n, s] of fns.slice(0, Number(top))) console.log(`  ${s}\t${n.slice(0, 180)}`);
  }
}
