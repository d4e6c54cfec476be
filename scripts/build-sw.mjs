// Run by scripts/build.sh once every page is built: writes sw.js into the build with
// the list of every file the build produced (all pages' hashed wasm and JS included)
// and a version derived from their contents, so a new build replaces the cache.
//   node scripts/build-sw.mjs dist
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] || 'dist';

function walk(d) {
  return readdirSync(d).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const p = join(d, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const files = walk(dir)
  .map((p) => relative(dir, p).split('\\').join('/'))
  .filter((f) => f !== 'sw.js')
  .sort();
const hash = createHash('sha256');
for (const f of files) {
  hash.update(f);
  hash.update(readFileSync(join(dir, f)));
}
const version = hash.digest('hex').slice(0, 16);
const list = ['./', ...files.map((f) => `./${f}`)];
const template = readFileSync(join(root, 'assets/sw.template.js'), 'utf8');
const sw = template.replace('__VERSION__', version).replace('__FILES__', JSON.stringify(list, null, 2));
writeFileSync(join(dir, 'sw.js'), sw);
console.log(`sw.js: ${list.length} files precached, version ${version}`);
