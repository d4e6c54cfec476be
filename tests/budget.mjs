// Bundle budget: for each page of the build (index.html and every sheet page),
// the gzip size of everything its first load fetches: the HTML and what it links (JS,
// wasm, CSS, icon, manifest), plus the service worker it registers. Fails when any
// page is above the budget. Deterministic: the same build always gives the same
// numbers. It also prints the whole build, which the service worker then caches in
// the background so that every page works offline.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 250 * 1024;
const dist = process.argv[2] || 'dist';
const fetched = /\.(html|js|mjs|wasm|css|svg|webmanifest|json)$/;
const kb = (n) => (n / 1024).toFixed(1);
const gz = (p) => gzipSync(readFileSync(p), { level: 9 }).length;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** The files a page's first load fetches: itself, what it links and imports, and
 * the service worker when it registers one. */
function firstLoad(page) {
  const html = readFileSync(page, 'utf8');
  const files = new Set([page]);
  for (const m of html.matchAll(/(?:href|src)="([^"#?]+)"|'\.\/([^']+)'/g)) {
    const p = join(dist, (m[1] || m[2]).replace(/^\.\//, ''));
    if (fetched.test(p) && existsSync(p)) files.add(p);
  }
  const sw = join(dist, 'sw.js');
  if ([...files].some((p) => p.endsWith('register-sw.js')) && existsSync(sw)) files.add(sw);
  return [...files].sort();
}

// 404.html is a copy of index.html for GitHub Pages deep links, not a second page.
const pages = walk(dist).filter((p) => p.endsWith('.html') && basename(p) !== '404.html').sort();
if (!pages.length || !walk(dist).some((p) => p.endsWith('.wasm'))) {
  console.error(`budget: no page or no .wasm file in ${dist}: build first`);
  process.exit(1);
}
let over = [];
for (const page of pages) {
  const files = firstLoad(page);
  if (!files.some((p) => p.endsWith('.wasm'))) over.push(`${relative(dist, page)} loads no wasm`);
  let total = 0;
  console.log(`${relative(dist, page)}:`);
  for (const p of files) {
    const size = gz(p);
    total += size;
    console.log(`  ${relative(dist, p).padEnd(48)} ${String(statSync(p).size).padStart(9)} B raw ${String(size).padStart(8)} B gzip`);
  }
  console.log(`  First load of ${relative(dist, page)}: ${kb(total)} KB gzip (budget ${kb(BUDGET)} KB)`);
  if (total > BUDGET) over.push(`${relative(dist, page)} is over by ${kb(total - BUDGET)} KB`);
}
const all = walk(dist).filter((p) => fetched.test(p) && basename(p) !== '404.html');
console.log(`Whole build (cached for offline in the background): ${kb(all.reduce((n, p) => n + gz(p), 0))} KB gzip`);
if (over.length) {
  console.error(`budget: ${over.join('; ')}`);
  process.exit(1);
}
