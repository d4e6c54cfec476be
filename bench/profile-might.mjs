// Developer tool (not part of the benchmark): where the time goes when Might changes on
// the heavy character. Prints the browser's task, script, style and layout time, the
// trace events by name, and a CPU profile summed by function (self and inclusive). Use
// a build whose wasm keeps its names: `SPLIT_KEEP_NAMES=1 bash scripts/build.sh <dist>`.
//   node bench/profile-might.mjs <dist> [changes]
//   ALL=1 …      inclusive time of every function, not only this crate's and clones
//   TARGET=name  which functions the ones whose name contains `name` are called from
//   ACTION=items on Gear & XP, adds an item and removes it again (`changes` times)
//                instead of changing Might
import { launchBrowser, serveDist } from '../tests/e2e/harness.mjs';
import { heavyOnPhone } from './fixtures.mjs';

const dist = process.argv[2] || 'dist';
const N = Number(process.argv[3] || 40);
const server = await serveDist(dist);
const browser = await launchBrowser();
try {
  const { context, page } = await heavyOnPhone(browser, server.url);
  await page.waitForSelector('#attr-might:not([disabled])', { timeout: 120000 });
  for (const label of ['Combat', 'Gear & XP', 'Sheet']) {
    await page.getByRole('link', { name: label, exact: true }).first().click();
    await page.waitForTimeout(1500);
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Performance.enable');
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const traced = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,blink.user_timing,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  if (process.env.ACTION === 'items') {
    await page.getByRole('link', { name: 'Gear & XP', exact: true }).first().click();
    await page.waitForTimeout(1500);
    await page.evaluate(() => document.querySelectorAll('.inventory-card details.adder').forEach((d) => (d.open = true)));
    await page.evaluate(async (n) => {
      const rows = () => document.querySelectorAll('#inventory-list > li:not(.from-combat)');
      const name = document.querySelector('#item-name');
      for (let i = 0; i < n; i++) {
        name.value = `Profiled item ${i}`;
        name.dispatchEvent(new Event('input', { bubbles: true }));
        document.querySelector('#add-item').click();
        await new Promise((r) => setTimeout(r, 30));
        const last = [...rows()].find((li) => li.dataset.name === `Profiled item ${i}`);
        last.querySelector('.row-line').click();
        while (!last.querySelector('.item-remove')) await new Promise((r) => setTimeout(r, 0));
        last.querySelector('.item-remove').click();
        await new Promise((r) => setTimeout(r, 30));
      }
    }, N);
  } else {
    await page.evaluate(async (n) => {
      const input = document.querySelector('#attr-might');
      for (let i = 0; i < n; i++) {
        input.value = String(i % 2 ? 12 : 16);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => setTimeout(r, 30));
      }
    }, N);
  }
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traced;
  const byName = new Map();
  for (const e of events) if (e.ph === 'X' && e.dur) byName.set(e.name, (byName.get(e.name) || 0) + e.dur / 1000);
  for (const [name, ms] of [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`trace ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  const after = await metrics();
  for (const k of ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'RecalcStyleCount', 'LayoutCount', 'Nodes']) {
    const d = after[k] - (before[k] || 0);
    console.log(`${k}: ${k.endsWith('Duration') ? (d * 1000).toFixed(0) + ' ms' : d} (now ${after[k]})`);
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const name = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}`;
    self.set(name, (self.get(name) || 0) + (dt[i] || 0) / 1000);
  });
  // Inclusive time: each sample counts once for every function on its stack.
  const parent = new Map();
  for (const n of profile.nodes) for (const ch of n.children || []) parent.set(ch, n.id);
  const incl = new Map();
  profile.samples.forEach((id, i) => {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at).callFrame;
      const name = (f.functionName || '(anon)').replace(/::h[0-9a-f]{16}$/, '');
      if (seen.has(name)) continue;
      seen.add(name);
      incl.set(name, (incl.get(name) || 0) + (dt[i] || 0) / 1000);
    }
  });
  // Which of our functions a given function (TARGET) is called from.
  if (process.env.TARGET) {
    const from = new Map();
    profile.samples.forEach((id, i) => {
      const names = [];
      for (let at = id; at !== undefined; at = parent.get(at)) names.push(byId.get(at).callFrame.functionName.replace(/::h[0-9a-f]{16}$/, ''));
      const t = names.findIndex((n) => n.includes(process.env.TARGET));
      if (t < 0) return;
      const ours = names.slice(t + 1).filter((n) => !/^(tachys|core::|alloc|reactive_graph::(effect|graph|owner|computed::inner))/.test(n) || n.includes('sheetwright::')).slice(0, 3).join(' <- ') || '(none)';
      from.set(ours, (from.get(ours) || 0) + (dt[i] || 0) / 1000);
    });
    for (const [name, ms] of [...from.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`from ${ms.toFixed(1).padStart(8)} ms  ${name.slice(0, 220)}`);
  }
  const mine = (n) => /sheetwright::|Derivations|encumbrance|derived/.test(n);
  for (const [name, ms] of [...incl.entries()].filter(([n]) => process.env.ALL || mine(n) || /serde|clone/.test(n)).sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`incl ${ms.toFixed(1).padStart(8)} ms  ${name.slice(0, 160)}`);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`total sampled ${total.toFixed(0)} ms over ${N} changes`);
  for (const [name, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 45)) {
    console.log(`${ms.toFixed(1).padStart(8)} ms  ${name.slice(0, 150)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
