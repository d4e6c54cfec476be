// The character library and data safety: many characters, import/export, and
// nothing a player typed ever lost.
import { mkdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import AxeBuilderModule from '@axe-core/playwright';
import { assert, assertEqual, cardAction, commitAt, eventually, readCopy, test, wordsBrokenAcrossLines } from './harness.mjs';

const AxeBuilder = AxeBuilderModule.default || AxeBuilderModule;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

// The list is its own page: wait until it is on screen (a click on "back" loads it).
const names = async (page) => {
  await page.waitForSelector('[data-screen=library]');
  return page.locator('.character-card .character-name').allInnerTexts();
};
const storeKeys = (page) => page.evaluate(() => Object.keys(localStorage).sort());
const storeSnapshot = (page) =>
  page.evaluate(() => JSON.stringify(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));

/** Creates a character from the list and names it; returns to the list. */
async function create(page, name, ruleset = 'homebrew') {
  await page.selectOption('#new-ruleset', ruleset);
  await page.click('#new-character');
  await page.waitForSelector('#character-name');
  await page.fill('#character-name', name);
  await page.click('#back-to-list');
  await page.waitForSelector('[data-screen=library]');
}

async function downloadText(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

function importFile(page, text, name = 'import.json') {
  return page.setInputFiles('#import-file', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

test('the list is the start screen: create with a ruleset, sorted by last edit', async (t) => {
  const page = await t.openLibrary();
  assert(await page.isVisible('text=No characters yet'), 'empty state shown');
  await create(page, 'Ylva', 'symbaroum');
  await create(page, 'Grumpa', 'homebrew-draft');
  assertEqual(JSON.stringify(await names(page)), '["Grumpa","Ylva"]', 'newest first');
  const first = page.locator('.character-card').first();
  assert((await first.innerText()).includes('Homebrew (draft)'), 'ruleset shown');
  // Editing Ylva moves her to the top.
  await page.click('text=Ylva');
  await page.fill('#attr-might', '12');
  await page.click('#back-to-list');
  assertEqual(JSON.stringify(await names(page)), '["Ylva","Grumpa"]', 'sorted by last edit');
  await page.reload();
  await page.waitForSelector('.character-card');
  assertEqual(JSON.stringify(await names(page)), '["Ylva","Grumpa"]', 'after a reload');
});

test('rename and duplicate', async (t) => {
  const page = await t.openLibrary();
  await create(page, 'Ylva');
  await cardAction(page.locator('.character-card'), 'Rename');
  await page.fill('.rename-input', 'Ylva Stormcrow');
  await page.press('.rename-input', 'Enter');
  assertEqual(JSON.stringify(await names(page)), '["Ylva Stormcrow"]', 'renamed');
  await cardAction(page.locator('.character-card').first(), 'Duplicate');
  assertEqual(JSON.stringify(await names(page)), '["Ylva Stormcrow (2)","Ylva Stormcrow"]', 'duplicated');
  await page.reload();
  await page.waitForSelector('.character-card');
  assertEqual((await names(page)).length, 2, 'both kept after reload');
});

test('delete offers Undo for at least 10 seconds, and Undo brings the character back', async (t) => {
  const context = await t.newContext();
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(t.url);
  await page.waitForSelector('[data-screen=library]');
  await create(page, 'Doomed');
  await cardAction(page.locator('.character-card'), 'Delete');
  assertEqual((await names(page)).length, 0, 'gone from the list');
  await page.clock.fastForward(10_500);
  assert(await page.isVisible('#toast-undo'), 'Undo still offered after 10.5 s');
  await page.click('#toast-undo');
  assertEqual(JSON.stringify(await names(page)), '["Doomed"]', 'restored');
  await page.reload();
  await page.waitForSelector('.character-card');
  assertEqual(JSON.stringify(await names(page)), '["Doomed"]', 'restored for good');
  // Without Undo, the deletion becomes final when the toast goes.
  await cardAction(page.locator('.character-card'), 'Delete');
  await page.clock.fastForward(13_000);
  assert(!(await page.isVisible('#toast-undo')), 'the toast has gone');
  await page.reload();
  await page.waitForSelector('[data-screen=library]');
  assertEqual((await names(page)).length, 0, 'deleted after the undo window');
  // Nothing left of it in the store (the ruleset last chosen is the list's preference).
  assertEqual(JSON.stringify((await storeKeys(page)).filter((k) => k !== 'sheetwright.ruleset')), '[]', 'nothing left in the store');
});

test('export one and all, then import them back with replace or keep both', async (t) => {
  const page = await t.openLibrary();
  await create(page, 'Ylva', 'symbaroum');
  await create(page, 'Grumpa');
  const one = await downloadText(page, () => cardAction(page.locator('.character-card', { hasText: 'Ylva' }), 'Export'));
  assertEqual(one.name, 'ylva.sheetwright.json', 'file name');
  const oneDoc = JSON.parse(one.text);
  assertEqual(oneDoc.format, 'sheetwright', 'format');
  assertEqual(oneDoc.characters.length, 1, 'one character');
  assertEqual(oneDoc.characters[0].ruleset, 'symbaroum', 'ruleset exported');
  const all = await downloadText(page, () => page.click('#export-all'));
  assertEqual(JSON.parse(all.text).characters.length, 2, 'all exported');

  // Same ids again: asked for each. Keep both for Ylva.
  await importFile(page, one.text);
  await page.waitForSelector('#import-conflict');
  assert((await page.innerText('#import-conflict')).includes('Ylva'), 'asks about Ylva');
  await page.click('#import-keep-both');
  await eventually(async () => (await page.innerText('#import-message')).includes('Imported 1 character'), 'import message');
  assertEqual(JSON.stringify((await names(page)).sort()), '["Grumpa","Ylva","Ylva (2)"]', 'kept both');

  // Replace: the stored Grumpa is replaced by the exported one (which has the old name).
  await page.click('text=Grumpa');
  await page.fill('#character-name', 'Grumpa changed');
  await page.click('#back-to-list');
  const grumpa = JSON.parse(all.text);
  grumpa.characters = grumpa.characters.filter((c) => c.name === 'Grumpa');
  await importFile(page, JSON.stringify(grumpa));
  await page.click('#import-replace');
  await eventually(async () => (await names(page)).includes('Grumpa'), 'Grumpa replaced');
  assert(!(await names(page)).includes('Grumpa changed'), 'the stored one was replaced');
  assertEqual((await names(page)).length, 3, 'no duplicate made by replace');
});

test('a bad import names the problem and touches nothing', async (t) => {
  const page = await t.openLibrary();
  await create(page, 'Keeper');
  const before = await storeSnapshot(page);
  const good = JSON.parse((await downloadText(page, () => page.click('#export-all'))).text);
  const variant = (f) => {
    const d = structuredClone(good);
    f(d.characters[0]);
    d.characters[0].id = 'fresh0001';
    return JSON.stringify(d);
  };
  const cases = [
    ['{"format": "sheetwright", "characters": [', 'not valid JSON'],
    ['{"hello": "world"}', 'not a Sheetwright export'],
    [variant((c) => (c.ruleset = 'pathfinder')), 'pathfinder'],
    [variant((c) => (c.attributes.might = 45)), 'Might is 45'],
    [variant((c) => (c.attributes.might = 'strong')), 'cannot be read'],
    // The field named in the player's words and its path, not the parser's text.
    [variant((c) => (c.attributes.might = 'strong')), 'in Attributes › might: a whole number in range was expected, not the text “strong”'],
    [variant((c) => (c.modifiers = [{ source: 'Ring', target: { kind: 'defense' }, amount: 1, active: 'yes' }])), 'in Modifiers › #1 › active: true or false was expected, not the text “yes”'],
    [' '.repeat(5 * 1024 * 1024 + 10), 'limited to 5 MB'],
  ];
  for (const [text, expected] of cases) {
    await importFile(page, text);
    await eventually(async () => (await page.innerText('#import-message')).includes(expected), `message "${expected}"`);
    assert((await page.innerText('#import-message')).includes('Nothing was imported'), 'says nothing was imported');
    assertEqual(await storeSnapshot(page), before, `store untouched by ${expected}`);
    await page.click('#import-message .close');
  }
  assertEqual(JSON.stringify(await names(page)), '["Keeper"]', 'list untouched');
});

test('import by drag-and-drop', async (t) => {
  const page = await t.openLibrary();
  const doc = {
    format: 'sheetwright',
    characters: [
      { schema: 1, id: 'dropped01', name: 'Dropped Dana', ruleset: 'homebrew', updated: 1, attributes: { agility: 10, charisma: 10, exactitude: 10, resolve: 10, might: 14, subtlety: 10, vigilance: 10, wit: 10 } },
    ],
  };
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dana.json', { type: 'application/json' }));
    const target = document.querySelector('[data-screen=library]');
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, JSON.stringify(doc));
  await eventually(async () => (await names(page)).includes('Dropped Dana'), 'the dropped character');
  await page.click('text=Dropped Dana');
  assertEqual(await page.locator('[data-derived=toughness] .derived-value').innerText(), '14', 'its values');
});

test('a corrupt store never blocks the app: bad entries are quarantined byte for byte', async (t) => {
  const page = await t.openLibrary();
  await create(page, 'Survivor');
  const good = JSON.parse(await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('sheetwright.character.')))));
  const future = { ...good, id: 'future1', schema: 99 };
  const types = { ...good, id: 'types1', attributes: { ...good.attributes, might: 'lots' } };
  const bad = {
    'sheetwright.character.trunc1': '{"schema":1,"id":"trunc1","na',
    'sheetwright.character.types1': JSON.stringify(types),
    'sheetwright.character.future1': JSON.stringify(future),
    'sheetwright.character.nonjson1': 'ÿ not json at all \u0000 ✓',
  };
  await page.evaluate((bad) => {
    for (const [k, v] of Object.entries(bad)) localStorage.setItem(k, v);
  }, bad);
  await page.reload();
  await page.waitForSelector('#quarantine-banner');
  assert((await page.innerText('#quarantine-banner')).includes('4 saved entries'), 'counts four');
  assert((await page.innerText('#quarantine-banner')).includes('newer Sheetwright'), 'says why for the future one');
  assertEqual(JSON.stringify(await names(page)), '["Survivor"]', 'the rest loads');
  const stored = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));
  for (const [k, v] of Object.entries(bad)) {
    assert(!(k in stored), `${k} moved out of the way`);
    assertEqual(stored[`sheetwright.quarantine.${k}`], v, `${k} kept byte for byte`);
  }
  const items = page.locator('#quarantine-banner li');
  const idx = await items.evaluateAll((lis) => lis.findIndex((li) => li.innerText.includes('trunc1')));
  const dl = await downloadText(page, () => items.nth(idx).locator('.quarantine-download').click());
  assertEqual(dl.text, bad['sheetwright.character.trunc1'], 'download gives the raw text');
  // The app works normally.
  await page.click('text=Survivor');
  // A sheet page points back to the list, where the set-aside entries are.
  await page.waitForSelector('#quarantine-notice a');
  await page.fill('#attr-might', '13');
  assertEqual(await page.locator('[data-derived=toughness] .derived-value').innerText(), '13', 'sheet works');
});

