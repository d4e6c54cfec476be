// Offline on phones: the service worker precaches the whole build, the app works with
// no network, a new build offers "Update available — reload", and the build works
// under a sub-path as on GitHub Pages.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, assertEqual, eventually, printCharacter, serveDist, test, unfold } from './harness.mjs';

const controlled = (page) =>
  eventually(() => page.evaluate(() => !!navigator.serviceWorker.controller), 'the service worker controls the page', 15000);

/** Takes the network away and reloads `page`: `name`'s sheet is there, and its rules
 * run (Might `might` gives that Toughness). */
async function reloadedOffline(context, page, name, might) {
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('#character-name');
  assertEqual(await page.inputValue('#character-name'), name, 'loaded offline');
  await page.fill('#attr-might', might);
  assertEqual(await page.locator('[data-derived=toughness] .derived-value').innerText(), might, 'rules run offline');
}

test('the service worker precaches every file of the build', async (t) => {
  const page = await t.open();
  await controlled(page);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith('sheetwright-')));
    return (await cache.keys()).map((r) => new URL(r.url).pathname.replace(/^\//, ''));
  });
  const built = readdirSync(process.env.DIST || 'dist').filter((f) => !f.startsWith('.') && f !== 'sw.js');
  for (const f of built) assert(cached.includes(f), `${f} is precached (cached: ${cached.join(', ')})`);
  assert(built.some((f) => f.endsWith('.wasm')), 'the hashed wasm is among them');
});

test('offline: the app reloads with no network and an edit persists', async (t) => {
  const context = await t.newContext();
  const page = await t.open({ context });
  await controlled(page);
  await page.fill('#character-name', 'Offline Otto');
  await reloadedOffline(context, page, 'Offline Otto', '14');
  await page.reload();
  await page.waitForSelector('#character-name');
  assertEqual(await page.inputValue('#attr-might'), '14', 'the offline edit persisted');
  await page.click('#back-to-list');
  assert((await page.innerText('.character-list')).includes('Offline Otto'), 'the list works offline');
  await context.setOffline(false);
});

test('a later visit to the list readies the sheet of the character edited last, from the service worker', async (t) => {
  const context = await t.newContext();
  const page = await t.open({ context, ruleset: 'heimr' });
  await page.getByLabel('Name', { exact: true }).fill('Hilde');
  await controlled(page);
  await page.goto(t.url);
  await page.getByRole('listitem').filter({ hasText: 'Hilde' }).waitFor();
  const files = () =>
    page.evaluate(() => {
      const m = JSON.parse(document.getElementById('chunks').textContent);
      const got = performance.getEntriesByType('resource').map((e) => e.name);
      const has = (list) => list.filter((f) => !m.documents.includes(f)).every((f) => got.some((u) => u.endsWith(`/${f}`)));
      return { heimr: has(m.heimr), symbaroum: has(m.symbaroum) };
    });
  await eventually(async () => (await files()).heimr, 'the Heimr sheet’s files, fetched in idle time');
  assert(!(await files()).symbaroum, 'and not the other family’s');
  // Opening the sheet is then at once.
  await page.getByRole('link', { name: /Hilde/ }).click();
  await page.getByRole('heading', { name: 'Attributes' }).first().waitFor();
});

