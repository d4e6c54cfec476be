// Developer tool (not part of the benchmark): two or more builds' item edits, in turns,
// with the CPU as it is. The phone profile's 4× throttling makes a run's figures differ
// by ±1–2 ms, more than most single changes to the app are worth. Unthrottled, one
// build against itself gives medians (three rounds of 40) within 0.2 ms of each other
// (the page's timer counts in steps of 0.1 ms), so a change worth a few tenths of a
// millisecond here (a millisecond or more on the phone) shows.
//
// On the heavy character's Gear & XP with the add form in the middle of the screen, as
// `run.mjs` does: an item added, its row opened, its quantity changed and the item
// removed, `n` times per round. For each edit, the median of three times from the tap:
//   tap     until the tap's own handlers return (before Leptos's effects run);
//   script  until the list shows the edit (a MutationObserver sees it);
//   work    script plus the frame that shows it (its style, layout and paint), as
//           `run.mjs` counts an item edit's main-thread work.
//
//   node bench/items-ab.mjs <dist> [<dist> …] [rounds] [n]    (3 rounds of 40)
//   <dist>@/gear   opens the sheet at Gear & XP (the Sheet tab never drawn)
//   <dist>+css     with the rules in $CSS added to the page (a CSS change tried
//                  without a build: `CSS='…' node bench/items-ab.mjs dist dist+css`);
//                  with a route too: `dist@/gear+css`
//   RATE=4 …       with the phone profile's CPU throttling
//   EDITS=add,remove …  without the quantity change: the added row is opened untimed
//                  (where its Remove button is in its editor) and removed
import { launchBrowser, serveDist } from '../tests/e2e/harness.mjs';
import { heavyOnPhone } from './fixtures.mjs';

const args = process.argv.slice(2);
const builds = args.filter((a) => !/^\d+$/.test(a));
const [ROUNDS = 3, N = 40] = args.filter((a) => /^\d+$/.test(a)).map(Number);
const EDITS = (process.env.EDITS || 'add,quantity,remove').split(',');
/** A build's argument read once: its folder, the route it opens at, and whether $CSS is added. */
const parse = (b) => {
  const [dir, route = ''] = b.replace(/\+css$/, '').split('@');
  return { dir, route, css: /\+css$/.test(b) && Boolean(process.env.CSS) };
};
const servers = await Promise.all(builds.map((b) => serveDist(parse(b).dir)));
const browser = await launchBrowser();

/** In the page: the edits, each timed. */
const EDIT = async ([n, edits]) => {
  const rows = () => document.querySelectorAll('#inventory-list > li:not(.from-combat)');
  const out = { add: [], quantity: [], remove: [] };
  const settle = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
  const timed = (edit, act, done) =>
    new Promise((ok) => {
      const t0 = performance.now();
      let tap;
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        const at = performance.now();
        requestAnimationFrame(() => {
          const frame = performance.now();
          setTimeout(() => {
            out[edit].push([tap - t0, at - t0, at - t0 + performance.now() - frame]);
            ok();
          }, 0);
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      act();
      tap = performance.now();
    });
  const name = document.querySelector('#item-name');
  for (let i = 0; i < n; i++) {
    const before = rows().length;
    name.value = `Bench item ${i}`;
    name.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    await timed('add', () => document.querySelector('#add-item').click(), () => rows().length === before + 1);
    await settle();
    const row = [...rows()].find((li) => li.dataset.name === `Bench item ${i}`);
    if (!edits.includes('quantity')) {
      if (!row.querySelector('.item-remove')) {
        row.querySelector('.row-line').click();
        while (!row.querySelector('.item-remove')) await new Promise((r) => setTimeout(r, 0));
        await settle();
      }
      await timed('remove', () => row.querySelector('.item-remove').click(), () => rows().length === before);
      await settle();
      continue;
    }
    row.querySelector('.row-line').click();
    while (!row.querySelector('.qty-field input')) await new Promise((r) => setTimeout(r, 0));
    await settle();
    const qty = row.querySelector('.qty-field input');
    const want = String(2 + (i % 5));
    await timed('quantity', () => {
      qty.value = want;
      qty.dispatchEvent(new Event('input', { bubbles: true }));
      qty.dispatchEvent(new Event('change', { bubbles: true }));
    }, () => row.querySelector('.row-line').textContent.includes(`×${want}`));
    await settle();
    await timed('remove', () => row.querySelector('.item-remove').click(), () => rows().length === before);
    await settle();
  }
  return out;
};

async function edits(url, route, css) {
  const { context, page } = await heavyOnPhone(browser, url, route);
  if (!route) {
    await page.waitForSelector('#attr-might:not([disabled])', { timeout: 120000 });
    await page.getByRole('link', { name: 'Gear & XP', exact: true }).first().click();
  }
  await page.waitForSelector('#add-item', { state: 'attached', timeout: 120000 });
  await page.waitForTimeout(1500);
  if (css) await page.addStyleTag({ content: process.env.CSS });
  await page.evaluate(() => {
    document.querySelectorAll('.inventory-card details.adder').forEach((d) => (d.open = true));
    document.querySelector('#add-item').scrollIntoView({ block: 'center' });
  });
  await page.waitForTimeout(500);
  if (process.env.RATE) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE) });
  }
  const out = await page.evaluate(EDIT, [N, EDITS]);
  await context.close();
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const line = (r) =>
  EDITS.map((e) => `${e} ${[0, 1, 2].map((k) => median(r[e].map((x) => x[k])).toFixed(1)).join(' / ')}`).join('   ');
const all = builds.map(() => ({ add: [], quantity: [], remove: [] }));
try {
  console.log(`ms, median of ${N} per round: tap / script / work`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [b, build] of builds.entries()) {
      const { route, css } = parse(build);
      const r = await edits(servers[b].url, route, css);
      for (const e of EDITS) all[b][e].push(...r[e]);
      console.log(`round ${round}  ${build}:  ${line(r)}`);
    }
  }
  for (const [b, build] of builds.entries()) console.log(`all ${ROUNDS} rounds  ${build}:  ${line(all[b])}`);
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}