test('when the browser refuses to save, the app works from memory, warns and offers export', async (t) => {
  const context = await t.newContext();
  await context.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const page = await t.open({ context });
  await page.fill('#character-name', 'Memory Mara');
  await page.fill('#attr-might', '14');
  await page.waitForSelector('#save-warning');
  assert((await page.innerText('#save-warning')).includes('QuotaExceededError'), 'names the cause');
  await page.click('#back-to-list');
  assertEqual(JSON.stringify(await names(page)), '["Memory Mara"]', 'kept in memory');
  assert(await page.isVisible('#save-warning'), 'the warning persists');
  const dl = await downloadText(page, () => page.click('#save-warning-export'));
  const doc = JSON.parse(dl.text);
  assertEqual(doc.characters[0].name, 'Memory Mara', 'export has the unsaved edits');
  assertEqual(doc.characters[0].attributes.might, 14, 'with values');
  // The list and the sheet are routes of one page: the unsaved character goes back
  // and forth with its latest edit, even one made just before leaving.
  await page.click('text=Memory Mara');
  await page.waitForSelector('#attr-might');
  assertEqual(await page.inputValue('#attr-might'), '14', 'back on the sheet');
  await page.fill('#attr-might', '9');
  await page.click('#back-to-list');
  await page.click('text=Memory Mara');
  await page.waitForSelector('#attr-might');
  assertEqual(await page.inputValue('#attr-might'), '9', 'an edit made just before leaving');
});

