// A small end-to-end harness: serves dist/ on 127.0.0.1, drives Debian's Chromium with
// playwright-core, runs the registered tests one by one, and prints
// "N passed, N failed". Everything it starts, it stops.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** Serves `root` under `base` (e.g. "/" or "/sheetwright/") on 127.0.0.1; unknown
 * paths get 404.html when it exists, as GitHub Pages does. With `gzip`, every file but
 * a PNG (compressed already) goes out gzip-compressed to a browser that accepts it, as
 * GitHub Pages sends them: the benchmark's visits over a slow network then carry a
 * player's bytes, and the sub-path test checks the app as it is served. */
export async function serveDist(root, base = '/', port = 0, { gzip = false } = {}) {
  root = resolve(root);
  const packed = new Map();
  const send = (req, res, status, type, body, file) => {
    const headers = { 'content-type': type };
    if (status === 200) headers['cache-control'] = 'no-cache';
    if (gzip && type !== 'image/png' && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
      if (!packed.has(file)) packed.set(file, gzipSync(body));
      body = packed.get(file);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    res.writeHead(status, headers);
    res.end(body);
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let path = decodeURIComponent(url.pathname);
    if (!path.startsWith(base)) {
      res.writeHead(404).end('not under base');
      return;
    }
    path = path.slice(base.length);
    if (path === '' || path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const s = await stat(file);
      if (!s.isFile()) throw new Error('not a file');
      const body = await readFile(file);
      send(req, res, 200, MIME[extname(file)] || 'application/octet-stream', body, file);
    } catch {
      try {
        const body = await readFile(join(root, '404.html'));
        send(req, res, 404, MIME['.html'], body, join(root, '404.html'));
      } catch {
        res.writeHead(404).end('not found');
      }
    }
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  const bound = server.address().port;
  return { url: `http://127.0.0.1:${bound}${base}`, close: () => new Promise((ok) => server.close(ok)) };
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Starts Chromium as its own process group on the profile directory `profile` (kept
 * on disk, so a restart finds what the last run saved); resolves with the process
 * and its DevTools address, for `chromium.connectOverCDP`. */
export function startChromium(profile) {
  const proc = spawn(
    '/usr/bin/chromium',
    ['--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...CHROMIUM_ARGS, 'about:blank'],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((ok, fail) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not start:\n${text}`)), 20000);
    proc.stderr.on('data', (chunk) => {
      text += chunk;
      const m = text.match(/DevTools listening on (ws:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        proc.stderr.removeAllListeners('data');
        proc.stderr.resume();
        ok({ proc, ws: m[1] });
      }
    });
    proc.on('exit', () => fail(new Error(`Chromium exited:\n${text}`)));
  });
}

/** Kills a Chromium from `startChromium` and all its processes at once (SIGKILL: no
 * chance to save, as in a crash or a phone's low-memory killer). */
export function killChromium(proc) {
  return new Promise((ok) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return ok();
    proc.once('exit', () => ok());
    try {
      process.kill(-proc.pid, 'SIGKILL');
    } catch {
      ok();
    }
  });
}

export function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

const tests = [];
/** Registers a test: `fn({ page, context, browser, url, newPage })`. */
export function test(name, fn, options = {}) {
  tests.push({ name, fn, options });
}

export function assert(cond, message) {
  if (!cond) throw new Error(message || 'assertion failed');
}

export function assertEqual(actual, expected, what = 'value') {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/** Waits until `fn()` returns something truthy, or fails with `what`. */
/** The words of the visible elements matched by `selector` that the layout breaks
 * across two lines, as "tag.class: word". */
export async function wordsBrokenAcrossLines(page, selector) {
  return page.evaluate((sel) => {
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      if (el.offsetParent === null) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        // A hyphen is where a word may break ("re-/roll").
        for (const m of n.textContent.matchAll(/[^\s-]+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          const lines = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
          if (lines.size > 1) out.push(`${el.tagName.toLowerCase()}.${el.className}: ${m[0]}`);
        }
      }
    }
    return out;
  }, selector);
}

/**
 * Taps "Print character" and waits until the app asks the browser to print (after the
 * tabs not yet opened are drawn, their chunks fetched): the page is then what goes on
 * paper. The browser's own print dialog is not opened.
 */
export async function printCharacter(page) {
  await page.evaluate(() => {
    window.__printed = new Promise((resolve) => {
      window.print = () => resolve(true);
    });
  });
  await page.getByRole('button', { name: 'Print character' }).click();
  const printed = await page.evaluate(() => Promise.race([window.__printed, new Promise((r) => setTimeout(() => r(false), 15000))]));
  assert(printed, '"Print character" asks the browser to print');
}

/** Commits `value` into the field `selector` of `page` (an `input` or `change` event,
 * as the field takes it) at the moment `at` of the shared clock: two pages' edits
 * made at the same moment, as two tabs' can be. */
export const commitAt = (page, selector, value, at, event = 'input') =>
  page.evaluate(
    ([selector, value, at, event]) =>
      new Promise((done) => {
        setTimeout(() => {
          const el = document.querySelector(selector);
          el.value = value;
          el.dispatchEvent(new Event(event, { bubbles: true }));
          done();
        }, Math.max(0, at - Date.now()));
      }),
    [selector, value, at, event],
  );

/** The crash-safe copy's record under `key` (undefined when there is none). */
export const readCopy = (page, key) =>
  page.evaluate(
    (key) =>
      new Promise((ok, fail) => {
        const open = indexedDB.open('sheetwright', 1);
        open.onsuccess = () => {
          const get = open.result.transaction('characters').objectStore('characters').get(key);
          get.onsuccess = () => ok(get.result);
          get.onerror = () => fail(get.error);
        };
        open.onerror = () => fail(open.error);
      }),
    key,
  );

export async function eventually(fn, what, timeout = 5000) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what} (last: ${last})`);
}

/** Per-test helpers. `open()` opens the app in a fresh browser context (or `context`)
 * and waits for the sheet; any page error, console error, dialog, or request that
 * leaves 127.0.0.1 fails the test. */
function makeContext(browser, url) {
  const problems = [];
  const contexts = [];
  const watch = (page) => {
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.protocol.startsWith('http') && u.hostname !== '127.0.0.1') {
        problems.push(`request beyond the app's origin: ${r.url()}`);
      }
    });
    page.on('dialog', (d) => {
      problems.push(`a dialog opened: ${d.message()}`);
      d.dismiss().catch(() => {});
    });
  };
  return {
    browser,
    url,
    problems,
    async newContext(viewport = { width: 390, height: 844 }, options = {}) {
      const c = await browser.newContext({ viewport, ...options });
      contexts.push(c);
      return c;
    },
    /** Opens the app on its start screen, the character list. */
    async openLibrary({ viewport, context, path = '' } = {}) {
      context = context || (await this.newContext(viewport));
      const page = await context.newPage();
      watch(page);
      await page.goto(url + path);
      await page.waitForSelector('[data-screen=library], #character-name');
      return page;
    },
    /** Opens the app with a character sheet on screen: a new character of `ruleset`
     * (or the page at `path`, when it is a sheet's address). */
    async open({ viewport, context, path = '', ruleset } = {}) {
      const page = await this.openLibrary({ viewport, context, path });
      if (!(await page.$('#character-name'))) {
        if (ruleset) await page.selectOption('#new-ruleset', ruleset);
        await page.click('#new-character');
        await page.waitForSelector('#character-name');
      }
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
    },
  };
}

