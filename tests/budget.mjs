// Bundle budget: the gzip size of everything a first load fetches (HTML, JS, wasm,
// CSS, and the manifest and service worker once there are any). Fails above the budget.
// Deterministic: the same build always gives the same number.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 250 * 1024;
const dist = process.argv[2] || 'dist';
const firstLoad = /\.(html|js|mjs|wasm|css|svg|webmanifest|json)$/;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

// 404.html is a copy of index.html for GitHub Pages deep links, not a second download.
const files = walk(dist).filter((p) => firstLoad.test(p) && !p.endsWith('404.html'));
if (!files.some((p) => p.endsWith('.wasm'))) {
  console.error(`budget: no .wasm file in ${dist}: build first`);
  process.exit(1);
}
let total = 0;
for (const p of files.sort()) {
  const raw = readFileSync(p);
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  console.log(`  ${relative(dist, p).padEnd(48)} ${String(raw.length).padStart(9)} B raw ${String(gz).padStart(8)} B gzip`);
}
const kb = (n) => (n / 1024).toFixed(1);
console.log(`First load: ${kb(total)} KB gzip (budget ${kb(BUDGET)} KB)`);
if (total > BUDGET) {
  console.error(`budget: over by ${kb(total - BUDGET)} KB`);
  process.exit(1);
}
