// How long after an edit a killed browser still loses it. Serves dist/ on 127.0.0.1,
// starts Debian's Chromium with a profile on disk, creates a character, edits it a few
// seconds later, kills the whole browser (SIGKILL, as a crash or a phone's low-memory
// killer does) a moment after the edit, starts it again on the same profile and looks
// at what the list shows.
//
//   node bench/durability.mjs [dist] [--trials N] [--age S] [--delays 0.2,0.5,1,2,3,5,7]
//
// Prints, per delay, how many runs kept the edit, kept only the character, or lost it.
// Everything it starts, it stops.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { killChromium as kill, serveDist, startChromium } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const trials = Number(option('--trials', '3'));
const delays = option('--delays', '0.2,0.5,1,2,3,5,7').split(',').map(Number);
// How old the character is when the edit comes, in seconds.
const age = Number(option('--age', '2'));
const dist = args[0] || 'dist';

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function open(ws, url) {
  const browser = await chromium.connectOverCDP(ws);
  const page = await browser.contexts()[0].newPage();
  await page.goto(url);
  await page.waitForSelector('[data-screen=library]');
  return { browser, page };
}

/** One run: the outcome after a kill `delay` seconds after the edit. */
async function once(url, delay) {
  const profile = mkdtempSync(join(tmpdir(), 'sheetwright-durability-'));
  let chrome = await startChromium(profile);
  try {
    let { page } = await open(chrome.ws, url);
    await page.click('#new-character');
    await page.waitForSelector('#character-name');
    await page.fill('#character-name', 'Created');
    await sleep(age * 1000);
    await page.fill('#character-name', 'Edited');
    await sleep(delay * 1000);
    await kill(chrome.proc);

    chrome = await startChromium(profile);
    ({ page } = await open(chrome.ws, url));
    // Give the app its start-up (and any reconciling) before reading the list.
    await sleep(1500);
    const names = await page.locator('.character-card .character-name').allInnerTexts();
    if (names.includes('Edited')) return 'kept';
    if (names.includes('Created')) return 'edit lost';
    return 'character lost';
  } finally {
    await kill(chrome.proc);
    rmSync(profile, { recursive: true, force: true });
  }
}

const server = await serveDist(dist);
try {
  console.log(`Kill ${trials}× at each delay after an edit (character created ${age} s before it):`);
  console.log('delay s | kept | edit lost | character lost');
  for (const delay of delays) {
    const count = { kept: 0, 'edit lost': 0, 'character lost': 0 };
    for (let i = 0; i < trials; i++) count[await once(server.url, delay)]++;
    console.log(`${String(delay).padStart(7)} | ${String(count.kept).padStart(4)} | ${String(count['edit lost']).padStart(9)} | ${String(count['character lost']).padStart(14)}`);
  }
} finally {
  await server.close();
}