test('nothing from outside the app becomes a character: a planted window.name is ignored', async (t) => {
  // A character the player has, whose id shows in the sheet's address.
  const page = await t.open();
  await page.fill('#character-name', 'Real Rurik');
  const id = page.url().match(/#\/c\/([^/]+)/)[1];
  await page.waitForTimeout(600);
  // Another page sets window.name to what the earlier build's hand-over read, with a
  // forged version of that character and a new one, then navigates this tab to the app.
  const forged = (cid, name) => ({
    schema: 1, id: cid, name, ruleset: 'homebrew', updated: Date.now() + 1e6,
    attributes: { agility: 10, charisma: 10, exactitude: 10, resolve: 10, might: 30, subtlety: 10, vigilance: 10, wit: 10 },
  });
  await page.goto('about:blank');
  await page.evaluate((docs) => (window.name = 'sheetwright-unsaved:' + JSON.stringify(docs)), [forged(id, 'Forged Rurik'), forged('planted1', 'Planted Pia')]);
  await page.goto(t.url);
  await page.waitForSelector('[data-screen=library]');
  await page.waitForTimeout(600);
  assertEqual(JSON.stringify(await names(page)), '["Real Rurik"]', 'only the player’s own character');
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sheetwright.character.')));
  assertEqual(stored.length, 1, 'nothing planted in the store');
  const kept = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)).name, `sheetwright.character.${id}`);
  assertEqual(kept, 'Real Rurik', 'the player’s character is not overwritten');
});

test('a saved value with a lone surrogate is quarantined with every code unit kept', async (t) => {
  const page = await t.openLibrary();
  const raw = '{"schema":1,"id":"lone1","name":"Broken \uD800 name"}';
  await page.evaluate((r) => localStorage.setItem('sheetwright.character.lone1', r), raw);
  await page.reload();
  await page.waitForSelector('#quarantine-banner');
  assert((await page.innerText('#quarantine-banner')).includes('1 saved entry could not be read and was set aside'), `one entry, in the singular: ${await page.innerText('#quarantine-banner')}`);
  const kept = await page.evaluate(() => localStorage.getItem('sheetwright.quarantine.sheetwright.character.lone1'));
  assert(kept !== null, 'set aside');
  assertEqual(kept.length, raw.length, 'same length');
  assert(kept === raw, 'the exact UTF-16 text, with the lone surrogate (not U+FFFD)');
  assertEqual(await page.evaluate(() => localStorage.getItem('sheetwright.character.lone1')), null, 'moved, not copied');
});

test('while the store refuses writes, a reload loses no edit, and a delete is a delete', async (t) => {
  const context = await t.newContext();
  const page = await t.open({ context });
  await page.fill('#character-name', 'Full Freja');
  await page.waitForTimeout(700);
  // From now on localStorage refuses every write (this page and every reload);
  // the tab's own sessionStorage still takes them.
  const refuse = () => {
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (this === window.localStorage) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return real.call(this, k, v);
    };
  };
  await context.addInitScript(refuse);
  await page.evaluate(refuse);
  await page.fill('#attr-might', '14');
  await page.waitForSelector('#save-warning');
  assert((await page.innerText('#save-warning')).includes('this tab keeps the changes'), 'says what is kept');
  await page.reload();
  await page.waitForSelector('#attr-might');
  assertEqual(await page.inputValue('#attr-might'), '14', 'the refused edit survives the reload');
  assertEqual(await page.inputValue('#character-name'), 'Full Freja', 'with the rest of the character');
  const key = `sheetwright.character.${/#\/c\/([^/?#]+)/.exec(page.url())[1]}`;
  await page.click('#back-to-list');
  await cardAction(page.locator('.character-card'), 'Delete');
  assert((await page.innerText('#toast')).includes('Deleted “Full Freja”'), 'deleted');
  // With localStorage refusing writes, the removal's lasting record is the crash-safe
  // copy's (IndexedDB), written a few milliseconds after the tap. The reload comes at
  // once: the tab's note of the deletion keeps the copy's older version from coming back.
  await page.reload();
  await page.waitForSelector('[data-screen=library]');
  await eventually(async () => (await readCopy(page, key))?.deleted === true, 'the removal in the crash-safe copy');
  assertEqual(JSON.stringify(await names(page)), '[]', 'and still deleted after a reload');
});

test('with storage disabled the app still starts and works', async (t) => {
  const context = await t.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied', 'SecurityError');
      },
    });
  });
  const page = await t.open({ context });
  await page.fill('#attr-might', '13');
  assertEqual(await page.locator('[data-derived=toughness] .derived-value').innerText(), '13', 'works');
  await page.waitForSelector('#save-warning');
});

test('a reload right after typing, or closing the tab, loses nothing', async (t) => {
  const context = await t.newContext();
  const page = await t.open({ context });
  await page.fill('#attr-might', '14');
  await page.fill('#character-name', 'Quick Quill');
  await page.reload(); // no wait: the debounce has not fired
  await page.waitForSelector('#character-name');
  assertEqual(await page.inputValue('#character-name'), 'Quick Quill', 'name after instant reload');
  assertEqual(await page.inputValue('#attr-might'), '14', 'Might after instant reload');
  const address = page.url();
  await page.fill('#attr-wit', '12');
  await page.close({ runBeforeUnload: true });
  const again = await context.newPage();
  await again.goto(address);
  await again.waitForSelector('#attr-wit');
  assertEqual(await again.inputValue('#attr-wit'), '12', 'Wit after closing the tab');
});

