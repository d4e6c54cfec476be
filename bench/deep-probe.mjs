// Developer tool (not part of the benchmark): a cold deep link to a small character's
// sheet on a 4× slower CPU; prints each main-thread task over 40 ms, the trace events it
// holds by name and, from a CPU profile, the inclusive time of our functions in it (on
// a build that keeps its names: `SPLIT_KEEP_NAMES=1 bash scripts/build.sh <dist>`).
//   node bench/deep-probe.mjs <dist>
//   NOPROF=1 …   no CPU profile: the profiler's code logging (wasm.LogCode) makes
//                every task longer, so read durations without it
import { launchBrowser, serveDist } from '../tests/e2e/harness.mjs';
import { small } from './fixtures.mjs';
const dist = process.argv[2] || 'dist';
const server = await serveDist(dist, '/', 0, { gzip: true });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const url = server.url;
  const c = small();
  const p0 = await context.newPage();
  await p0.route(`${url}bench-storage`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
  await p0.goto(`${url}bench-storage`);
  await p0.evaluate((c) => localStorage.setItem(`sheetwright.character.${c.id}`, JSON.stringify(c)), c);
  await p0.close();
  // The deep link on a fresh page: nothing of the app was loaded in this context yet.
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const prof = !process.env.NOPROF;
  if (prof) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  }
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const traced = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,v8.wasm,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  if (prof) await cdp.send('Profiler.start');
  await page.goto(`${url}#/c/${c.id}`);
  await page.waitForSelector('#attr-might:not([disabled])', { timeout: 120000 });
  await page.waitForTimeout(3000);
  const { profile } = prof ? await cdp.send('Profiler.stop') : { profile: { nodes: [], samples: [], timeDeltas: [], startTime: 0 } };
  await cdp.send('Tracing.end');
  await traced;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tid = main.tid, pid = main.pid;
  const tasks = events.filter((e) => e.tid === tid && e.pid === pid && e.name === 'RunTask' && e.dur > 40000).sort((a, b) => a.ts - b.ts);
  const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  // profile samples with absolute times
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const ch of n.children || []) parent.set(ch, n.id);
  let t = profile.startTime;
  const samples = profile.samples.map((id, i) => ((t += profile.timeDeltas[i]), { id, t, dt: profile.timeDeltas[i] }));
  // Blocking time as Lighthouse counts it (each task's time over 50 ms), from the first
  // task that runs the app's wasm.
  const first = tasks.findIndex((t) => events.some((e) => e.tid === tid && e.name.startsWith('wasm.') && e.ts >= t.ts && e.ts <= t.ts + t.dur));
  const blocking = tasks.slice(Math.max(first, 0)).reduce((n, t) => n + Math.max(0, t.dur / 1000 - 50), 0);
  console.log(`blocking time from the wasm's start: ${blocking.toFixed(0)} ms`);
  for (const task of tasks) {
    const inside = events.filter((e) => e.tid === tid && e.pid === pid && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur || 0) <= task.ts + task.dur && e !== task);
    const byName = new Map();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) || 0) + (e.dur || 0) / 1000);
    console.log(`\nTASK at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms: ` + [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, d]) => `${n} ${d.toFixed(0)}`).join(', '));
    const incl = new Map();
    for (const s of samples) {
      if (s.t < task.ts || s.t > task.ts + task.dur) continue;
      const seen = new Set();
      for (let at = s.id; at !== undefined; at = parent.get(at)) {
        const name = (byId.get(at).callFrame.functionName || '(anon)').replace(/::h[0-9a-f]{16}$/, '');
        if (seen.has(name)) continue;
        seen.add(name);
        incl.set(name, (incl.get(name) || 0) + s.dt / 1000);
      }
    }
    for (const [n, d] of [...incl.entries()].filter(([n]) => new RegExp(process.env.FILTER || 'sheetwright|serde|instantiate|compile|leptos|tachys').test(n)).sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`   ${d.toFixed(1).padStart(7)} ms ${n.slice(0, 150)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