test('after one visit to the list, a sheet of every ruleset opens offline on every tab, and prints', async (t) => {
  const context = await t.newContext();
  const page = await t.openLibrary({ context });
  assert(await page.isVisible('[data-screen=library]'), 'the first visit shows the list');
  // The list's first visit fetched no sheet's chunk (only, once the list was drawn,
  // the documents'): the sheets come from the service worker's cache alone.
  const { fetched, sheets } = await page.evaluate(() => {
    const m = JSON.parse(document.getElementById('chunks').textContent);
    const parts = Object.entries(m).filter(([k, v]) => k !== 'documents' && Array.isArray(v)).flatMap(([, v]) => v);
    const sheets = [...parts, m.css].filter((f) => !m.documents.includes(f));
    return { fetched: performance.getEntriesByType('resource').map((e) => e.name), sheets };
  });
  assert(sheets.length > 2, `the manifest names the sheets' files (${sheets.join(', ')})`);
  assert(!fetched.some((u) => sheets.some((f) => u.endsWith(`/${f}`))), `the list fetched no sheet chunk (${fetched.join(', ')})`);
  await controlled(page);
  await context.setOffline(true);
  const tabs = page.getByRole('navigation', { name: 'Sheet tabs' });
  const checks = {
    Sheet: () => page.getByRole('heading', { name: 'Attributes' }).first(),
    Combat: (heimr) => (heimr ? page.getByRole('button', { name: 'New turn' }).first() : page.getByRole('heading', { name: 'Weapons' }).first()),
    'Gear & XP': () => page.getByRole('heading', { name: /Experience/ }).first(),
  };
  for (const ruleset of ['homebrew', 'homebrew-draft', 'symbaroum', 'heimr']) {
    await page.selectOption('#new-ruleset', ruleset);
    await page.click('#new-character');
    await page.waitForSelector('#character-name');
    await page.getByLabel('Name', { exact: true }).fill(`Offline ${ruleset}`);
    for (const [tab, visible] of Object.entries(checks)) {
      await tabs.getByRole('link', { name: tab }).click();
      await visible(ruleset === 'heimr').waitFor({ state: 'visible' });
    }
    // Styled from the sheet's own stylesheet, offline too.
    const rules = await page.evaluate(() => document.querySelector('link[data-sheet-css]')?.sheet?.cssRules.length ?? 0);
    assert(rules > 100, `the sheet's stylesheet is in force offline (${ruleset}: ${rules} rules)`);
    await printCharacter(page);
    await page.emulateMedia({ media: 'print' });
    const paper = await page.evaluate(() => document.body.innerText);
    assert(paper.includes(`Offline ${ruleset}`), `${ruleset} prints offline`);
    await page.emulateMedia({ media: 'screen' });
    await page.click('#back-to-list');
    await page.waitForSelector('[data-screen=library]');
  }
  await context.setOffline(false);
});

test('import and share come in a chunk of their own: a deep link never fetches it, one that cannot be fetched says so and imports nothing, and the next try imports', async (t) => {
  const context = await t.newContext({ width: 390, height: 844 }, { serviceWorkers: 'block' });
  const fetched = [];
  let blocked = false;
  await context.route(/split_transfers-/, (route) => {
    fetched.push(route.request().url());
    return blocked ? route.abort() : route.continue();
  });
  const made = await t.open({ context, ruleset: 'heimr' });
  await made.getByLabel('Name', { exact: true }).fill('Deep Dagny');
  const address = made.url();
  await made.close();
  const sheet = await context.newPage();
  await sheet.goto(address);
  await sheet.getByRole('heading', { level: 1, name: 'Deep Dagny' }).waitFor();
  // Every tab's and panel's chunks are fetched in idle time once the sheet is drawn.
  await sheet.waitForTimeout(1500);
  assertEqual(fetched.length, 0, 'requests for import and share\'s chunk from a sheet');

  const grumpa = readFileSync(new URL('../fixtures/v1.json', import.meta.url), 'utf8');
  const importIt = () => sheet.setInputFiles('#import-file', { name: 'grumpa.json', mimeType: 'application/json', buffer: Buffer.from(grumpa) });
  await sheet.getByRole('link', { name: 'Characters' }).click();
  await sheet.waitForSelector('[data-screen=library]');
  const grumpas = () => sheet.getByRole('list', { name: 'Characters' }).getByRole('listitem').filter({ has: sheet.getByText('Grumpa the Ogre', { exact: true }) });
  blocked = true;
  await importIt();
  await sheet.getByRole('status').filter({ hasText: 'part of the app did not load' }).waitFor();
  t.problems.splice(0, t.problems.length, ...t.problems.filter((p) => !/Failed to fetch|ERR_FAILED|TypeError/.test(p) || /panicked|unreachable/.test(p)));
  assert(fetched.length > 0, 'the import asked for its chunk');
  assertEqual(await grumpas().count(), 0, 'characters named Grumpa after a failed import');
  blocked = false;
  await importIt();
  await sheet.locator('#import-message').filter({ hasText: 'Imported 1 character.' }).waitFor();
  await grumpas().waitFor();
  await context.close();
});

