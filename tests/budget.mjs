// The byte gates: the gzip size (level 9) of what a visit fetches, printed, and failing
// above its gate. Deterministic: the same build always gives the same numbers.
//  - Start path: everything a first visit to the list fetches (index.html and what it
//    links and imports, and the service worker it registers). 180 KB, never raised.
//  - Cold deep link to a sheet, per ruleset family: the start path, the documents'
//    chunk, the family's sheet chunk and its chunks shared, and the sheets' stylesheet.
//  - Cold deep link to a sheet's Combat or Gear & XP tab: the same plus that tab's
//    chunks. The roll and dice panels, the packs' use and the packs page are fetched
//    later, within the whole build's gate.
//  - The whole build: every file the service worker caches for offline.
//  - The documents' chunk (in every deep link, and what Create needs): shown beside
//    its target of 100 KB (issue #59), a target and not a gate.
// Every gate but the start path's was set once, by issue #59, at what the build reached
// then plus fixed headroom: 20 KB for a sheet's deep link, 30 KB for a tab's, 60 KB for
// the whole build. No gate is raised: a feature that does not fit does size work first
// (`node bench/chunk-functions.mjs`), or goes into a chunk of its own (ui/split_points.rs).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildFiles, chunkManifest, deepLinkFiles, firstVisitFiles } from './first-visit.mjs';

const KB = 1024;
const START_GATE = 180 * KB;
// Reached when the gates were set (issue #59), plus the headroom above.
const DEEP_LINK_GATES = { symbaroum: (448.5 + 20) * KB, heimr: (421.5 + 20) * KB };
const TAB_GATES = {
  symbaroum: { combat: (567.3 + 30) * KB, gear: (560.5 + 30) * KB },
  heimr: { combat: (498.4 + 30) * KB, gear: (457.6 + 30) * KB },
};
const BUILD_GATE = (1085.9 + 60) * KB;
const DOCUMENTS_TARGET = 100 * KB;
const dist = process.argv[2] || 'dist';
const kb = (n) => (n / 1024).toFixed(1);
const gz = (p) => gzipSync(readFileSync(p), { level: 9 }).length;
const sum = (files) => files.reduce((n, p) => n + gz(p), 0);
let failed = false;

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`budget: no ${join(dist, 'index.html')}: build first`);
  process.exit(1);
}
const start = firstVisitFiles(dist);
if (!start.some((p) => p.endsWith('.wasm'))) {
  console.error('budget: index.html loads no wasm');
  process.exit(1);
}
if (!chunkManifest(dist)) {
  console.error('budget: index.html has no chunk manifest: the build was not split (scripts/split.mjs)');
  process.exit(1);
}
const gate = (name, files, limit) => {
  const total = sum(files);
  console.log(`${name}: ${kb(total)} KB gzip (gate ${kb(limit)} KB)`);
  if (total > limit) {
    console.error(`budget: ${name} is over its gate by ${kb(total - limit)} KB (${total - limit} bytes)`);
    failed = true;
  }
};
console.log('Start path (a first visit to the list):');
for (const p of start) {
  console.log(`  ${relative(dist, p).padEnd(48)} ${String(statSync(p).size).padStart(9)} B raw ${String(gz(p)).padStart(8)} B gzip`);
}
gate('Start path', start, START_GATE);
for (const family of ['symbaroum', 'heimr']) {
  const files = deepLinkFiles(dist, family);
  const extra = files.filter((p) => !start.includes(p)).map((p) => `${relative(dist, p)} ${kb(gz(p))} KB`);
  console.log(`  ${family} sheet adds: ${extra.join(', ')}`);
  gate(`Cold deep link to a ${family} sheet`, files, DEEP_LINK_GATES[family]);
  for (const tab of ['combat', 'gear']) {
    const withTab = deepLinkFiles(dist, family, tab);
    const more = withTab.filter((p) => !files.includes(p)).map((p) => `${relative(dist, p)} ${kb(gz(p))} KB`);
    console.log(`  its ${tab} tab adds: ${more.join(', ')}`);
    gate(`Cold deep link to a ${family} sheet's ${tab} tab`, withTab, TAB_GATES[family][tab]);
  }
}
const documents = sum(chunkManifest(dist).documents.map((f) => join(dist, f)));
const reached = documents <= DOCUMENTS_TARGET ? 'reached' : `${kb(documents - DOCUMENTS_TARGET)} KB over`;
console.log(`The documents' chunk: ${kb(documents)} KB gzip (target ${kb(DOCUMENTS_TARGET)} KB: ${reached})`);
gate('Whole build (cached for offline)', buildFiles(dist), BUILD_GATE);
if (failed) process.exit(1);
