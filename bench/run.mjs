// The benchmark: what a player waits for, in headless Chromium against the release
// build served on 127.0.0.1, unthrottled and on a phone profile (4× CPU throttling and
// Lighthouse's "slow 4G" network through the DevTools protocol). Each figure is the
// median and the spread (min–max) of several runs; tab switches and input to screen
// give p50 and p95 over all their samples. Lighthouse (mobile preset, performance
// only) runs once, not per profile: it throttles by its own simulation. Prints a table
// and writes bench/results.json. A tool, not a test: nothing here fails on a timing.
//
//   node bench/run.mjs [dist] [--runs 10] [--profiles unthrottled,phone]
//                     [--figures visits,tabs,input,items,hundred,pack,lighthouse]
//                     [--items 500]   (the heavy character's items, for the item figures)
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { killChromium, launchBrowser, serveDist, startChromium } from '../tests/e2e/harness.mjs';
import { buildFiles, firstVisitFiles } from '../tests/first-visit.mjs';
import { bigPack, heavy, plainListOnPhone, small } from './fixtures.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const RUNS = Number(option('--runs', '10'));
const PROFILES = option('--profiles', 'unthrottled,phone').split(',');
const FIGURES = option('--figures', 'visits,tabs,input,items,hundred,pack,lighthouse').split(',');
const ITEM_COUNT = Number(option('--items', '500'));
const dist = args[0] || 'dist';

// Lighthouse's mobile "slow 4G", as DevTools applies it (its devtools throttling).
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1638.4 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const summary = (all) => {
  const xs = all.filter(Number.isFinite);
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), runs: xs.length };
};
const percentiles = (xs) => ({ p50: pct(xs, 50), p95: pct(xs, 95), samples: xs.length });

// ---- bytes --------------------------------------------------------------------------

function bytes() {
  const kind = (p) => (p.endsWith('.wasm') ? 'wasm' : p.endsWith('.js') ? 'js' : p.endsWith('.css') ? 'css' : p.endsWith('.html') ? 'html' : 'other');
  const sizes = (files) => {
    const byKind = {};
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const p of files) {
      const data = readFileSync(p);
      const s = { raw: data.length, gzip: gzipSync(data, { level: 9 }).length, brotli: brotliCompressSync(data).length };
      const k = (byKind[kind(p)] ||= { raw: 0, gzip: 0, brotli: 0 });
      for (const f of ['raw', 'gzip', 'brotli']) {
        k[f] += s[f];
        total[f] += s[f];
      }
    }
    return { byKind, total };
  };
  return { firstVisit: sizes(firstVisitFiles(dist)), offlineCache: sizes(buildFiles(dist)) };
}

// ---- pages --------------------------------------------------------------------------

/** Runs in the page before the app: notes when things a player waits for appear.
 * `window.__unwatch()` stops it once a figure no longer needs it: it queries the whole
 * document after every change of the page, which would be counted in the figures of
 * what a tap does. */
const WATCH = () => {
  window.__marks = {};
  const marks = { library: '[data-screen=library] #new-character', sheet: '#attr-might:not([disabled])', cards100: '.character-card:nth-child(100)' };
  const look = () => {
    for (const [name, sel] of Object.entries(marks)) {
      if (!(name in window.__marks) && document.querySelector(sel)) window.__marks[name] = performance.now();
    }
  };
  const watch = new MutationObserver(look);
  watch.observe(document, { childList: true, subtree: true });
  window.__unwatch = () => watch.disconnect();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
};

async function profiled(context, page, profile) {
  if (profile !== 'phone') return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
}

/** Waits for the sheet to be usable, then stops watching for the page's marks. */
async function sheetShown(page) {
  await page.waitForFunction(() => 'sheet' in (window.__marks || {}), null, { timeout: 120000 });
  await page.evaluate(() => window.__unwatch());
}

/** A fresh browser context with `characters` stored before the app starts. */
async function contextWith(browser, characters) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(WATCH);
  await context.addInitScript(UNTIL);
  await context.addInitScript((list) => {
    if (localStorage.getItem('sheetwright.bench') === null) {
      for (const c of list) localStorage.setItem(`sheetwright.character.${c.id}`, JSON.stringify(c));
      localStorage.setItem('sheetwright.bench', '1');
    }
  }, characters);
  return context;
}