test('a cold deep link to a sheet fetches its chunks and stylesheet beside the start path', async (t) => {
  for (const ruleset of ['symbaroum', 'heimr']) {
    const context = await t.newContext();
    const made = await t.open({ context, ruleset });
    await made.getByLabel('Name', { exact: true }).fill(`Deep ${ruleset}`);
    const address = made.url();
    await made.close();
    const page = await context.newPage();
    const tab = ruleset === 'heimr' ? 'combat' : 'gear';
    await page.goto(`${address}/${tab}`);
    await page.getByRole('heading', { level: 1, name: `Deep ${ruleset}` }).waitFor();
    const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel=preload][as=fetch]')].map((l) => l.getAttribute('href')));
    const manifest = await page.evaluate(() => JSON.parse(document.getElementById('chunks').textContent));
    // The sheet's files and the open tab's.
    for (const f of [...manifest[ruleset], ...manifest[`${ruleset}_${tab}`]]) {
      assert(preloaded.includes(f), `${ruleset}: ${f} preloaded by index.html (${preloaded.join(', ')})`);
    }
    await context.close();
  }
});

test('a deep link to a sheet fetches the other tabs and the roll panel only once the sheet is drawn, and opening them then waits for nothing', async (t) => {
  // Each family: its sheet's split point, what shows once a tab is open, and how a roll opens.
  const families = [
    { ruleset: 'homebrew', sheet: 'symbaroum', combat: 'Weapons', gear: /Experience/, roll: /^Roll .* test$/, go: 'Roll' },
    { ruleset: 'heimr', sheet: 'heimr', combat: 'Defences', gear: 'Training', roll: 'Roll Perception', go: 'Roll Perception' },
  ];
  for (const f of families) {
    const context = await t.newContext({ width: 390, height: 844 }, { serviceWorkers: 'block' });
    const made = await t.open({ context, ruleset: f.ruleset });
    await made.getByLabel('Name', { exact: true }).fill('Idle Ida');
    const address = made.url();
    await made.close();
    const page = await context.newPage();
    await page.goto(address);
    await page.getByRole('heading', { name: 'Attributes' }).waitFor();
    const manifest = await page.evaluate(() => JSON.parse(document.getElementById('chunks').textContent));
    const parts = ['combat', 'gear', 'rolls'].map((p) => `${f.sheet}_${p}`);
    const later = parts.flatMap((p) => manifest[p]).filter((file) => !manifest[f.sheet].includes(file));
    assert(later.length >= 3, `${f.ruleset}: the manifest names the later parts' files (${later.join(', ')})`);
    const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel=preload][as=fetch]')].map((l) => l.getAttribute('href')));
    assert(!preloaded.some((file) => later.includes(file)), `${f.ruleset}: the deep link preloads none of them (${preloaded.join(', ')})`);
    // In idle time once the sheet is drawn.
    const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    await eventually(async () => {
      const got = await fetched();
      return later.every((file) => got.some((u) => u.endsWith(`/${file}`)));
    }, `${f.ruleset}: the other tabs and the roll panel, fetched in idle time`, 15000);
    // Then nothing more is fetched to open them.
    await context.route(/split_|chunk_/, (route) => route.abort());
    const tabs = page.getByRole('navigation', { name: 'Sheet tabs' });
    await tabs.getByRole('link', { name: 'Combat' }).click();
    await page.getByRole('heading', { name: f.combat }).first().waitFor();
    await tabs.getByRole('link', { name: 'Gear & XP' }).click();
    await page.getByRole('heading', { name: f.gear }).first().waitFor();
    await tabs.getByRole('link', { name: 'Sheet' }).click();
    await page.getByRole('button', { name: f.roll }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: f.go, exact: true }).waitFor();
    await context.close();
  }
});

