// The step after `trunk build` that splits the app into the start path and chunks
// (Trunk cannot split wasm: trunk issue #1022). Run by scripts/build.sh:
//   node scripts/split.mjs dist
//
// 1. wasm-split-cli cuts the wasm cargo linked (with --emit-relocs, see build.sh) at
//    the split points of src/ui/split_points.rs: the main module, one file per split
//    point (split_<name>.wasm), files two split points share (chunk_<n>.wasm) and the
//    JS that loads them (__wasm_split.js).
// 2. wasm-bindgen runs again on the main module (--keep-lld-exports: the chunks link
//    against its exports), under Trunk's own file names, so index.html stays right.
// 3. wasm-opt shrinks every wasm file, with the flags Trunk used, twice, its functions
//    first put in the order gzip compresses best (scripts/order-functions.mjs).
// 4. Every file the split made gets the build's hash in its name (a deploy never
//    mixes an old chunk with a new main module in a browser's HTTP cache), and the JS
//    is minified with terser (Trunk's own minifier cannot read wasm-bindgen's JS once
//    it imports the chunk loader).
// 5. The stylesheets only a sheet needs move out of index.html into one file the
//    sheet loads, and the list's into one file of its own; index.html gets the chunk
//    manifest and assets/deep-link.js, minified, which for a deep link to a sheet
//    fetches that sheet's chunks and stylesheet at once.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minify } from 'terser';
import { orderFunctions } from './order-functions.mjs';

const dist = process.argv[2] || 'dist';
// The split points of the tabs a sheet draws only when opened (or in idle time): a deep
// link to one of them fetches its files too.
const TABS = ['symbaroum_combat', 'symbaroum_gear', 'heimr_combat', 'heimr_gear'];
// Split points fetched in idle time once a sheet is drawn, or when first needed (import
// and share, the first time the player imports or shares).
const LATER = ['symbaroum_rolls', 'heimr_rolls', 'pack_use', 'transfers'];
// Pages of their own besides the sheets: the campaign packs (#/packs), the game
// master's tables (#/table), a game master's update link (#/update/<data>).
const PAGES = ['packs', 'table', 'update'];
// Which split point's code runs only while another's is loaded: a sheet needs the
// documents, a tab its family's sheet. Code both need goes into the outer one (the
// patched splitter's --within, see tools/wasm-split-cli.patch), so the build is a few
// files: one per split point and one per set of siblings (the two families' sheets,
// a family's two tabs), not one for every set of split points some function is
// reached from.
const WITHIN = {
  symbaroum: 'documents',
  heimr: 'documents',
  symbaroum_rolls: 'symbaroum',
  symbaroum_combat: 'symbaroum',
  symbaroum_gear: 'symbaroum',
  heimr_combat: 'heimr',
  heimr_gear: 'heimr',
  heimr_rolls: 'heimr',
  // The packs' use on a sheet (its add forms' offers, its "Campaign packs" card)
  // is loaded by the Gear & XP tab; the packs page shares its code with it.
  pack_use: 'symbaroum_gear',
  packs: 'pack_use',
  // The game master's tables derive members' numbers by the Symbaroum family's rules.
  table: 'symbaroum',
  // A game master's update changes a character the documents keep; it is loaded within
  // the tables, which make updates and offer a player's changes with the same code (so
  // that code is not in a chunk every Symbaroum deep link fetches). A player opening an
  // update has the character here, so has visited: the service worker has the files.
  update: 'table',
  // Import and share add and read the characters the documents keep. Within the
  // Symbaroum family's sheet, whose game master's tables and packs read links and files
  // too: that code is then in the sheet's file, not in chunks of their own that every
  // Symbaroum deep link would fetch (each file a request and a module to instantiate).
  transfers: 'symbaroum',
};
// The stylesheets the list needs; every other one is the sheet's.
const START_CSS = ['main', 'library'];
// `--low-memory-unused`: wasm-opt may fold a constant added to an address into the
// load's or store's offset, which holds unless the app reads or writes below 1 KB. Rust
// puts the stack first (`__stack_pointer` starts at 1 MiB and grows down) and the data
// above it, so only a stack within 1 KB of overflowing reaches there. About 2–3 KB gzip
// less on every sheet's deep link, as fast (bench/README.md, "a steadier yardstick").
// `--strip-target-features`: the section naming the wasm features the linker used
// (wasm-bindgen has read it by now; a browser never does), in every file.
const WASM_OPT = [
  '-Oz', '--low-memory-unused', '--strip-debug', '--strip-producers', '--strip-target-features', '--enable-bulk-memory', '--enable-nontrapping-float-to-int',
  '--enable-sign-ext', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue',
];