async function visit(page, url, mark) {
  await page.goto(url);
  await page.waitForFunction((m) => m in (window.__marks || {}) && window.__fcp !== undefined, mark, { timeout: 120000 });
  return page.evaluate((m) => ({ fcp: window.__fcp, usable: window.__marks[m] }), mark);
}

/** In the page: taps Create and resolves with the time until the tap is answered on
 * screen (the button at work, or the new sheet) and until the new sheet takes input. */
const CREATE = async () => {
  const button = document.getElementById('new-character');
  const t0 = performance.now();
  button.click();
  let answered;
  for (;;) {
    const sheet = document.querySelector('.sheet-page #character-name');
    if (answered === undefined && (sheet || button.getAttribute('aria-busy') === 'true' || !button.isConnected)) answered = performance.now() - t0;
    if (sheet) return { answered, opened: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 4));
  }
};

/** Cold and repeat (service worker warm) visits to the list and to a sheet by deep link. */
async function visits(browser, url, profile) {
  const out = { coldList: { fcp: [], usable: [] }, coldSheet: { fcp: [], usable: [] }, repeatList: { fcp: [], usable: [] }, repeatSheet: { fcp: [], usable: [] } };
  const create = { answered: [], opened: [] };
  for (let i = 0; i < RUNS; i++) {
    const c = small();
    const context = await contextWith(browser, [c]);
    const page = await context.newPage();
    await profiled(context, page, profile);
    const push = (key, r) => {
      out[key].fcp.push(r.fcp);
      out[key].usable.push(r.usable);
    };
    push('coldList', await visit(page, url, 'library'));
    // Create, tapped as soon as the list is usable.
    const made = await page.evaluate(CREATE);
    create.answered.push(made.answered);
    create.opened.push(made.opened);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120000 });
    push('repeatList', await visit(page, url, 'library'));
    // A new visit, not a change of route in the list's page: from the list's address,
    // going to the same address with a fragment would stay in that page.
    await page.goto('about:blank');
    push('repeatSheet', await visit(page, `${url}#/c/${c.id}`, 'sheet'));
    await context.close();
    // A deep link on a cold visit (nothing cached yet).
    const cold = await contextWith(browser, [c]);
    const p2 = await cold.newPage();
    await profiled(cold, p2, profile);
    push('coldSheet', await visit(p2, `${url}#/c/${c.id}`, 'sheet'));
    await cold.close();
  }
  const s = (o) => ({ fcp: summary(o.fcp), usable: summary(o.usable) });
  return {
    ...Object.fromEntries(Object.entries(out).map(([k, v]) => [k, s(v)])),
    create: { answered: summary(create.answered), opened: summary(create.opened) },
  };
}

/** In the page: taps a tab and resolves with the time until its panel is on screen
 * with its first control, and the frame after it painted. */
const SWITCH = async (label) => {
  const link = [...document.querySelectorAll('.sheet-tab')].find((a) => a.textContent.trim() === label);
  const t0 = performance.now();
  link.click();
  const ready = () => {
    const panel = document.querySelector(`.tab-panel[data-tab="${label}"]`);
    return panel && !panel.hidden && panel.querySelector('input, button, select');
  };
  while (!ready()) await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
};

async function tabSwitches(browser, url, profile, character) {
  const context = await contextWith(browser, [character]);
  const page = await context.newPage();
  await page.goto(`${url}#/c/${character.id}`);
  await sheetShown(page);
  await profiled(context, page, profile);
  const first = [];
  // The first visit of each tab draws it; later ones only show it.
  for (const label of ['Combat', 'Gear & XP', 'Sheet']) first.push(await page.evaluate(SWITCH, label));
  const samples = [];
  while (samples.length < 50) {
    for (const label of ['Combat', 'Gear & XP', 'Sheet']) samples.push(await page.evaluate(SWITCH, label));
  }
  await context.close();
  return { firstVisit: { combat: first[0], gear: first[1] }, switches: percentiles(samples) };
}

/** In the page: resolves with the time from `t0` until `done()` holds, checked on every
 * change of the page (a MutationObserver, so the time is not rounded up to a timer). */
