// Which files of a build a visit fetches: the start path (a first visit to the list:
// index.html and what it links and imports — JS and what that imports, wasm, CSS,
// icon, manifest — plus the service worker it registers), a cold deep link to a sheet
// (the start path and that family's chunks and stylesheet, as index.html's chunk
// manifest names them), and which the service worker caches for offline. Shared by the
// byte gates and the benchmark.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const fetched = /\.(html|js|mjs|wasm|css|svg|webmanifest|json)$/;

export function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** The files a first visit of `dist`'s list fetches (the start path), sorted. */
export function firstVisitFiles(dist) {
  const page = join(dist, 'index.html');
  const html = readFileSync(page, 'utf8');
  const files = new Set([page]);
  const add = (base, ref) => {
    const p = join(base, ref.replace(/^\.\//, ''));
    if (fetched.test(p) && existsSync(p) && !files.has(p)) {
      files.add(p);
      // A module's static imports are fetched with it.
      if (/\.m?js$/.test(p)) {
        for (const m of readFileSync(p, 'utf8').matchAll(/\b(?:import|from)\s*['"](\.\/[^'"]+)['"]/g)) add(dirname(p), m[1]);
      }
    }
  };
  // Attribute values quoted or not (a minified page drops the quotes), and the
  // './file' strings of the inline module script.
  for (const m of html.matchAll(/(?:href|src)=(?:"([^"#?]+)"|([^\s"'>#?]+))|'\.\/([^']+)'/g)) add(dist, m[1] || m[2] || m[3]);
  const sw = join(dist, 'sw.js');
  if ([...files].some((p) => p.endsWith('register-sw.js')) && existsSync(sw)) files.add(sw);
  return [...files].sort();
}

/** The chunk manifest scripts/split.mjs wrote into index.html, or null. */
export function chunkManifest(dist) {
  const m = /<script type="?application\/json"? id="?chunks"?>([^<]*)<\/script>/.exec(readFileSync(join(dist, 'index.html'), 'utf8'));
  return m ? JSON.parse(m[1]) : null;
}

/**
 * What a cold deep link to a sheet of `family` ('symbaroum' or 'heimr') fetches: on its
 * first tab, or with `tab` ('combat' or 'gear') on that tab, whose chunk it fetches too.
 */
export function deepLinkFiles(dist, family, tab) {
  const m = chunkManifest(dist);
  const tabFiles = tab ? m?.[`${family}_${tab}`] : [];
  if (!m || !m[family] || !tabFiles) throw new Error(`the build has no chunk manifest for ${family} ${tab || ''}`);
  const files = new Set(firstVisitFiles(dist));
  for (const f of [m.css, m.link, ...m[family], ...tabFiles]) files.add(join(dist, f));
  return [...files].sort();
}

/** Every file of the build the service worker caches for offline. */
export function buildFiles(dist) {
  return walk(dist).filter((p) => fetched.test(p) && basename(p) !== '404.html');
}