test('the list shows its characters before their documents arrive, and an action waits for them', async (t) => {
  mkdirSync('screenshots', { recursive: true });
  // No service worker, so every file comes through the network, where the documents'
  // files are held back until released.
  const context = await t.newContext(PHONE, { serviceWorkers: 'block' });
  const first = await t.openLibrary({ context });
  await create(first, 'Alma');
  await create(first, 'Grim', 'heimr');
  await first.close();
  let release;
  const released = new Promise((ok) => (release = ok));
  let held = 0;
  await context.route(/split_documents|chunk_/, async (route) => {
    held++;
    await released;
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(t.url);
  const card = (name) => page.getByRole('listitem').filter({ hasText: name });
  await card('Alma').waitFor();
  await eventually(async () => held > 0, 'the documents asked for once the list is drawn');
  assert((await card('Alma').innerText()).includes('Homebrew'), 'its ruleset shows');
  assert((await card('Grim').innerText()).includes('Heimr'), 'each card shows its ruleset');
  assertEqual(await card('Alma').locator('.card-numbers').innerText(), '', 'the numbers wait for the documents');
  await page.screenshot({ path: 'screenshots/list-before-documents-390.png' });
  // A tap before the documents are here is done once they are.
  await cardAction(card('Alma'), 'Duplicate');
  release();
  await card('Alma (2)').waitFor();
  await eventually(async () => (await card('Alma (2)').innerText()).replace(/\s+/g, ' ').includes('Toughness 10/10'), 'the copy shows its numbers');
  assert((await card('Grim').innerText()).includes('HP'), 'and every card its own');
});

test('two tabs: an edit in one shows in the other, and no edit is silently dropped', async (t) => {
  const context = await t.newContext();
  const a = await t.open({ context });
  const address = a.url();
  const b = await t.open({ context, path: address.slice(t.url.length) });
  await a.fill('#attr-might', '13');
  await eventually(async () => (await b.inputValue('#attr-might')) === '13', 'tab B shows tab A\'s edit');
  assert((await b.innerText('#toast')).includes('changed in another tab'), 'tab B is told');
  // Both edit at once: the later save wins, and the other tab is told and shows it.
  await a.fill('#attr-wit', '11');
  await b.fill('#attr-wit', '12');
  await eventually(async () => (await a.inputValue('#attr-wit')) === (await b.inputValue('#attr-wit')), 'both tabs agree');
  const final = await a.inputValue('#attr-wit');
  const stored = await a.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('sheetwright.character.')))).attributes.wit);
  assertEqual(String(stored), final, 'the store holds what both tabs show');
  const loser = final === '12' ? a : b;
  assert((await loser.innerText('#toast')).includes('changed in another tab'), 'the tab whose edit was replaced is told');
});

test('two tabs: a character made in one is listed in the other, which writes nothing back and tells the first nothing', async (t) => {
  const context = await t.newContext();
  const list = await t.openLibrary({ context });
  await list.waitForTimeout(1000); // the list's documents are here
  const sheet = await t.open({ context });
  await sheet.fill('#attr-might', '12');
  await card(list, 'Unnamed character').waitFor();
  await sheet.fill('#attr-wit', '11');
  await sheet.waitForTimeout(2500); // past both tabs' save delays
  assertEqual(await sheet.getByText('changed in another tab').count(), 0, 'no other tab edited it');
  const stored = await sheet.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('sheetwright.character.')))).attributes);
  assertEqual(`${stored.might} ${stored.wit}`, '12 11', 'both edits stored');
});

test('two tabs: edits to different fields within a second both survive, in both tabs and the store', async (t) => {
  const context = await t.newContext();
  const a = await t.open({ context });
  const address = a.url();
  const b = await t.open({ context, path: address.slice(t.url.length) });
  // Twelve edits, six in each tab, to different fields, none waiting for a save.
  const fields = ['agility', 'charisma', 'exactitude', 'resolve', 'might', 'subtlety', 'vigilance', 'wit'];
  const mine = { a: ['agility', 'exactitude', 'might'], b: ['charisma', 'resolve', 'subtlety'] };
  for (let i = 0; i < 3; i++) {
    await a.fill(`#attr-${mine.a[i]}`, String(11 + i));
    await b.fill(`#attr-${mine.b[i]}`, String(14 + i));
  }
  await a.fill('#character-name', 'Merged Maja');
  await b.fill('#attr-vigilance', '9');
  const want = { agility: 11, exactitude: 12, might: 13, charisma: 14, resolve: 15, subtlety: 16, vigilance: 9, wit: 10 };
  const shows = async (p) => {
    for (const f of fields) if ((await p.inputValue(`#attr-${f}`)) !== String(want[f])) return false;
    return (await p.inputValue('#character-name')) === 'Merged Maja';
  };
  await eventually(() => shows(a), 'tab A shows every edit', 8000);
  await eventually(() => shows(b), 'tab B shows every edit', 8000);
  await a.waitForTimeout(800);
  const stored = await a.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('sheetwright.character.')))));
  for (const f of fields) assertEqual(stored.attributes[f], want[f], `stored ${f}`);
  assertEqual(stored.name, 'Merged Maja', 'stored name');
});

test('two tabs on a slow phone: twelve edits 40 ms apart, alternating, all kept', async (t) => {
  // Each tab's writes can cross the other's (a tab writes before it has heard of the
  // other's last write): a tab must never take back the other's field with a write
  // of its own stale copy. Both pages run with the CPU slowed four times.
  const context = await t.newContext();
  const a = await t.open({ context });
  const b = await t.open({ context, path: a.url().slice(t.url.length) });
  for (const p of [a, b]) {
    const cdp = await context.newCDPSession(p);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const edits = [
    [a, 'Might', '13'], [b, 'Wit', '12'], [a, 'Occupation', 'Smith'], [b, 'Shadow', 'Green'],
    [a, 'Agility', '11'], [b, 'Charisma', '14'], [a, 'Personal goal', 'Home'], [b, 'Resolve', '9'],
    [a, 'Exactitude', '15'], [b, 'Subtlety', '8'], [a, 'Vigilance', '7'], [b, 'Appearance', 'Tall'],
  ];
  for (const [page, label, value] of edits) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await page.waitForTimeout(40);
  }
  const shows = async (p) => {
    for (const [, label, value] of edits) {
      if ((await p.getByLabel(label, { exact: true }).inputValue()) !== value) return false;
    }
    return true;
  };
  await eventually(() => shows(a), 'tab A shows all twelve edits', 15000);
  await eventually(() => shows(b), 'tab B shows all twelve edits', 15000);
  await a.waitForTimeout(1500);
  assert(await shows(a), 'tab A still shows them once the writes have settled');
  assert(await shows(b), 'tab B still shows them once the writes have settled');
  const stored = await a.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('sheetwright.character.')))));
  assertEqual(stored.attributes.might, 13, 'stored Might');
  assertEqual(stored.attributes.subtlety, 8, 'stored Subtlety');
  assertEqual(stored.about.occupation, 'Smith', 'stored occupation');
  assertEqual(stored.about.appearance, 'Tall', 'stored appearance');
});