export async function run() {
  const only = process.env.E2E_FILTER;
  const dist = process.env.DIST || 'dist';
  const server = await serveDist(dist);
  const browser = await launchBrowser();
  let passed = 0;
  let failed = 0;
  try {
    for (const t of tests) {
      if (only && !t.name.includes(only)) continue;
      const started = Date.now();
      const ctx = makeContext(browser, server.url);
      try {
        await t.fn(ctx);
        assert(ctx.problems.length === 0, ctx.problems.join('\n'));
        passed++;
        console.log(`  ✔ ${t.name} (${Date.now() - started} ms)`);
      } catch (e) {
        failed++;
        console.log(`  ✘ ${t.name}\n      ${String((e && e.stack) || e).split('\n').join('\n      ')}`);
      } finally {
        await ctx.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

/** Waits until the sheet's tab `tab` (just tapped) is the one shown and drawn, with
 * no part still "Opening…": until then the tab before still is. Returns the panel. */
export async function tabShown(page, tab) {
  const shown = page.locator('.tab-panel:not([hidden])');
  await eventually(async () => (await shown.getAttribute('data-tab')) === tab && (await shown.locator('[aria-busy=true]').count()) === 0, `the ${tab} tab drawn`);
  return shown;
}

/** Opens the fold whose summary reads `text` (an add form, an optional rule's card)
 * with a tap, as a player does; leaves it as it is when it is open already. */
export async function unfold(scope, text) {
  const summary = scope.locator('summary').filter({ hasText: text }).first();
  if (!(await summary.evaluate((s) => s.parentElement.open))) await summary.click();
}

/** Presses the action `name` ("Rename", "Delete"…) on a library card, opening the
 * card's "⋯" menu first where the actions wait behind it (a phone), as a player does. */
export async function cardAction(card, name) {
  const menu = card.locator('.card-menu');
  if (!(await menu.evaluate((d) => d.open)) && (await menu.locator('summary').isVisible())) {
    await menu.locator('summary').click();
  }
  await card.getByRole('button', { name, exact: true }).click();
}