test('a tab or the roll panel whose chunk cannot be fetched says so where it would be, and "Try again" opens it', async (t) => {
  mkdirSync('screenshots', { recursive: true });
  const expected = () =>
    t.problems.splice(0, t.problems.length, ...t.problems.filter((p) => !/Failed to fetch|ERR_FAILED|TypeError/.test(p) || /panicked|unreachable/.test(p)));
  for (const [viewport, theme] of [[{ width: 390, height: 844 }, 'light'], [{ width: 1280, height: 800 }, 'dark']]) {
    const context = await t.newContext(viewport, { colorScheme: theme, serviceWorkers: 'block' });
    let blocked = true;
    await context.route(/split_heimr_combat|split_symbaroum_rolls/, (route) => (blocked ? route.abort() : route.continue()));
    // A tab: the message in the tab, the rest of the sheet still there.
    const page = await t.open({ context, ruleset: 'heimr' });
    await page.getByLabel('Name', { exact: true }).fill('Blocked Bo');
    await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Combat' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.waitFor();
    assert((await alert.innerText()).includes('Your characters are safe'), 'the message reassures');
    assert(await page.getByRole('heading', { level: 1, name: 'Blocked Bo' }).isVisible(), 'the sheet is still there');
    await page.screenshot({ path: `screenshots/tab-failed-${viewport.width}-${theme}.png` });
    expected();
    // Online, "Try again" reloads the page, and the tab opens.
    blocked = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'New turn' }).first().waitFor();
    assert((await page.innerText('h1')).includes('Blocked Bo'), 'the edit was kept across the reload');
    // The roll panel: the message over the sheet, with Close.
    blocked = true;
    await page.click('#back-to-list');
    await page.selectOption('#new-ruleset', 'symbaroum');
    await page.click('#new-character');
    await page.getByRole('button', { name: /^Roll .* test$/ }).first().click();
    await alert.waitFor();
    await page.screenshot({ path: `screenshots/roll-panel-failed-${viewport.width}-${theme}.png` });
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await eventually(async () => (await alert.count()) === 0, 'Close takes the message away');
    expected();
    // Once the chunk can be had, the next tap opens the panel.
    blocked = false;
    await page.getByRole('button', { name: /^Roll .* test$/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Roll', exact: true }).waitFor();
    await context.close();
  }
});

test('a sheet whose chunk cannot be fetched says so with "Try again", and opens when it can', async (t) => {
  mkdirSync('screenshots', { recursive: true });
  for (const [viewport, theme] of [[{ width: 390, height: 844 }, 'light'], [{ width: 1280, height: 800 }, 'dark']]) {
    const context = await t.newContext(viewport, { colorScheme: theme, serviceWorkers: 'block' });
    const page = await t.openLibrary({ context });
    // No service worker (so nothing cached) and the network failing for the chunks.
    let blocked = true;
    await context.route(/split_|chunk_/, (route) => (blocked ? route.abort() : route.continue()));
    await page.click('#new-character');
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.waitFor();
    assert((await alert.innerText()).includes('Your characters are safe'), 'the message reassures');
    await page.screenshot({ path: `screenshots/chunk-failed-${viewport.width}-${theme}.png` });
    // The loader logs the failed fetch; that is expected here, and nothing panicked.
    const expected = () =>
      t.problems.splice(0, t.problems.length, ...t.problems.filter((p) => !/Failed to fetch|ERR_FAILED|ERR_INTERNET_DISCONNECTED|TypeError/.test(p) || /panicked|unreachable/.test(p)));
    expected();
    // Offline, "Try again" tries the chunk again in place (a reload would find no
    // page); it still cannot be had.
    await page.evaluate(() => (window.__stayed = true));
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor();
    assert(await page.evaluate(() => window.__stayed === true), 'offline, the page was not reloaded');
    expected();
    // Online again, "Try again" reloads the page (which also mends a page whose chunks
    // another tab's update replaced), and the sheet opens.
    await context.setOffline(false);
    blocked = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Attributes' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Reached');
    await page.click('#back-to-list');
    assert((await page.innerText('.character-list')).includes('Reached'), 'the character was kept and edited');
    await context.close();
  }
});

test('an address inside the page the app does not have (#/zzz, #/c/, #//) opens the list with "no such page"', async (t) => {
  const page = await t.openLibrary();
  for (const hash of ['#/zzz', '#/c/', '#/share', '#//', '#///packs']) {
    await page.goto(t.url + hash);
    await page.reload();
    await page.waitForSelector('[data-screen=library]');
    const note = page.getByRole('alert').filter({ hasText: 'There is no page at' });
    await note.waitFor();
    assert((await note.innerText()).includes(hash), `names ${hash}: ${await note.innerText()}`);
  }
  await page.goto(t.url + '#/');
  await page.reload();
  await page.waitForSelector('[data-screen=library]');
  assertEqual(await page.locator('#no-such-page').count(), 0, 'the list itself has no such message');
});