// SPLIT_KEEP_NAMES=1 keeps function names in every file, for readable stack traces.
if (process.env.SPLIT_KEEP_NAMES) WASM_OPT.splice(WASM_OPT.indexOf('--strip-debug'), 2, '-g');
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
const fail = (msg) => {
  console.error(`split: ${msg}`);
  process.exit(1);
};

const js = readdirSync(dist).find((f) => /^sheetwright-[0-9a-f]+\.js$/.test(f));
if (!js) fail(`no sheetwright-<hash>.js in ${dist}: run trunk build first`);
const stem = js.slice(0, -'.js'.length);
const hash = stem.slice('sheetwright-'.length);
const meta = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { encoding: 'utf8' }));
const linked = join(meta.target_directory, 'wasm32-unknown-unknown', 'release', 'sheetwright.wasm');
if (!existsSync(linked)) fail(`no ${linked}`);

const work = mkdtempSync(join(tmpdir(), 'sheetwright-split-'));
try {
  // 1. Split.
  const parts = join(work, 'parts');
  run('wasm-split-cli', [linked, parts, '--out-name', stem, ...Object.entries(WITHIN).flatMap(([m, o]) => ['--within', `${m}=${o}`])]);
  const link = readFileSync(join(parts, '__wasm_split.js'), 'utf8');
  const chunks = readdirSync(parts).filter((f) => /^(split_\w+|chunk_\d+)\.wasm$/.test(f));
  if (!chunks.some((f) => f.startsWith('split_'))) fail('wasm-split-cli made no chunk: are there split points?');

  // 2. wasm-bindgen on the main module.
  const bound = join(work, 'bound');
  run('wasm-bindgen', [
    '--target', 'web', '--no-typescript', '--keep-lld-exports', '--no-demangle',
    '--out-dir', bound, '--out-name', stem, join(parts, `${stem}.wasm`),
  ]);

  // 3. wasm-opt on every wasm file, 4. named with the build's hash.
  const named = (f) => f.replace(/\.wasm$/, `-${hash}.wasm`);
  const linkName = `__wasm_split-${hash}.js`;
  // Each file's functions first put in the order gzip compresses best
  // (scripts/order-functions.mjs); wasm-opt keeps it. wasm-opt runs twice: the second
  // pass still finds about 0.6 KB over the build, a third makes it larger.
  const shrink = (from, to) => {
    orderFunctions(from);
    run('wasm-opt', [...WASM_OPT, from, '-o', to]);
    run('wasm-opt', [...WASM_OPT, to, '-o', to]);
  };
  shrink(join(bound, `${stem}_bg.wasm`), join(dist, `${stem}_bg.wasm`));
  for (const f of chunks) shrink(join(parts, f), join(dist, named(f)));
  let mainJs = readFileSync(join(bound, `${stem}.js`), 'utf8');
  // Only the JS import's path: the wasm's own import keeps the module name it was
  // linked with.
  const importPath = /(from\s*["'])\.\/__wasm_split\.js(["'])/g;
  if (!importPath.test(mainJs)) fail('the main module does not import the chunk loader');
  mainJs = mainJs.replace(importPath, `$1./${linkName}$2`);
  const small = async (code) => (await minify(code, { module: true, format: { comments: false } })).code;
  writeFileSync(join(dist, js), await small(mainJs));
  if (existsSync(join(bound, 'snippets'))) cpSync(join(bound, 'snippets'), join(dist, 'snippets'), { recursive: true });
  let linkJs = link;
  for (const f of chunks) linkJs = linkJs.replaceAll(`"./${f}"`, `"./${named(f)}"`);
  writeFileSync(join(dist, linkName), await small(linkJs));

  // Which files each split point loads: its own and the shared chunks it waits for.
  const chunkVars = new Map();
  for (const m of link.matchAll(/const (__chunk_\d+) = makeLoad\([\s\S]*?"\.\/(chunk_\d+\.wasm)"/g)) {
    chunkVars.set(m[1], named(m[2]));
  }
  const families = {};
  for (const m of link.matchAll(/export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(([\s\S]*?), \[([^\]]*)\]\)\);/g)) {
    const own = /"\.\/(split_\w+\.wasm)"/.exec(m[2]);
    const deps = m[3].split(',').map((s) => s.trim()).filter(Boolean).map((v) => chunkVars.get(v));
    if (deps.some((d) => !d)) fail(`split point ${m[1]} waits for a chunk the loader does not name`);
    families[m[1]] = [...(own ? [named(own[1])] : []), ...deps];
  }
  for (const family of ['documents', 'symbaroum', 'heimr', ...TABS, ...LATER, ...PAGES]) {
    if (!families[family]?.length) fail(`no chunk for ${family} (found: ${Object.keys(families).join(', ')})`);
  }
  // A sheet reads its character through the documents chunk: a deep link fetches both.
  for (const family of ['symbaroum', 'heimr']) {
    families[family] = [...new Set([...families.documents, ...families[family]])];
  }

  // 5. The sheet's stylesheets in one file, out of index.html.
  let html = readFileSync(join(dist, 'index.html'), 'utf8');
  // (Trunk's minified page drops quotes and sorts attributes.)
  const cssLinks = [...html.matchAll(/<link\b[^>]*?\bhref="?\.\/([\w-]+?)-([0-9a-f]+)\.css"?[^>]*>/g)].filter((m) => /\brel="?stylesheet\b/.test(m[0]));
  const sheetCss = cssLinks.filter((m) => !START_CSS.includes(m[1]));
  if (sheetCss.length === 0 || sheetCss.length === cssLinks.length) fail('could not tell the sheet\'s stylesheets from the list\'s');
  const cssName = `sheet-styles-${hash}.css`;
  writeFileSync(join(dist, cssName), sheetCss.map((m) => readFileSync(join(dist, `${m[1]}-${m[2]}.css`), 'utf8')).join('\n'));
  for (const m of sheetCss) {
    html = html.replace(m[0], '');
    unlinkSync(join(dist, `${m[1]}-${m[2]}.css`));
  }
  // The list's stylesheets in one file too (one request on the start path), in their
  // order in index.html, where the first of them was.
  const startCss = cssLinks.filter((m) => START_CSS.includes(m[1]));
  const startName = `start-styles-${hash}.css`;
  writeFileSync(join(dist, startName), startCss.map((m) => readFileSync(join(dist, `${m[1]}-${m[2]}.css`), 'utf8')).join('\n'));
  startCss.forEach((m, i) => {
    html = html.replace(m[0], i === 0 ? `<link rel="stylesheet" href="./${startName}">` : '');
    unlinkSync(join(dist, `${m[1]}-${m[2]}.css`));
  });
  const manifest = { css: cssName, link: linkName, ...families };
  const deepLink = (await minify(readFileSync(new URL('../assets/deep-link.js', import.meta.url), 'utf8'), { format: { comments: false } })).code;
  const head =
    `<meta name="sheet-css" content="${cssName}">` +
    `<script type="application/json" id="chunks">${JSON.stringify(manifest)}</script>` +
    `<script>${deepLink}</script>`;
  // The start path's requests first: the wasm's preload and the module's before the
  // stylesheets (Trunk puts them last in <head>).
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="?(?:modulepreload|preload)"?[^>]*>/g)].map((m) => m[0]);
  if (preloads.length === 0) fail('index.html has no preload of the wasm');
  for (const p of preloads) html = html.replace(p, '');
  if (!/<\/title>/.test(html)) fail('index.html has no <title>');
  html = html.replace(/<\/title>/, (t) => t + preloads.join(''));
  if (!html.includes('</head>')) fail('index.html has no </head>');
  html = html.replace('</head>', `${head}</head>`);
  writeFileSync(join(dist, 'index.html'), html);
  console.log(`split: start path ${stem}_bg.wasm; chunks ${JSON.stringify(families)}; sheet styles ${cssName}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