const UNTIL = () => {
  window.__until = (done, t0) =>
    new Promise((ok, fail) => {
      if (done()) return ok(performance.now() - t0);
      const timer = setTimeout(() => {
        observer.disconnect();
        fail(new Error('the page did not follow the input'));
      }, 5000);
      const observer = new MutationObserver(() => {
        if (done()) {
          observer.disconnect();
          clearTimeout(timer);
          ok(performance.now() - t0);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    });
};

/** In the page: sets Might `n` times and measures from the input event until the
 * derived values show the new numbers. */
const MIGHT = async (n) => {
  const input = document.querySelector('#attr-might');
  const text = (k) => document.querySelector(`[data-derived=${k}] .derived-value`).textContent;
  const times = [];
  for (let i = 0; i < n; i++) {
    const might = i % 2 ? 12 : 16;
    const done = () => text('toughness') === String(Math.max(might, 10)) && text('pain-threshold') === String(Math.ceil(might / 2));
    const t0 = performance.now();
    input.value = String(might);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    times.push(await window.__until(done, t0));
    await new Promise((r) => setTimeout(r, 20));
  }
  return times;
};

/** In the page: types a 40-letter name, a letter at a time, timing each letter until
 * the top bar shows it. */
const NAME = async () => {
  const input = document.querySelector('#character-name');
  const bar = () => document.querySelector('.topbar-name').textContent;
  const name = 'Ylva Stormcrow of the Thistle Hold Guard'.slice(0, 40);
  const times = [];
  for (let i = 1; i <= name.length; i++) {
    const want = name.slice(0, i).trim();
    const t0 = performance.now();
    input.value = name.slice(0, i);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    times.push(await window.__until(() => bar() === want, t0));
    await new Promise((r) => setTimeout(r, 20));
  }
  return times;
};

async function inputToScreen(browser, url, profile) {
  const c = heavy();
  const context = await contextWith(browser, [c]);
  const page = await context.newPage();
  await page.goto(`${url}#/c/${c.id}`);
  await sheetShown(page);
  // Every tab drawn, as after a while at the table.
  for (const label of ['Combat', 'Gear & XP', 'Sheet']) await page.evaluate(SWITCH, label);
  await profiled(context, page, profile);
  const might = await page.evaluate(MIGHT, 200);
  const name = await page.evaluate(NAME);
  await context.close();
  return { might: percentiles(might), name: percentiles(name) };
}

/** In the page: `window.__timed(act, done)` runs `act` (a tap) and resolves once
 * `done()` holds and the frame that shows it has painted, with two times: from the tap
 * until then (which includes waiting for the screen's next frame), and the main
 * thread's work for it: the page's, from the tap until `done()` holds (checked on every
 * change of the page by a MutationObserver, so it is not rounded up to a timer), plus
 * that frame's style, layout and paint (from the frame's start until the task after
 * it). A frame the change causes later (the browser's scroll event after it kept the
 * form in place) delays nothing on screen and is not counted. */
const TIMED = () => {
  window.__timed = (act, done) =>
    new Promise((ok, fail) => {
      const t0 = performance.now();
      const shown = () => {
        const at = performance.now();
        requestAnimationFrame(() => {
          const frame = performance.now();
          setTimeout(() => {
            const painted = performance.now();
            ok({ total: painted - t0, work: at - t0 + (painted - frame) });
          }, 0);
        });
      };
      const timer = setTimeout(() => fail(new Error('the list did not follow the tap')), 5000);
      const observer = new MutationObserver(() => {
        if (done()) {
          observer.disconnect();
          clearTimeout(timer);
          shown();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      act();
    });
};

/** In the page, on Gear & XP with the heavy character's 500 items (or `--items`): adds
 * an item through the form, changes the last item's quantity and removes it again, `n`
 * times each, with the form on screen, as it is when a player taps Add (the page at
 * its top hid most of the drawing an add costs: the new row, the rows moving up), each
 * timed by `window.__timed`. */
const ITEMS = async (n) => {
  const rows = () => document.querySelectorAll('#inventory-list > li:not(.from-combat)');
  const timed = window.__timed;
  const add = [];
  const edit = [];
  const remove = [];
  const name = document.querySelector('#item-name');
  document.querySelector('#add-item').scrollIntoView({ block: 'center' });
  await new Promise((r) => setTimeout(r, 500));
  for (let i = 0; i < n; i++) {
    const before = rows().length;
    name.value = `Bench item ${i}`;
    name.dispatchEvent(new Event('input', { bubbles: true }));
    add.push(await timed(() => document.querySelector('#add-item').click(), () => rows().length === before + 1));
    const last = [...rows()].find((li) => li.dataset.name === `Bench item ${i}`);
    // A row's editor is drawn when the row is first opened.
    last.querySelector('.row-line').click();
    while (!last.querySelector('.qty-field input')) await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20)));
    const qty = last.querySelector('.qty-field input');
    const want = String(2 + (i % 5));
    edit.push(await timed(() => {
      qty.value = want;
      qty.dispatchEvent(new Event('input', { bubbles: true }));
      qty.dispatchEvent(new Event('change', { bubbles: true }));
    }, () => last.querySelector('.row-line').textContent.includes(`×${want}`)));
    // The frame after the change's (if any) done before the next tap.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20)));
    remove.push(await timed(() => last.querySelector('.item-remove').click(), () => rows().length === before));
    await new Promise((r) => setTimeout(r, 20));
  }
  return { add, edit, remove };
};

async function itemEdits(browser, url, profile) {
  const c = heavy('Heavy', ITEM_COUNT);
  const context = await contextWith(browser, [c]);
  const page = await context.newPage();
  await page.goto(`${url}#/c/${c.id}`);
  await sheetShown(page);
  await page.evaluate(SWITCH, 'Gear & XP');
  await page.evaluate(() => document.querySelectorAll('.inventory-card details.adder').forEach((d) => (d.open = true)));
  await page.evaluate(TIMED);
  await profiled(context, page, profile);
  const r = await page.evaluate(ITEMS, 20);
  await context.close();
  return { count: ITEM_COUNT, add: both(r.add), edit: both(r.edit), remove: both(r.remove), floor: both(await plainList(browser, profile)) };
}

const both = (xs) => ({ ...percentiles(xs.map((x) => x.total)), work: percentiles(xs.map((x) => x.work)) });

/** The least a tap that adds a row costs this browser, on this machine, now: a row
 * added to a plain HTML list of 50 (no app) by a one-line handler, 20 times, timed as
 * the item edits are. This machine's speed changes from hour to hour (by half, on the
 * phone profile): the item figures are read against this one, taken beside them. */
async function plainList(browser, profile) {
  const { context, page } = await plainListOnPhone(browser, 50);
  await page.evaluate(TIMED);
  await profiled(context, page, profile);
  const times = await page.evaluate(async (n) => {
    const out = [];
    for (let i = 0; i < n; i++) {
      const before = document.querySelectorAll('#l > li').length;
      out.push(await window.__timed(() => document.querySelector('#add').click(), () => document.querySelectorAll('#l > li').length === before + 1));
      await new Promise((r) => setTimeout(r, 20));
    }
    return out;
  }, 20);
  await context.close();
  return times;
}

async function hundred(browser, url, profile) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const list = Array.from({ length: 100 }, (_, n) => small(`Character ${n + 1}`));
    const context = await contextWith(browser, list);
    const page = await context.newPage();
    await profiled(context, page, profile);
    await page.goto(url);
    await page.waitForFunction(() => 'cards100' in (window.__marks || {}), null, { timeout: 120000 });
    // From the wasm's start to the hundredth card, so the network is not counted.
    times.push(
      await page.evaluate(() => {
        const wasm = performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'));
        return window.__marks.cards100 - (wasm ? wasm.responseEnd : 0);
      }),
    );
    await context.close();
  }
  return summary(times);
}

/** In the page: waits (up to 2 minutes) until `done()`, then gives the time since `t0`. */
const SOON = () => {
  window.__soon = (done, t0) =>
    new Promise((ok, fail) => {
      const look = () => {
        if (done()) return ok(performance.now() - t0);
        if (performance.now() - t0 > 120000) return fail(new Error('not in 2 minutes'));
        requestAnimationFrame(look);
      };
      look();
    });
};

/** A campaign pack of 5 × 1,000 entries (`fixtures.bigPack`), as a game master who
 * typed in a whole catalogue uses it: the packs page shown, the pack's editor opened
 * from it, an entry found by name, renamed, and a character's add form offering the
 * pack's entries as a name is typed. Each from the input to the screen showing it. */
async function catalogue(browser, url, profile) {
  const out = { packsPage: [], editor: [], find: [], rename: [], offers: [] };
  for (let i = 0; i < RUNS; i++) {
    const pack = bigPack();
    const c = small();
    const context = await contextWith(browser, [c]);
    await context.addInitScript(SOON);
    await context.addInitScript((p) => {
      if (localStorage.getItem(`sheetwright.pack.${p.id}`) === null) localStorage.setItem(`sheetwright.pack.${p.id}`, JSON.stringify(p));
    }, pack);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'library' in (window.__marks || {}), null, { timeout: 120000 });
    await page.evaluate(() => window.__unwatch());
    await profiled(context, page, profile);
    const timed = (f, arg) => page.evaluate(f, arg);
    out.packsPage.push(
      await timed(() => {
        const t0 = performance.now();
        location.hash = '#/packs';
        return window.__soon(() => [...document.querySelectorAll('h3')].some((h) => h.textContent === 'The whole catalogue'), t0);
      }),
    );
    out.editor.push(
      await timed((id) => {
        const t0 = performance.now();
        location.hash = `#/packs/${id}`;
        return window.__soon(() => [...document.querySelectorAll('summary strong')].some((s) => s.textContent === 'Technique 50'), t0);
      }, pack.id),
    );
    out.find.push(
      await timed(() => {
        const input = document.querySelector('#find-abilities');
        const t0 = performance.now();
        input.value = 'technique 999';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return window.__soon(() => [...document.querySelectorAll('summary strong')].some((s) => s.textContent === 'Technique 999') && ![...document.querySelectorAll('summary strong')].some((s) => s.textContent === 'Technique 1'), t0);
      }),
    );
    await page.locator('summary', { hasText: 'Technique 999' }).click();
    await page.locator('#ability-999-name').waitFor();
    out.rename.push(
      await timed(() => {
        const input = document.querySelector('#ability-999-name');
        const t0 = performance.now();
        input.value = 'Thousand Cuts';
        input.dispatchEvent(new Event('change', { bubbles: true }));
        return window.__soon(() => [...document.querySelectorAll('summary strong')].some((s) => s.textContent === 'Thousand Cuts'), t0);
      }),
    );
    await page.evaluate((id) => (location.hash = `#/c/${id}/gear`), c.id);
    const adder = page.locator('summary', { hasText: 'Add an ability…' });
    await adder.click({ timeout: 120000 });
    await page.locator('.pack-offers').first().waitFor({ timeout: 120000 });
    out.offers.push(
      await timed(() => {
        const input = document.querySelector('#ability-name');
        const t0 = performance.now();
        input.value = 'technique 99';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return window.__soon(() => [...document.querySelectorAll('.offer-name')].some((s) => s.textContent === 'Technique 99'), t0);
      }),
    );
    await context.close();
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, summary(v)]));
}