test('inside another page\'s frame the app does not start, not even a shared link\'s question', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'sheetwright-framer-'));
  const framed = t.url + '#/share/H4sIAAAAAAAAA6tWKkpNzMnMS1WyUlJKTC5JLS4BAJ3z0LEUAAAA';
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Another site</title><iframe src="${framed}" width="900" height="700"></iframe>`);
  const other = await serveDist(dir);
  try {
    const page = await (await t.newContext()).newPage();
    await page.goto(other.url);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('alert').filter({ hasText: 'does not run inside another page' }).waitFor();
    assertEqual(await frame.locator('[data-screen=library]').count(), 0, 'no list in the frame');
    assertEqual(await frame.getByRole('button', { name: /Import|Replace|Keep both/ }).count(), 0, 'no import question in the frame');
    const link = frame.getByRole('link', { name: 'Open Sheetwright on its own' });
    assertEqual(await link.getAttribute('target'), '_blank', 'the way out opens the app on its own');
  } finally {
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a new build offers "Update available — reload" and reloading switches to it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'sheetwright-update-'));
  cpSync(process.env.DIST || 'dist', dir, { recursive: true });
  const server = await serveDist(dir);
  try {
    const context = await t.newContext();
    const page = await context.newPage();
    page.on('pageerror', (e) => t.problems.push(`page error: ${e.message}`));
    await page.goto(server.url);
    await page.waitForSelector('[data-screen=library]');
    await controlled(page);
    const before = await page.evaluate(async () => (await caches.keys()).find((n) => n.startsWith('sheetwright-')));
    assert(!(await page.isVisible('#update-banner')), 'no banner before an update');
    // "Deploy" a new build: change a file and regenerate sw.js.
    const css = readdirSync(dir).find((f) => f.startsWith('start-styles-') && f.endsWith('.css'));
    writeFileSync(join(dir, css), readFileSync(join(dir, css), 'utf8') + '\n/* new build */\n');
    execFileSync('node', ['scripts/build-sw.mjs', dir]);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForSelector('#update-banner', { timeout: 15000 });
    assert((await page.innerText('#update-banner')).includes('Update available'), 'banner text');
    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await page.waitForSelector('[data-screen=library]');
    const after = await eventually(
      () => page.evaluate(async () => {
        const k = (await caches.keys()).filter((n) => n.startsWith('sheetwright-'));
        return k.length === 1 ? k[0] : null;
      }),
      'the old cache replaced',
    );
    assert(after !== before, `the cache is the new build's (${before} → ${after})`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('served under a sub-path and gzip-compressed like GitHub Pages, the app, its deep links and its offline copy work', async (t) => {
  const server = await serveDist(process.env.DIST || 'dist', '/sheetwright/', 0, { gzip: true });
  try {
    const context = await t.newContext();
    const page = await context.newPage();
    const failed = [];
    const packed = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      if (r.url().endsWith('.wasm')) packed.push(r.headers()['content-encoding']);
    });
    page.on('pageerror', (e) => t.problems.push(`page error: ${e.message}`));
    await page.goto(server.url);
    await page.waitForSelector('[data-screen=library]');
    await page.click('#new-character');
    await page.waitForSelector('#character-name');
    await page.fill('#character-name', 'Sub Path Sam');
    await eventually(() => page.evaluate(() => Object.values(localStorage).some((v) => v.includes('Sub Path Sam'))), 'the name saved');
    const deep = page.url();
    assert(deep.startsWith(server.url + '#/c/'), `a deep link under the sub-path: ${deep}`);
    const fresh = await context.newPage();
    await fresh.goto(deep);
    await fresh.waitForSelector('#character-name');
    assertEqual(await fresh.inputValue('#character-name'), 'Sub Path Sam', 'the deep link opens the sheet');
    await controlled(fresh);
    const scope = await fresh.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope);
    assertEqual(scope, server.url, 'the service worker is scoped to the sub-path');
    const manifest = await fresh.evaluate(async () => {
      const href = document.querySelector('link[rel=manifest]').href;
      return { href, json: await (await fetch(href)).json() };
    });
    assert(manifest.href.startsWith(server.url), 'manifest under the sub-path');
    assertEqual(new URL(manifest.json.start_url, manifest.href).href, server.url, 'start URL is the sub-path');
    assertEqual(failed.length, 0, `failed requests: ${failed.join(', ')}`);
    assert(packed.length > 0 && packed.every((e) => e === 'gzip'), `the wasm came gzip-compressed: ${packed.join(', ')}`);
    // The worker's copy of the compressed files opens the deep link with no network.
    await reloadedOffline(context, fresh, 'Sub Path Sam', '13');
    await context.setOffline(false);
  } finally {
    await server.close();
  }
});