test('two tabs: a name typed in one and notes in the other at the same moment are both stored, also on a slow CPU', async (t) => {
  // Each tab commits its edit at a moment set on the shared clock: the same
  // millisecond, then 3, 10 and 30 ms apart with both pages' CPU slowed four times.
  // Both tabs' writes cross (each written before it heard of the other's), and the
  // store, read once both have settled and again from a fresh tab, keeps both edits.
  const context = await t.newContext();
  const a = await t.open({ context });
  const path = a.url().slice(t.url.length);
  const b = await t.open({ context, path });
  const id = a.url().split('#/c/')[1].split('/')[0];
  const stored = () =>
    a.evaluate((id) => JSON.parse(localStorage.getItem(`sheetwright.character.${id}`)), id);
  const rounds = [[0, 1], [3, 4], [10, 4], [30, 4]];
  for (const [apart, rate] of rounds) {
    for (const p of [a, b]) {
      const cdp = await context.newCDPSession(p);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    }
    const name = `Ylva ${apart}`;
    const notes = `Notes at ${apart} ms`;
    const at = Date.now() + 400;
    await Promise.all([commitAt(a, '#character-name', name, at), commitAt(b, '#character-notes', notes, at + apart)]);
    const both = async (p) => (await p.inputValue('#character-name')) === name && (await p.inputValue('#character-notes')) === notes;
    await eventually(() => both(a), `tab A shows both edits (${apart} ms apart)`, 15000);
    await eventually(() => both(b), `tab B shows both edits (${apart} ms apart)`, 15000);
    await eventually(async () => {
      const c = await stored();
      return c.name === name && c.notes === notes;
    }, `the store keeps both edits (${apart} ms apart)`, 8000);
  }
  await a.close();
  await b.close();
  const fresh = await t.open({ context, path });
  assertEqual(await fresh.inputValue('#character-name'), 'Ylva 30', 'a fresh tab shows the last name');
  assertEqual(await fresh.inputValue('#character-notes'), 'Notes at 30 ms', 'and the last notes');
});

test('two tabs: undo takes back only this tab’s own edits', async (t) => {
  const context = await t.newContext();
  const a = await t.open({ context });
  const address = a.url();
  const b = await t.open({ context, path: address.slice(t.url.length) });
  await a.fill('#attr-might', '13');
  await eventually(async () => (await b.inputValue('#attr-might')) === '13', 'tab B shows A’s Might');
  await b.fill('#attr-wit', '12');
  await eventually(async () => (await a.inputValue('#attr-wit')) === '12', 'tab A shows B’s Wit');
  assert(!(await b.isDisabled('#undo')), 'B can undo its own edit');
  await a.click('#undo');
  assertEqual(await a.inputValue('#attr-might'), '10', 'A’s Might edit is undone');
  assertEqual(await a.inputValue('#attr-wit'), '12', 'B’s Wit edit is not');
  assert(await a.isDisabled('#undo'), 'A has nothing more of its own to undo');
  await eventually(async () => (await b.inputValue('#attr-might')) === '10', 'the undo reaches tab B');
  assertEqual(await b.inputValue('#attr-wit'), '12', 'and B keeps its Wit');
});

test('two tabs: another tab’s version arriving while this tab’s edit waits to be recorded stays out of its undo step', async (t) => {
  const page = await t.open();
  const id = page.url().split('#/c/')[1].split('/')[0];
  // This tab's undo step is recorded once the change is on screen; the other tab's
  // save lands just before that (its storage event, as the browser sends it).
  await page.evaluate(async (id) => {
    const might = document.querySelector('#attr-might');
    might.value = '13';
    might.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    const key = `sheetwright.character.${id}`;
    const theirs = JSON.parse(localStorage.getItem(key));
    theirs.name = 'Named elsewhere';
    theirs.updated = Date.now();
    const newValue = JSON.stringify(theirs);
    localStorage.setItem(key, newValue);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  }, id);
  await eventually(async () => (await page.inputValue('#character-name')) === 'Named elsewhere', 'the other tab’s name shows');
  assertEqual(await page.inputValue('#attr-might'), '13', 'this tab’s Might is kept');
  await page.click('#undo');
  assertEqual(await page.inputValue('#attr-might'), '10', 'undo takes back this tab’s Might');
  assertEqual(await page.inputValue('#character-name'), 'Named elsewhere', 'and not the other tab’s name');
  assert(await page.isDisabled('#undo'), 'nothing more of this tab’s to undo');
});

test('names and notes with HTML or script show as text and run nothing', async (t) => {
  const page = await t.open();
  const evil = '<img src=x onerror=alert(1)>';
  await page.fill('#character-name', evil);
  await page.fill('#character-notes', '<script>alert(2)</script><b>bold</b>');
  assertEqual(await page.locator('.topbar-name').innerText(), evil, 'shown as text in the bar');
  // (The sheet's one image is the portrait's, empty here.)
  assertEqual(await page.locator('img[src="x"], img[onerror]').count(), 0, 'no image element was created from the name');
  await page.click('#back-to-list');
  assertEqual(await page.locator('.character-card .character-name').innerText(), evil, 'shown as text in the list');
  assertEqual(await page.locator('img').count(), 0, 'still no image element in the list');
  await page.click('.open-character');
  assertEqual(await page.inputValue('#character-notes'), '<script>alert(2)</script><b>bold</b>', 'notes kept as typed');
  assertEqual(await page.locator('#character-notes b, .sheet-page script').count(), 0, 'no injected elements');
  await page.reload();
  await page.waitForSelector('#character-name');
  // The harness fails this test if any dialog opened.
});

