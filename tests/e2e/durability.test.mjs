// A browser killed soon after an edit: Chromium commits localStorage to disk late, so
// the app also keeps a crash-safe copy in IndexedDB (strict durability) and takes back
// at start what localStorage lost. bench/durability.mjs measures the window.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { assert, assertEqual, cardAction, eventually, killChromium, readCopy, startChromium, test } from './harness.mjs';

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const names = async (page) => {
  await page.waitForSelector('[data-screen=library]');
  return page.locator('.character-card .character-name').allInnerTexts();
};

/** Writes a record into the crash-safe copy as the app does. */
const putCopy = (page, key, value, time) => putRecord(page, key, { value, time });

/** Writes any record (damaged ones too) into the crash-safe copy. */
const putRecord = (page, key, record) =>
  page.evaluate(
    ([key, record]) =>
      new Promise((ok, fail) => {
        const open = indexedDB.open('sheetwright', 1);
        open.onsuccess = () => {
          const tx = open.result.transaction('characters', 'readwrite');
          tx.objectStore('characters').put(record, key);
          tx.oncomplete = () => ok();
          tx.onerror = () => fail(tx.error);
        };
        open.onerror = () => fail(open.error);
      }),
    [key, record],
  );

const characterKey = (page) =>
  page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('sheetwright.character.')));

/** Names the new character on screen, goes back to the list once it is saved, and
 * gives its key and saved text. */
async function nameAndSave(page, name) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.click('#back-to-list');
  await eventually(async () => (await characterKey(page)) !== undefined, 'the character saved');
  const key = await characterKey(page);
  return { key, text: await page.evaluate((k) => localStorage.getItem(k), key) };
}

/**
 * In a Chromium with a profile on disk: creates a character, renames it a second
 * later, stops the browser a second after that (`stop`, given the browser and its
 * process), starts it again on the same profile and hands the reopened page, with the
 * edited character in the list, to `check`.
 */
async function editThenRestart(t, stop, check) {
  const profile = mkdtempSync(join(tmpdir(), 'sheetwright-restart-'));
  let chrome = await startChromium(profile);
  try {
    let browser = await chromium.connectOverCDP(chrome.ws);
    let page = await browser.contexts()[0].newPage();
    await page.goto(t.url);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Created');
    await sleep(1000);
    await page.getByLabel('Name', { exact: true }).fill('Edited');
    // Past the app's save delay (400 ms), before Chromium commits localStorage to disk
    // (about 5 s after the first write it holds back).
    await sleep(1000);
    await stop(browser, chrome.proc);

    chrome = await startChromium(profile);
    browser = await chromium.connectOverCDP(chrome.ws);
    page = await browser.contexts()[0].newPage();
    await page.goto(t.url);
    await eventually(async () => (await names(page)).includes('Edited'), 'the edited character in the list', 8000);
    await check(page);
  } finally {
    await killChromium(chrome.proc);
    rmSync(profile, { recursive: true, force: true });
  }
}

test('a browser killed a second after an edit keeps the new character and the edit', (t) =>
  editThenRestart(
    t,
    (_browser, proc) => killChromium(proc),
    async (page) => {
      assertEqual(JSON.stringify(await names(page)), '["Edited"]', 'the list');
      // What was recovered is said (the other side of "a normal close says nothing").
      const told = await eventually(
        () => page.getByRole('status').filter({ hasText: 'Recovered' }).innerText({ timeout: 500 }),
        'the recovery message',
      );
      assert(told.includes('Edited'), `the message names the character: ${told}`);
      // And it is in localStorage again, for the next start.
      await eventually(
        async () => (await page.evaluate(() => JSON.stringify(localStorage))).includes('Edited'),
        'the recovered version written back to localStorage',
      );
    },
  ));

test('a browser closed normally a second after an edit starts again with the edit and no recovery message', (t) =>
  editThenRestart(
    t,
    // Quit as the window's close button does: the browser shuts down in order.
    async (browser, proc) => {
      const cdp = await browser.newBrowserCDPSession();
      await cdp.send('Browser.close').catch(() => {});
      await new Promise((done) => {
        proc.once('exit', done);
        setTimeout(done, 10000);
      });
    },
    async (page) => {
      // The start-up comparison with the crash-safe copy has run (it runs once the
      // copy is read); nothing was lost, so nothing is said.
      await sleep(1500);
      assertEqual(await page.getByRole('status').filter({ hasText: 'Recovered' }).count(), 0, 'no recovery message');
    },
  ));

