// Serves a finished build on http://127.0.0.1:<port>/ (used by scripts/serve.sh).
//   node scripts/serve-dist.mjs dist 8080
import { serveDist } from '../tests/e2e/harness.mjs';

const [dir = 'dist', port = '8080'] = process.argv.slice(2);
const server = await serveDist(dir, '/', Number(port));
console.log(`Sheetwright on ${server.url} (Ctrl+C stops it)`);