test('the app makes no request beyond its own origin', async (t) => {
  const context = await t.newContext();
  const origins = new Set();
  context.on('request', (r) => origins.add(new URL(r.url()).origin));
  const page = await t.open({ context });
  await page.fill('#attr-might', '12');
  await page.reload();
  await page.waitForSelector('#character-name');
  const own = new URL(t.url).origin;
  assert(origins.size > 0, 'requests were seen');
  assertEqual(JSON.stringify([...origins]), JSON.stringify([own]), 'only the app\'s own origin');
});

test('the app frame is painted before the wasm arrives, in the saved theme, then replaced by the app', async (t) => {
  const context = await t.newContext();
  // A visit with the wasm held back, as on a slow network.
  let release;
  const held = new Promise((ok) => (release = ok));
  await context.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('sheetwright.theme', 'dark');
      sessionStorage.setItem('seeded', '1');
    }
  });
  const page = await context.newPage();
  await page.goto(t.url, { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { name: 'Sheetwright', level: 1 }).waitFor();
  assert(await page.getByText('Opening your characters…').isVisible(), 'the frame says what is coming');
  assertEqual(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the saved theme, before the app');
  release();
  await page.waitForSelector('[data-screen=library]');
  assertEqual(await page.getByRole('heading', { level: 1 }).count(), 1, 'one heading: the frame is gone');
  assertEqual(await page.getByText('Opening your characters…').count(), 0, 'no loading note left');
});

// ---- #20: a list that finds, and sharing by link (found as a player finds them) ----

/** The cards on the list, as list items of "Characters". */
const cards = (page) => page.getByRole('list', { name: 'Characters' }).getByRole('listitem');
/** The card whose name is exactly `name`. */
const card = (page, name) => cards(page).filter({ has: page.getByText(name, { exact: true }) });
/** The names on the cards, top to bottom. */
async function listed(page) {
  await page.getByRole('heading', { name: 'Characters' }).waitFor();
  const links = await cards(page).getByRole('link').allInnerTexts();
  return links.map((t) => t.split('\n')[0].trim());
}

/** Creates a character as a player does, sets `scores` (by label), back to the list. */
async function make(page, name, ruleset, scores = {}) {
  await page.getByLabel('Ruleset', { exact: true }).selectOption(ruleset);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const [label, value] of Object.entries(scores)) {
    await page.getByLabel(label, { exact: true }).fill(String(value));
  }
  await page.getByRole('link', { name: 'Characters' }).click();
  await page.getByRole('heading', { name: 'Characters' }).waitFor();
}

const characterKeys = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sheetwright.character.')));

async function noSeriousAxe(page, what) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assertEqual(serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`).join('; '), '', `axe on ${what}`);
}

async function noSidewaysOverflow(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert(overflow <= 0, `${what}: ${overflow}px of sideways overflow`);
}

test('the list: search by name, sort by name, last edit or ruleset, and each card shows its numbers', async (t) => {
  mkdirSync('screenshots', { recursive: true });
  for (const [size, viewport] of [['phone', PHONE], ['desk', DESK]]) {
    const page = await t.openLibrary({ viewport });
    assert(!(await page.getByLabel('Search by name').isVisible()), 'no search for an empty list');
    await make(page, 'Ylva Stormcrow', 'symbaroum', { Strong: 15, Quick: 13 });
    await make(page, 'Grumpa', 'heimr');
    await make(page, 'Aldo', 'homebrew');
    assertEqual(JSON.stringify(await listed(page)), '["Aldo","Grumpa","Ylva Stormcrow"]', 'newest edit first');

    // The numbers a player looks for, as the sheet computes them.
    const ylva = await card(page, 'Ylva Stormcrow').innerText();
    for (const shown of ['Toughness 15/15', 'Defense 13', 'Experience 0']) {
      assert(ylva.replace(/\s+/g, ' ').includes(shown), `${size}: Ylva's card shows ${shown}: ${ylva}`);
    }
    const grumpa = (await card(page, 'Grumpa').innerText()).replace(/\s+/g, ' ');
    for (const shown of ['HP 10/10', 'Willpower 10/10', 'XP 0']) {
      assert(grumpa.includes(shown), `${size}: Grumpa's card shows ${shown}: ${grumpa}`);
    }
    // A hit taken on the sheet shows on the card.
    await page.getByRole('link', { name: /^Ylva Stormcrow/ }).click();
    await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Combat' }).click();
    await page.getByLabel('Incoming damage').fill('4');
    await page.getByRole('button', { name: 'Take hit' }).click();
    await page.getByRole('link', { name: 'Characters' }).click();
    const hit = (await card(page, 'Ylva Stormcrow').innerText()).replace(/\s+/g, ' ');
    assert(hit.includes('Toughness 11/15'), `${size}: the hit shows on the card: ${hit}`);

    const sort = page.getByLabel('Sort by');
    await sort.selectOption({ label: 'Name' });
    assertEqual(JSON.stringify(await listed(page)), '["Aldo","Grumpa","Ylva Stormcrow"]', 'by name');
    await sort.selectOption({ label: 'Ruleset' });
    assertEqual(JSON.stringify(await listed(page)), '["Grumpa","Aldo","Ylva Stormcrow"]', 'by ruleset: Heimr, Homebrew, Symbaroum');
    await sort.selectOption({ label: 'Last edit' });
    assertEqual((await listed(page))[0], 'Ylva Stormcrow', 'the last edited first');

    const search = page.getByLabel('Search by name');
    await search.fill('STORM');
    assertEqual(JSON.stringify(await listed(page)), '["Ylva Stormcrow"]', 'found ignoring case');
    await search.fill('gr');
    assertEqual(JSON.stringify(await listed(page)), '["Grumpa"]', 'found by part of the name');
    await page.screenshot({ path: `screenshots/list-search-${size}.png`, fullPage: true });
    await search.fill('Nobody');
    await page.getByText('No character\u2019s name has \u201cNobody\u201d').waitFor();
    await search.fill('');
    assertEqual((await listed(page)).length, 3, 'all back after clearing');
    await noSidewaysOverflow(page, size);
    await page.screenshot({ path: `screenshots/list-${size}.png`, fullPage: true });
    await noSeriousAxe(page, `the list (${size}, light)`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await noSeriousAxe(page, `the list (${size}, dark)`);
  }
});