test('a later version in the crash-safe copy is taken back at start, with a message', async (t) => {
  const page = await t.open();
  const { key, text } = await nameAndSave(page, 'Ylva');
  const saved = JSON.parse(text);
  // As if localStorage lost the last save: the copy holds a later edit.
  const later = { ...saved, name: 'Ylva Stormcrow', updated: saved.updated + 5000 };
  await putCopy(page, key, JSON.stringify(later), later.updated);
  await page.reload();
  await eventually(async () => (await names(page)).includes('Ylva Stormcrow'), 'the later version shown');
  assertEqual(JSON.stringify(await names(page)), '["Ylva Stormcrow"]', 'one character');
  const toast = await eventually(
    () => page.getByRole('status').filter({ hasText: 'Recovered' }).innerText({ timeout: 500 }),
    'the message',
  );
  assert(toast.includes('Ylva Stormcrow'), `the message names the character: ${toast}`);

  // An older copy never replaces what localStorage holds.
  const older = { ...later, name: 'Old Ylva', updated: later.updated - 60000 };
  await putCopy(page, key, JSON.stringify(older), older.updated);
  await page.reload();
  await page.waitForSelector('.character-card');
  await sleep(500);
  assertEqual(JSON.stringify(await names(page)), '["Ylva Stormcrow"]', 'the newer version kept');
});

test('a deletion that localStorage lost is done again at start', async (t) => {
  const page = await t.open();
  const { key, text } = await nameAndSave(page, 'Gone');
  await cardAction(page.locator('.character-card'), 'Delete');
  await eventually(async () => (await characterKey(page)) === undefined, 'the character removed');
  // The removal's tombstone is in the copy (its own transaction, which can land after
  // localStorage's removal on a busy machine) before the loss is staged.
  await eventually(async () => (await readCopy(page, key))?.deleted === true, 'the removal, marked, in the crash-safe copy');
  // As if the removal never reached the disk: localStorage holds the old text again.
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, text]);
  await page.reload();
  await page.waitForSelector('[data-screen=library]');
  await eventually(async () => (await names(page)).length === 0, 'the deleted character gone again');
  assertEqual(await characterKey(page), undefined, 'and gone from localStorage');
});

test('a character deleted just before a reload stays deleted, though the copy still held it', async (t) => {
  const context = await t.newContext();
  // As if the browser were reloaded before the removal's record reached IndexedDB:
  // while this tab's flag is set, the copy drops every removal written to it.
  await context.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (record, key) {
      if (record?.deleted === true && sessionStorage.getItem('e2e.dropRemovals')) return undefined;
      return put.call(this, record, key);
    };
  });
  const page = await t.open({ context });
  const { key } = await nameAndSave(page, 'Brief');
  await eventually(async () => typeof (await readCopy(page, key))?.value === 'string', 'the character in the crash-safe copy');
  await page.evaluate(() => sessionStorage.setItem('e2e.dropRemovals', '1'));
  await cardAction(page.locator('.character-card'), 'Delete');
  await page.getByText('Deleted “Brief”').waitFor();
  await page.reload();
  await page.waitForSelector('[data-screen=library]');
  await sleep(800);
  assertEqual(typeof (await readCopy(page, key))?.value, 'string', 'the copy still holds the character');
  assertEqual(JSON.stringify(await names(page)), '[]', 'not brought back from the copy');
  // Once the copy takes removals again, the next start writes this one to it.
  await page.evaluate(() => sessionStorage.removeItem('e2e.dropRemovals'));
  await page.reload();
  await eventually(async () => (await readCopy(page, key))?.deleted === true, 'the removal written to the copy again');
  assertEqual(JSON.stringify(await names(page)), '[]', 'still deleted');
});

test('a damaged record in the crash-safe copy never removes a character, and is healed', async (t) => {
  const page = await t.open();
  await nameAndSave(page, 'Alma');
  await page.click('#new-character');
  await page.waitForSelector('#character-name');
  await page.getByLabel('Name', { exact: true }).fill('Bert');
  await page.click('#back-to-list');
  await eventually(async () => (await names(page)).length === 2, 'both on the list');
  const bert = await eventually(
    () => page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('sheetwright.character.') && localStorage.getItem(k).includes('"Bert"'))),
    'Bert saved',
  );
  const text = await page.evaluate((k) => localStorage.getItem(k), bert);
  // Every damaged shape, each with a time far in the future: a number, an object, a
  // removal without its marker, no time at all.
  for (const record of [{ value: 42, time: 9e15 }, { value: { name: 'x' }, time: 9e15 }, { value: null, time: 9e15 }, { value: null }, 'not a record']) {
    await putRecord(page, bert, record);
    await page.reload();
    await page.waitForSelector('[data-screen=library]');
    assertEqual((await names(page)).sort().join(', '), 'Alma, Bert', `both kept after ${JSON.stringify(record)}`);
    assertEqual(await page.evaluate((k) => localStorage.getItem(k), bert), text, 'Bert\'s saved text untouched');
    // The copy is healed from localStorage.
    // (localStorage's text also notes the version it was saved over, for other tabs;
    // the copy holds the character alone.)
    const character = (t) => {
      const { saved_over: _, ...c } = JSON.parse(t);
      return JSON.stringify(c);
    };
    await eventually(async () => {
      const copy = await readCopy(page, bert);
      return typeof copy?.value === 'string' && character(copy.value) === character(text);
    }, 'the copy healed');
  }
});