// ---- Lighthouse ---------------------------------------------------------------------

// Installed by scripts/bench.sh in a cache folder, not in package.json (the CI set-up
// does not need it).
const LIGHTHOUSE_PREFIX = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'sheetwright/lighthouse');
const LIGHTHOUSE = join(LIGHTHOUSE_PREFIX, 'node_modules/lighthouse');

/** One Lighthouse run (mobile preset, performance only) on `target`, in a Chromium of
 * its own on a fresh profile holding only `characters`. Lighthouse is told to keep the
 * storage, so a sheet finds its character; nothing of the app is cached beforehand. */
async function lighthouseOnce(lighthouse, url, target, characters) {
  const profile = mkdtempSync(join(tmpdir(), 'sheetwright-lighthouse-'));
  const chrome = await startChromium(profile);
  // Chromium runs in a process group of its own: stopped also if the bench is cut short
  // (Ctrl+C exits from playwright's handler, past the finally below).
  const stop = () => {
    try {
      process.kill(-chrome.proc.pid, 'SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    } catch {}
  };
  process.on('exit', stop);
  try {
    if (characters.length) {
      // localStorage of the app's origin, written from a blank page answered here, so
      // the app itself is not loaded.
      const browser = await chromium.connectOverCDP(chrome.ws);
      const page = await browser.contexts()[0].newPage();
      await page.route(`${url}bench-storage`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
      await page.goto(`${url}bench-storage`);
      await page.evaluate((list) => {
        for (const c of list) localStorage.setItem(`sheetwright.character.${c.id}`, JSON.stringify(c));
      }, characters);
      await page.close();
      await browser.close();
    }
    const flags = { port: Number(new URL(chrome.ws).port), onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' };
    const { lhr } = await lighthouse(target, flags);
    if (lhr.runtimeError) console.log(`  lighthouse on ${target}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id) => lhr.audits[id].numericValue;
    return {
      score: Math.round((lhr.categories.performance.score ?? NaN) * 100),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      fcp: metric('first-contentful-paint'),
    };
  } finally {
    process.off('exit', stop);
    await killChromium(chrome.proc);
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The list on an empty profile and a deep link to a stored character, `RUNS` times each. */
async function lighthouseFigures(url) {
  const { default: lighthouse } = await import(pathToFileURL(join(LIGHTHOUSE, 'core/index.js')).href);
  const out = { list: { score: [], lcp: [], tbt: [], fcp: [] }, sheet: { score: [], lcp: [], tbt: [], fcp: [] } };
  const push = (key, r) => {
    for (const [k, v] of Object.entries(r)) out[key][k].push(v);
  };
  for (let i = 0; i < RUNS; i++) {
    push('list', await lighthouseOnce(lighthouse, url, url, []));
    const c = small();
    push('sheet', await lighthouseOnce(lighthouse, url, `${url}#/c/${c.id}`, [c]));
  }
  const s = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, summary(v)]));
  const version = JSON.parse(readFileSync(join(LIGHTHOUSE, 'package.json'), 'utf8')).version;
  return { version, list: s(out.list), sheet: s(out.sheet) };
}

// ---- report -------------------------------------------------------------------------

const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)} ms` : '—');
const range = (s) => `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})`;

// Compressed as GitHub Pages sends the files, so a visit over slow 4G carries what a
// player's does.
const server = await serveDist(dist, '/', 0, { gzip: true });
const browser = await launchBrowser();
const results = { date: new Date().toISOString(), runs: RUNS, bytes: bytes(), profiles: {} };
try {
  for (const profile of PROFILES) {
    console.log(`measuring: ${profile}`);
    const r = {};
    if (FIGURES.includes('visits')) r.visits = await visits(browser, server.url, profile);
    if (FIGURES.includes('tabs')) {
      r.tabs = { small: await tabSwitches(browser, server.url, profile, small()), heavy: await tabSwitches(browser, server.url, profile, heavy()) };
    }
    if (FIGURES.includes('input')) r.input = await inputToScreen(browser, server.url, profile);
    if (FIGURES.includes('items')) r.items = await itemEdits(browser, server.url, profile);
    if (FIGURES.includes('hundred')) r.hundredCharacters = await hundred(browser, server.url, profile);
    if (FIGURES.includes('pack')) r.catalogue = await catalogue(browser, server.url, profile);
    results.profiles[profile] = r;
  }
  if (FIGURES.includes('lighthouse')) {
    if (existsSync(LIGHTHOUSE)) {
      console.log('measuring: lighthouse');
      results.lighthouse = await lighthouseFigures(server.url);
    } else {
      console.log(`lighthouse: skipped, not installed in ${LIGHTHOUSE_PREFIX} (scripts/bench.sh installs it)`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const b = results.bytes;
console.log(`\nFirst visit: ${kb(b.firstVisit.total.raw)} raw, ${kb(b.firstVisit.total.gzip)} gzip, ${kb(b.firstVisit.total.brotli)} brotli; offline cache ${kb(b.offlineCache.total.gzip)} gzip`);
for (const [k, v] of Object.entries(b.firstVisit.byKind)) console.log(`  ${k.padEnd(6)} ${kb(v.raw).padStart(10)} raw ${kb(v.gzip).padStart(10)} gzip ${kb(v.brotli).padStart(10)} brotli`);
console.log(`\nMedian (min–max) of ${RUNS} runs; p50 / p95 for samples.`);
const rows = [
  ['cold visit: first contentful paint', (r) => range(r.visits.coldList.fcp)],
  ['cold visit: list usable', (r) => range(r.visits.coldList.usable)],
  ['cold visit: Create tapped at once, answered', (r) => range(r.visits.create.answered)],
  ['cold visit: Create tapped at once, sheet open', (r) => range(r.visits.create.opened)],
  ['cold deep link: sheet accepts input', (r) => range(r.visits.coldSheet.usable)],
  ['repeat visit: first contentful paint', (r) => range(r.visits.repeatList.fcp)],
  ['repeat visit: list usable', (r) => range(r.visits.repeatList.usable)],
  ['repeat deep link: sheet accepts input', (r) => range(r.visits.repeatSheet.usable)],
  ['tab switch, small character (p50 / p95)', (r) => `${ms(r.tabs.small.switches.p50)} / ${ms(r.tabs.small.switches.p95)}`],
  ['tab switch, heavy character (p50 / p95)', (r) => `${ms(r.tabs.heavy.switches.p50)} / ${ms(r.tabs.heavy.switches.p95)}`],
  ['first open of Gear & XP, heavy character', (r) => ms(r.tabs.heavy.firstVisit.gear)],
  ['Might → derived values, heavy (p50 / p95)', (r) => `${ms(r.input.might.p50)} / ${ms(r.input.might.p95)}`],
  ['a letter of the name → top bar (p50 / p95)', (r) => `${ms(r.input.name.p50)} / ${ms(r.input.name.p95)}`],
  [`${ITEM_COUNT} items: add one (p50 / p95)`, (r) => `${ms(r.items.add.p50)} / ${ms(r.items.add.p95)}`],
  [`${ITEM_COUNT} items: change a quantity (p50 / p95)`, (r) => `${ms(r.items.edit.p50)} / ${ms(r.items.edit.p95)}`],
  [`${ITEM_COUNT} items: remove one (p50 / p95)`, (r) => `${ms(r.items.remove.p50)} / ${ms(r.items.remove.p95)}`],
  [`${ITEM_COUNT} items: add one, main-thread work`, (r) => `${ms(r.items.add.work.p50)} / ${ms(r.items.add.work.p95)}`],
  [`${ITEM_COUNT} items: change a quantity, work`, (r) => `${ms(r.items.edit.work.p50)} / ${ms(r.items.edit.work.p95)}`],
  [`${ITEM_COUNT} items: remove one, work`, (r) => `${ms(r.items.remove.work.p50)} / ${ms(r.items.remove.work.p95)}`],
  ['floor: a row added to a plain list, work', (r) => `${ms(r.items.floor.work.p50)} / ${ms(r.items.floor.work.p95)}`],
  ['100 characters: wasm loaded → list shown', (r) => range(r.hundredCharacters)],
  ['5,000-entry pack: packs page shown', (r) => range(r.catalogue.packsPage)],
  ['5,000-entry pack: its editor opened', (r) => range(r.catalogue.editor)],
  ['5,000-entry pack: an entry found by name', (r) => range(r.catalogue.find)],
  ['5,000-entry pack: an entry renamed', (r) => range(r.catalogue.rename)],
  ['5,000-entry pack: offers as a name is typed', (r) => range(r.catalogue.offers)],
];
console.log(`${'figure'.padEnd(44)}${PROFILES.map((p) => p.padEnd(26)).join('')}`);
const cell = (f, r) => {
  try {
    return f(r);
  } catch {
    return 'not measured';
  }
};
for (const [name, f] of rows) console.log(`${name.padEnd(44)}${PROFILES.map((p) => cell(f, results.profiles[p]).padEnd(26)).join('')}`);
if (results.lighthouse) {
  const lh = results.lighthouse;
  const n = (x) => (Number.isFinite(x) ? x.toFixed(0) : '—');
  const score = (s) => `${n(s.median)} (${n(s.min)}–${n(s.max)})`;
  console.log(`\nLighthouse ${lh.version}, mobile preset, its own simulated throttling (run once, not per profile)`);
  console.log(`${'page'.padEnd(8)}${['performance', 'LCP', 'TBT', 'FCP'].map((h) => h.padEnd(26)).join('')}`);
  for (const page of ['list', 'sheet']) {
    const p = lh[page];
    console.log(`${page.padEnd(8)}${[score(p.score), range(p.lcp), range(p.tbt), range(p.fcp)].map((c) => c.padEnd(26)).join('')}`);
  }
}
console.log('\nwrote bench/results.json');