test('the list on a phone: a card is its name, ruleset and numbers, its actions behind "⋯", no number broken from its label; at 1280 the actions show at once, beside the name', async (t) => {
  const actions = ['Rename', 'Duplicate', 'Share', 'Export', 'Delete'];
  const page = await t.openLibrary({ viewport: PHONE });
  await make(page, 'Ylva Stormcrow', 'symbaroum');
  await make(page, 'Grumpa', 'heimr');
  const ylva = card(page, 'Ylva Stormcrow');
  for (const name of actions) {
    assert(!(await ylva.getByRole('button', { name, exact: true }).isVisible()), `${name} waits behind "⋯"`);
  }
  const heights = await cards(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  assert(Math.max(...heights) <= 160, `a card is at most 160 px tall on a phone: ${heights}`);
  assertEqual(JSON.stringify(await wordsBrokenAcrossLines(page, '.character-card')), '[]', 'no word broken');
  // Each number stays on the line of its label ("Experience" and its 0 together).
  const apart = await ylva.locator('.card-numbers').evaluate((el) => {
    const text = el.firstChild;
    const out = [];
    let at = 0;
    for (const part of text.textContent.split(' · ')) {
      const r = document.createRange();
      r.setStart(text, at);
      r.setEnd(text, at + part.length);
      if (new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1) out.push(part);
      at += part.length + 3;
    }
    return out;
  });
  assertEqual(JSON.stringify(apart), '[]', 'no number on a line apart from its label');
  const more = ylva.locator('summary', { hasText: 'Actions for Ylva Stormcrow' });
  const box = await more.boundingBox();
  assert(box.width >= 44 && box.height >= 44, `"⋯" is a full tap target: ${box.width}×${box.height}`);
  await more.click();
  for (const name of actions) assert(await ylva.getByRole('button', { name, exact: true }).isVisible(), `${name} shows once "⋯" is tapped`);
  assert(!(await card(page, 'Grumpa').getByRole('button', { name: 'Rename' }).isVisible()), 'only that card opens');
  await page.screenshot({ path: 'screenshots/list-actions-390.png', fullPage: true });
  await ylva.getByRole('button', { name: 'Duplicate' }).click();
  await card(page, 'Ylva Stormcrow (2)').waitFor();

  const desk = page;
  await desk.setViewportSize(DESK);
  const grumpa = card(desk, 'Grumpa');
  assert(!(await grumpa.locator('summary').isVisible()), 'no "⋯" where there is room');
  for (const name of actions) assert(await grumpa.getByRole('button', { name, exact: true }).isVisible(), `${name} shows at once at 1280`);
  const [link, rename] = [await grumpa.getByRole('link').boundingBox(), await grumpa.getByRole('button', { name: 'Rename' }).boundingBox()];
  assert(rename.x > link.x + 200 && rename.y < link.y + link.height, 'the actions sit beside the name');
  const desktopHeights = await cards(desk).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  assert(Math.max(...desktopHeights) <= 130, `a card is one band at 1280: ${desktopHeights}`);
});

test('a duplicate is named "Name (2)", then "(3)", never "(2) (2)"', async (t) => {
  const page = await t.openLibrary();
  await make(page, 'Ylva', 'symbaroum');
  await cardAction(card(page, 'Ylva'), 'Duplicate');
  await card(page, 'Ylva (2)').waitFor();
  await cardAction(card(page, 'Ylva (2)'), 'Duplicate');
  await card(page, 'Ylva (3)').waitFor();
  await cardAction(card(page, 'Ylva'), 'Duplicate');
  await card(page, 'Ylva (4)').waitFor();
  await page.getByLabel('Sort by').selectOption({ label: 'Name' });
  assertEqual(JSON.stringify(await listed(page)), '["Ylva","Ylva (2)","Ylva (3)","Ylva (4)"]', 'numbered copies');
  await page.reload();
  assertEqual((await listed(page)).length, 4, 'kept after a reload');
});

/** Presses Share on `name`'s card; returns the link shown under it, once the toast
 * says it was copied. */
async function shareLink(page, name) {
  await cardAction(card(page, name), 'Share');
  await page.getByRole('status').filter({ hasText: `Link to \u201c${name}\u201d copied to the clipboard` }).waitFor();
  return card(page, name).getByLabel('Link to share').inputValue();
}

test('share by link: the link holds the character, and another browser imports it only when asked', async (t) => {
  const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };
  const page = await t.openLibrary({ context: await t.newContext(PHONE, clipboard) });
  await make(page, 'Ylva', 'symbaroum', { Strong: 15, Quick: 13 });
  const link = await shareLink(page, 'Ylva');
  assert(link.startsWith(`${t.url}#/share/`), `a link to this app: ${link}`);
  assert(/^[A-Za-z0-9_-]+$/.test(link.split('#/share/')[1]), 'base64url data in the fragment');
  assertEqual(await page.evaluate(() => navigator.clipboard.readText()), link, 'the link is on the clipboard');
  await noSidewaysOverflow(page, 'the shared card');
  await page.screenshot({ path: 'screenshots/share-card-phone.png', fullPage: true });
  await noSeriousAxe(page, 'the shared card');

  for (const [size, viewport] of [['desk', DESK], ['phone', PHONE]]) {
    // Another device: a fresh browser with nothing stored.
    const other = await t.openLibrary({ viewport, path: link.slice(t.url.length) });
    const offer = other.getByRole('alertdialog');
    await offer.waitFor();
    const text = (await offer.innerText()).replace(/\s+/g, ' ');
    assert(text.includes('\u201cYlva\u201d') && text.includes('Symbaroum') && text.includes('Toughness 15/15'), `the offer names her: ${text}`);
    assert(!(await offer.getByRole('button', { name: 'Keep both' }).isVisible()), 'nothing to keep both of');
    assertEqual((await characterKeys(other)).length, 0, `${size}: nothing stored before the player answers`);
    await noSidewaysOverflow(other, `the offer (${size})`);
    await other.screenshot({ path: `screenshots/share-offer-${size}.png`, fullPage: true });
    await noSeriousAxe(other, `the offer (${size})`);
    await offer.getByRole('button', { name: 'Import', exact: true }).click();
    await other.getByText('Imported 1 character.').waitFor();
    assertEqual(JSON.stringify(await listed(other)), '["Ylva"]', 'imported');
    const shown = (await card(other, 'Ylva').innerText()).replace(/\s+/g, ' ');
    assert(shown.includes('Toughness 15/15') && shown.includes('Defense 13'), `with her numbers: ${shown}`);
    assertEqual(await other.evaluate(() => location.hash), '#/', 'the link is left behind');
    await eventually(async () => (await characterKeys(other)).length === 1, 'saved');

    // The same link again: replace, or keep both, as for a file.
    await other.goto(link);
    await other.getByRole('alertdialog').getByText('is already in your library').waitFor();
    await other.getByRole('button', { name: 'Keep both' }).click();
    await other.getByText('Imported 1 character.').waitFor();
    assertEqual(JSON.stringify((await listed(other)).sort()), '["Ylva","Ylva (2)"]', 'kept both');
    // The link is left behind before it is opened again (the same address would be
    // no navigation at all).
    await eventually(async () => (await other.evaluate(() => location.hash)) === '#/', 'kept both: the link is left behind');

    // Declined: nothing changes.
    await other.goto(link);
    await other.getByRole('button', { name: 'Cancel import' }).click();
    await other.getByText('Nothing was changed').waitFor();
    assertEqual(await other.evaluate(() => location.hash), '#/', 'declined: the link is left behind');
    assertEqual((await listed(other)).length, 2, 'nothing added when declined');
  }
});