test('the manifest makes the app installable', async (t) => {
  const page = await t.openLibrary();
  const m = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
  assertEqual(m.display, 'standalone', 'display');
  assert(m.name && m.short_name && m.theme_color && m.background_color, 'names and colours');
  const sizes = m.icons.map((i) => `${i.sizes}/${i.purpose}`);
  for (const s of ['192x192/any', '512x512/any', '512x512/maskable']) assert(sizes.includes(s), `icon ${s}`);
  for (const icon of m.icons) {
    const status = await page.evaluate(async (src) => (await fetch(src)).status, icon.src);
    assertEqual(status, 200, `icon ${icon.src} is served`);
  }
});

test('an address the app does not have opens the list with "no such page", online and offline, under a sub-path too', async (t) => {
  const server = await serveDist(process.env.DIST || 'dist', '/sheetwright/');
  // Looking for the app's folder, the 404 page asks for manifests that are not there;
  // the browser logs those 404s, which are expected here.
  const expected = (p) => /status of 404/.test(p);
  try {
    const context = await t.newContext();
    const page = await context.newPage();
    page.on('pageerror', (e) => t.problems.push(`page error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && !expected(m.text()) && t.problems.push(`console error: ${m.text()}`));
    for (const path of ['no/such/page.html', 'sub/']) {
      await page.goto(server.url + path);
      await page.waitForSelector('#no-such-page');
      assert((await page.innerText('#no-such-page')).includes(`/sheetwright/${path}`), `names the address ${path}`);
      assertEqual(new URL(page.url()).pathname, '/sheetwright/', 'on the app’s own page');
      await page.waitForSelector('[data-screen=library] h1');
    }
    await controlled(page);
    await context.setOffline(true);
    await page.goto(server.url + 'elsewhere/deeper/page');
    await page.waitForSelector('#no-such-page');
    assert((await page.innerText('#no-such-page')).includes('/sheetwright/elsewhere/deeper/page'), 'offline too');
    await page.click('#new-character');
    await page.waitForSelector('#character-name');
    await context.setOffline(false);
  } finally {
    await server.close();
  }
});

test('every chunk a sheet fetches later loads for real where its part is shown; one that cannot be fetched says so there, and "Try again" brings it', async (t) => {
  const tab = (name) => async (page) => page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name }).click();
  const roll = (name) => async (page) => page.getByRole('button', { name }).first().click();
  const packOffers = async (page) => {
    await tab('Gear & XP')(page);
    const abilities = page.locator('.advance-sheet').getByRole('region', { name: 'Abilities' });
    await unfold(abilities, 'Add an ability…');
  };
  // Each chunk (its file `split_<chunk>`), a sheet that needs it, what brings its part
  // on screen, and what the part shows once drawn.
  const parts = [
    { chunk: 'symbaroum_combat', ruleset: 'symbaroum', go: tab('Combat'), shown: (p) => p.locator('#toughness-max') },
    { chunk: 'symbaroum_gear', ruleset: 'symbaroum', go: tab('Gear & XP'), shown: (p) => p.getByRole('heading', { name: 'Experience' }) },
    { chunk: 'symbaroum_rolls', ruleset: 'homebrew', go: roll(/^Roll .* test$/), shown: (p) => p.getByRole('dialog').getByRole('button', { name: 'Roll', exact: true }) },
    { chunk: 'pack_use', ruleset: 'symbaroum', go: packOffers, shown: (p) => p.locator('.pack-offers').getByRole('link', { name: 'Campaign packs' }) },
    { chunk: 'heimr_combat', ruleset: 'heimr', go: tab('Combat'), shown: (p) => p.getByRole('heading', { name: 'Defences' }) },
    { chunk: 'heimr_gear', ruleset: 'heimr', go: tab('Gear & XP'), shown: (p) => p.getByRole('heading', { name: 'Training' }) },
    { chunk: 'heimr_rolls', ruleset: 'heimr', go: roll('Roll Perception'), shown: (p) => p.getByRole('dialog').getByRole('button', { name: 'Roll Perception' }) },
  ];
  const expected = () =>
    t.problems.splice(0, t.problems.length, ...t.problems.filter((p) => !/Failed to fetch|ERR_FAILED|TypeError/.test(p) || /panicked|unreachable/.test(p)));
  for (const part of parts) {
    const context = await t.newContext({ width: 390, height: 844 }, { serviceWorkers: 'block' });
    let blocked = true;
    const file = new RegExp(`split_${part.chunk}-`);
    await context.route(file, (route) => (blocked ? route.abort() : route.continue()));
    const page = await t.open({ context, ruleset: part.ruleset });
    await page.getByLabel('Name', { exact: true }).fill(`Kept ${part.chunk}`);
    await part.go(page);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.waitFor();
    assert((await alert.innerText()).includes('Your characters are safe'), `${part.chunk}: the message reassures`);
    assert(!(await part.shown(page).isVisible()), `${part.chunk}: its part is not drawn`);
    assert(await page.getByRole('heading', { level: 1, name: `Kept ${part.chunk}` }).isVisible(), `${part.chunk}: the sheet is still there`);
    expected();
    // Online, "Try again" reloads the page: the chunk is fetched, and the part drawn.
    blocked = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: `Kept ${part.chunk}` }).waitFor();
    await part.go(page);
    await part.shown(page).first().waitFor();
    assertEqual(await alert.count(), 0, `${part.chunk}: no message once loaded`);
    expected();
    await context.close();
  }
});

test('the packs page, the characters\' documents, the tables and an update link, when their chunk cannot be fetched, say so with "Try again", and open once it can be', async (t) => {
  const expected = () =>
    t.problems.splice(0, t.problems.length, ...t.problems.filter((p) => !/Failed to fetch|ERR_FAILED|TypeError/.test(p) || /panicked|unreachable/.test(p)));
  for (const chunk of ['packs', 'documents', 'table', 'update']) {
    const context = await t.newContext({ width: 1280, height: 800 }, { serviceWorkers: 'block' });
    let blocked = false;
    await context.route(new RegExp(`split_${chunk}-`), (route) => (blocked ? route.abort() : route.continue()));
    let shown;
    let page;
    if (chunk === 'packs') {
      page = await t.openLibrary({ context });
      blocked = true;
      await page.goto(`${t.url}#/packs`);
      shown = () => page.getByRole('heading', { level: 1, name: 'Campaign packs' });
    } else if (chunk === 'table') {
      page = await t.openLibrary({ context });
      blocked = true;
      await page.getByRole('link', { name: "Game master's table" }).click();
      shown = () => page.getByRole('heading', { level: 1, name: "Game master's tables" });
    } else if (chunk === 'update') {
      page = await t.openLibrary({ context });
      blocked = true;
      await page.goto(`${t.url}#/update/not-a-link`);
      shown = () => page.getByRole('heading', { level: 1, name: 'Changes from the game master' });
    } else {
      // A character saved before, then a visit that cannot fetch the documents.
      page = await t.open({ context, ruleset: 'heimr' });
      await page.getByLabel('Name', { exact: true }).fill('Stored Sif');
      blocked = true;
      await page.reload();
      shown = () => page.getByRole('heading', { level: 1, name: 'Stored Sif' });
    }
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.waitFor();
    assert((await alert.innerText()).includes('Your characters are safe'), `${chunk}: the message reassures`);
    expected();
    blocked = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await shown().waitFor();
    expected();
    await context.close();
  }
});

test('a deep link to any tab shows one loading state, "Opening the sheet…", never one placeholder after another', async (t) => {
  for (const ruleset of ['symbaroum', 'heimr']) {
    const context = await t.newContext({ width: 390, height: 844 }, { serviceWorkers: 'block' });
    // Every loading text the page shows, from its first paint.
    await context.addInitScript(() => {
      window.__loading = new Set();
      new MutationObserver(() => {
        for (const e of document.querySelectorAll('[aria-busy=true] .frame-note, .tab-loading')) window.__loading.add(e.textContent.trim());
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const first = await t.open({ context, ruleset });
    const id = /#\/c\/([^/]+)/.exec(first.url())[1];
    await first.close();
    for (const tab of ['', '/combat', '/gear']) {
      const page = await context.newPage();
      await page.goto(`${t.url}#/c/${id}${tab}`);
      await page.getByRole('navigation', { name: 'Sheet tabs' }).waitFor();
      await page.locator('.tab-panel:not([hidden])').waitFor();
      await eventually(async () => (await page.locator('[aria-busy=true]').count()) === 0, `${ruleset}${tab}: drawn`);
      const seen = await page.evaluate(() => [...window.__loading].filter((s) => s !== 'Opening your characters…'));
      assertEqual(JSON.stringify(seen), JSON.stringify(['Opening the sheet…']), `${ruleset}${tab}: the loading states shown`);
      await page.close();
    }
    await context.close();
  }
});
