// Runs every tests/e2e/*.test.mjs against the release build in dist/.
// E2E_FILTER=text runs only the tests whose name contains it.
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { run } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
for (const f of readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort()) {
  await import(pathToFileURL(`${here}/${f}`).href);
}
await run();
