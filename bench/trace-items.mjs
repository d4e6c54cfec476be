// Developer tool (not part of the benchmark): where an item edit's time goes on the
// heavy character, on the phone profile (4× CPU). With the add form on screen, adds an item, changes its quantity
// and removes it, `n` times, under a trace, and prints per edit: script, style,
// layout, pre-paint and paint (top-level trace events, summed over the edits), and
// the work of the first frame after each edit (the one that shows it: from the tap
// to that frame's end) by event.
//   node bench/trace-items.mjs <dist> [n]
//   SEQ=1 …     the events of two adds in order, with their times
import { launchBrowser, serveDist } from '../tests/e2e/harness.mjs';
import { heavyOnPhone } from './fixtures.mjs';
import { describe, firstFrames } from './first-frame.mjs';

const dist = process.argv[2] || 'dist';
const N = Number(process.argv[3] || 10);
const server = await serveDist(dist);
const browser = await launchBrowser();
try {
  const { context, page } = await heavyOnPhone(browser, server.url, '/gear');
  await page.waitForSelector('#add-item', { state: 'attached', timeout: 120000 });
  await page.waitForTimeout(1500);
  // CSS=… tries a rule without a build (e.g. a containment on the rows).
  if (process.env.CSS) await page.addStyleTag({ content: process.env.CSS });
  await page.evaluate(() => document.querySelectorAll('.inventory-card details.adder').forEach((d) => (d.open = true)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE || 4) });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const traced = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  await page.evaluate(async (n) => {
    const rows = () => document.querySelectorAll('#inventory-list > li:not(.from-combat)');
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const until = async (f) => { while (!f()) await new Promise((r) => setTimeout(r, 0)); };
    const name = document.querySelector('#item-name');
    // The form on screen, as when a player taps Add.
    document.querySelector('#add-item').scrollIntoView({ block: 'center' });
    await new Promise((r) => setTimeout(r, 500));
    for (let i = 0; i < n; i++) {
      const before = rows().length;
      name.value = `Traced item ${i}`;
      name.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 100));
      performance.mark('add');
      document.querySelector('#add-item').click();
      await until(() => rows().length === before + 1);
      await frame();
      performance.mark('add-end');
      await new Promise((r) => setTimeout(r, 100));
      const last = [...rows()].find((li) => li.dataset.name === `Traced item ${i}`);
      last.querySelector('.row-line').click();
      await until(() => last.querySelector('.qty-field input'));
      await new Promise((r) => setTimeout(r, 100));
      const qty = last.querySelector('.qty-field input');
      performance.mark('edit');
      qty.value = '3';
      qty.dispatchEvent(new Event('input', { bubbles: true }));
      qty.dispatchEvent(new Event('change', { bubbles: true }));
      await until(() => last.querySelector('.row-line').textContent.includes('×3'));
      await frame();
      performance.mark('edit-end');
      await new Promise((r) => setTimeout(r, 100));
      performance.mark('remove');
      last.querySelector('.item-remove').click();
      await until(() => rows().length === before);
      await frame();
      performance.mark('remove-end');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, N);
  await cdp.send('Tracing.end');
  await traced;
  const marks = events.filter((e) => e.cat.includes('blink.user_timing') && e.ph === 'R' || (e.cat.includes('user_timing') && (e.ph === 'I' || e.ph === 'R' || e.ph === 'n')));
  const windows = { add: [], edit: [], remove: [] };
  const open = {};
  for (const m of marks.sort((a, b) => a.ts - b.ts)) {
    const [what, end] = m.name.split('-');
    if (!(what in windows)) continue;
    if (end) windows[what].push([open[what], m.ts]);
    else open[what] = m.ts;
  }
  // The renderer's main thread: where the marks are.
  const tid = marks[0]?.tid;
  if (process.env.DEBUG) {
    const [a, b] = windows.add[0];
    const names = new Map();
    for (const e of events) if (e.ts >= a && e.ts <= b) names.set(`${e.tid} ${e.ph} ${e.name}`, (names.get(`${e.tid} ${e.ph} ${e.name}`) || 0) + (e.dur || 0));
    console.log(tid, [...names].sort((x, y) => y[1] - x[1]).slice(0, 30));
  }
  if (process.env.SEQ) {
    for (const [a, b] of windows.add.slice(1, 3)) {
      const evs = events.filter((e) => e.tid === tid && e.ph === 'X' && e.ts >= a && e.ts <= b && e.dur > 50).sort((x, y) => x.ts - y.ts);
      for (const e of evs) console.log(((e.ts - a) / 1000).toFixed(2).padStart(7), (e.dur / 1000).toFixed(2).padStart(6), e.name, JSON.stringify(e.args?.data || e.args?.beginData || '').slice(0, 140));
      console.log('----');
    }
  }
  if (process.env.LAYOUT) {
    for (const [a, b] of windows.add.slice(0, 2)) for (const e of events) if (e.tid === tid && e.ts >= a && e.ts <= b && e.name === 'Layout') console.log(e.dur, JSON.stringify(e.args));
  }
  // The first frame after each edit (the one that shows it): the work from the tap to
  // that frame's end (its first Layerize), by kind.
  for (const [what, ws] of Object.entries(windows)) console.log(`${what.padEnd(7)} first frame: ${describe(firstFrames(events, tid, ws))}`);
  const KINDS = { script: ['FunctionCall', 'EventDispatch', 'TimerFire', 'FireIdleCallback', 'FireAnimationFrame', 'v8.callFunction'], style: ['UpdateLayoutTree'], layout: ['Layout'], prepaint: ['PrePaint'], paint: ['Paint', 'Layerize', 'Commit'] };
  for (const [what, ws] of Object.entries(windows)) {
    const sums = {};
    for (const [kind, names] of Object.entries(KINDS)) {
      let total = 0;
      for (const [a, b] of ws) {
        // Top-level only: events of that kind not inside another counted one.
        const evs = events.filter((e) => e.ph === 'X' && e.tid === tid && names.includes(e.name) && e.ts >= a && e.ts <= b);
        const outer = evs.filter((e) => !evs.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && (o.ts < e.ts || o.dur > e.dur)));
        total += outer.reduce((s, e) => s + e.dur, 0);
      }
      sums[kind] = (total / 1000 / ws.length).toFixed(1);
    }
    const wall = ws.reduce((s, [a, b]) => s + (b - a), 0) / 1000 / ws.length;
    console.log(`${what.padEnd(7)} per edit: ${Object.entries(sums).map(([k, v]) => `${k} ${v} ms`).join(', ')}; wall ${wall.toFixed(1)} ms (${ws.length} edits)`);
  }
} finally {
  await browser.close();
  await server.close();
}
