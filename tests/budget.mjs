// The whole-app byte gate: the gzip size of everything a first visit fetches
// (index.html and what it links and imports: JS, wasm, CSS, icon, manifest, plus the
// service worker it registers). Fails above the gate. Deterministic: the same build
// always gives the same numbers. It also prints the whole build, which the service
// worker caches for offline.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildFiles, firstVisitFiles, walk } from './first-visit.mjs';

// 540 KB after "One app" and the performance pass (526 KB reached); raised to 580 KB
// for what "Symbaroum family at the table" added (570.3 KB reached: every
// circumstance in the roll panel, conditions, one armor list, trade and creation;
// twiggy's account in bench/README.md); then to 630 KB for the optional rules of #18
// and the Heimr fight of #19 (621.1 KB reached); then to 660 KB for the list and
// sharing of #20, the Heimr encounter and tables of #19 and the main hand and compact
// rows (657.2 KB reached, 658.9 KB with Print character and a tidy); then to 672 KB
// for the folded forms, the Heimr printout and the background and portrait of #20
// (670.2 KB reached; account in bench/README.md; a size pass is due before any more).
// Raise it only for features, with that account; lower it as the app shrinks.
const GATE = 672 * 1024;
const dist = process.argv[2] || 'dist';
const kb = (n) => (n / 1024).toFixed(1);
const gz = (p) => gzipSync(readFileSync(p), { level: 9 }).length;

const page = join(dist, 'index.html');
if (!existsSync(page)) {
  console.error(`budget: no ${page}: build first`);
  process.exit(1);
}
const wasm = walk(dist).filter((p) => p.endsWith('.wasm'));
if (wasm.length !== 1) {
  console.error(`budget: the build has ${wasm.length} .wasm files; the app is one bundle`);
  process.exit(1);
}
const files = firstVisitFiles(dist);
if (![...files].some((p) => p.endsWith('.wasm'))) {
  console.error('budget: index.html loads no wasm');
  process.exit(1);
}
let total = 0;
for (const p of files) {
  const size = gz(p);
  total += size;
  console.log(`  ${relative(dist, p).padEnd(48)} ${String(statSync(p).size).padStart(9)} B raw ${String(size).padStart(8)} B gzip`);
}
console.log(`Whole-app first visit: ${kb(total)} KB gzip (gate ${kb(GATE)} KB)`);
const all = buildFiles(dist);
console.log(`Whole build (cached for offline): ${kb(all.reduce((n, p) => n + gz(p), 0))} KB gzip`);
if (total > GATE) {
  console.error(`budget: the first visit is over the gate by ${kb(total - GATE)} KB`);
  process.exit(1);
}
