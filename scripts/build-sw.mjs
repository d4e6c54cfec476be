// Trunk post-build hook: writes sw.js into the build with the list of every file the
// build produced (hashed wasm and JS names included) and a version derived from their
// contents, so a new build replaces the cache. Also usable by hand:
//   TRUNK_STAGING_DIR=dist node scripts/build-sw.mjs
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.TRUNK_STAGING_DIR || process.argv[2] || 'dist';

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
