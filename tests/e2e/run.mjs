// Runs every tests/e2e/*.test.mjs against the release build in dist/.
// E2E_FILTER=text runs only the tests whose name contains it; E2E_FILES=a,b only the
// files whose name contains one of them.
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { run } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const files = process.env.E2E_FILES?.split(',');
for (const f of readdirSync(here).filter((f) => f.endsWith('.test.mjs') && (!files || files.some((w) => f.includes(w)))).sort()) {
  await import(pathToFileURL(`${here}/${f}`).href);
}
await run();