test('share by link: a damaged or foreign link says so and creates nothing', async (t) => {
  const page = await t.openLibrary({ context: await t.newContext(DESK, { permissions: ['clipboard-read', 'clipboard-write'] }) });
  await make(page, 'Ylva', 'symbaroum');
  const link = await shareLink(page, 'Ylva');
  const data = link.split('#/share/')[1];
  const foreign = gzipSync(Buffer.from('{"hello":"world"}')).toString('base64url');
  const cases = [
    ['cut off', `#/share/${data.slice(0, Math.floor(data.length * 0.6))}`, 'damaged or incomplete'],
    ['missing its last letters', `#/share/${data.slice(0, -3)}`, 'damaged or incomplete'],
    ['not base64url', '#/share/%%%not*data', 'damaged or incomplete'],
    ['empty', '#/share/', 'damaged or incomplete'],
    ['not a character', `#/share/${foreign}`, 'no character Sheetwright can read'],
  ];
  for (const [what, hash, message] of cases) {
    const other = await t.openLibrary({ viewport: PHONE, path: hash });
    const alert = other.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    assert((await alert.innerText()).includes('Nothing was imported'), `${what}: says nothing was imported`);
    assertEqual((await characterKeys(other)).length, 0, `${what}: nothing stored`);
    assert(await other.getByText('No characters yet').isVisible(), `${what}: no character made`);
    if (what === 'cut off') {
      await other.screenshot({ path: 'screenshots/share-damaged-phone.png', fullPage: true });
      await noSeriousAxe(other, 'the damaged-link message');
    }
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    assertEqual(await other.evaluate(() => location.hash), '#/', `${what}: dismissed`);
  }
});

test('messages come in at the top, away from the thumb, leave by themselves, wait while pointed at, and stay on their page', async (t) => {
  // Real time: the page's fake clock hands out timer ids the app cannot cancel.
  const page = await t.openLibrary({ context: await t.newContext(PHONE, { permissions: ['clipboard-read', 'clipboard-write'] }) });
  await make(page, 'Ylva', 'symbaroum');
  const message = page.getByRole('status').filter({ hasText: 'Link to \u201cYlva\u201d copied' });
  const gone = (what, timeout) => eventually(async () => !(await page.locator('#toast').isVisible()), what, timeout);
  await shareLink(page, 'Ylva');
  const box = await page.locator('#toast').boundingBox();
  assert(box.y >= 0 && box.y + box.height <= 844 / 3, `in the screen's top third: ${JSON.stringify(box)}`);
  await page.screenshot({ path: 'screenshots/message-top-phone.png' });
  await page.waitForTimeout(3_000);
  assert(await message.isVisible(), 'still there after 3 s, to be read');
  await gone('gone by itself within 11 s', 8_000);
  // Pointed at, it waits; let go, it leaves.
  await shareLink(page, 'Ylva');
  await page.locator('#toast').hover();
  await page.waitForTimeout(10_500);
  assert(await message.isVisible(), 'kept while pointed at');
  await page.mouse.move(200, 700);
  await gone('gone soon after being let go', 2_500);
  // It belongs to the list: opening a sheet does not carry it along, nor does coming back.
  await shareLink(page, 'Ylva');
  await card(page, 'Ylva').getByRole('link').first().click();
  await page.locator('#character-name').waitFor();
  assert(!(await page.locator('#toast').isVisible()), 'not on the sheet');
  await page.getByRole('link', { name: 'Characters' }).click();
  await page.getByRole('heading', { name: 'Characters' }).waitFor();
  assert(!(await page.locator('#toast').isVisible()), 'not back on the list either');
});

test('starting: the new-character card says which game each ruleset is, and "In creation" leads to the abilities', async (t) => {
  const page = await t.openLibrary({ viewport: PHONE });
  const about = page.locator('#new-ruleset-about');
  assert((await about.innerText()).includes('Symbaroum d20 game') && (await about.innerText()).includes('Might'), `the default says what it is: ${await about.innerText()}`);
  assertEqual(await page.getByLabel('Ruleset', { exact: true }).getAttribute('aria-describedby'), 'new-ruleset-about', 'read with the choice');
  await page.getByLabel('Ruleset', { exact: true }).selectOption('symbaroum');
  assert((await about.innerText()).includes('Strong'), `Symbaroum's names: ${await about.innerText()}`);
  await page.getByLabel('Ruleset', { exact: true }).selectOption('homebrew');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('button', { name: 'Choose abilities' }).click();
  await eventually(async () => page.url().endsWith('/gear'), 'on the Gear & XP tab');
  await eventually(async () => {
    const box = await page.locator('#abilities-heading').boundingBox();
    return box && box.y >= 0 && box.y + box.height <= PHONE.height;
  }, 'the abilities in view');
  // With its add form open, ready to type in.
  await eventually(async () => page.locator('.abilities-card').getByLabel('Ability', { exact: true }).isVisible(), '"Add an ability…" is open');
});
