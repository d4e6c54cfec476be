// Which files of a build a first visit fetches (index.html and what it links and
// imports: JS, wasm, CSS, icon, manifest, plus the service worker it registers), and
// which the service worker caches for offline. Shared by the byte gate and the
// benchmark.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const fetched = /\.(html|js|mjs|wasm|css|svg|webmanifest|json)$/;

export function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** The files a first visit of `dist` fetches, sorted. */
export function firstVisitFiles(dist) {
  const page = join(dist, 'index.html');
  const html = readFileSync(page, 'utf8');
  const files = new Set([page]);
  // Attribute values quoted or not (a minified page drops the quotes), and the
  // './file' strings of the inline module script.
  for (const m of html.matchAll(/(?:href|src)=(?:"([^"#?]+)"|([^\s"'>#?]+))|'\.\/([^']+)'/g)) {
    const p = join(dist, (m[1] || m[2] || m[3]).replace(/^\.\//, ''));
    if (fetched.test(p) && existsSync(p)) files.add(p);
  }
  const sw = join(dist, 'sw.js');
  if ([...files].some((p) => p.endsWith('register-sw.js')) && existsSync(sw)) files.add(sw);
  return [...files].sort();
}

/** Every file of the build the service worker caches for offline. */
export function buildFiles(dist) {
  return walk(dist).filter((p) => fetched.test(p) && basename(p) !== '404.html');
}
