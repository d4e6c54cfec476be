// Developer tool (not part of the benchmark): what one frame costs the browser at the
// least on this machine, on the phone profile (4× CPU), to read the item figures
// against. A page of plain HTML (a list of `n` rows and a button, no app) adds a row on
// each tap; a trace gives the work from the tap to the end of the frame that shows it
// (as `trace-items.mjs` gives it for the app), by event. This machine's speed changes
// by the hour: run it beside the figures it is compared with.
//   node bench/frame-floor.mjs [n]        (n rows, 50 unless given)
import { launchBrowser } from '../tests/e2e/harness.mjs';

const N = Number(process.argv[2] || 50);
const TAPS = 14;
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const rows = Array.from({ length: N }, (_, i) => `<li><button><strong>Thing ${i}</strong> ×2 <span>counts 1</span></button></li>`).join('');
  await page.setContent(`<style>li{padding:8px;border-bottom:1px solid #ccc}</style><h1>Floor</h1><ul id=l>${rows}</ul><button id=add>Add</button>`);
  await page.evaluate(() => {
    document.querySelector('#add').onclick = () => {
      const li = document.createElement('li');
      li.innerHTML = '<button><strong>New</strong> <span>counts 1</span></button>';
      document.querySelector('#l').append(li);
    };
    document.querySelector('#add').scrollIntoView({ block: 'center' });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const traced = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  await page.evaluate(async (taps) => {
    for (let i = 0; i < taps; i++) {
      performance.mark('add');
      document.querySelector('#add').click();
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      performance.mark('add-end');
      await new Promise((r) => setTimeout(r, 150));
    }
  }, TAPS);
  await cdp.send('Tracing.end');
  await traced;
  const marks = events.filter((e) => e.cat.includes('user_timing')).sort((a, b) => a.ts - b.ts);
  const tid = marks[0].tid;
  const windows = [];
  let open;
  for (const m of marks) {
    if (m.name === 'add') open = m.ts;
    else if (m.name === 'add-end') windows.push([open, m.ts]);
  }
  // The main thread's top-level events from the tap to the end of the frame's first
  // Layerize, summed by name.
  const top = events.filter((e) => e.tid === tid && e.ph === 'X' && e.dur).sort((x, y) => x.ts - y.ts);
  const sums = {};
  let n = 0;
  for (const [a, b] of windows) {
    const lay = top.find((e) => e.name === 'Layerize' && e.ts >= a && e.ts <= b);
    if (!lay) continue;
    n++;
    const end = lay.ts + lay.dur;
    const inside = top.filter((e) => e.ts >= a && e.ts + e.dur <= end);
    const outer = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && (o.ts < e.ts || o.dur > e.dur)));
    for (const e of outer) sums[e.name] = (sums[e.name] || 0) + e.dur / 1000;
  }
  const total = Object.values(sums).reduce((s, v) => s + v, 0);
  const parts = Object.entries(sums).filter(([, v]) => v / n > 0.05).sort((x, y) => y[1] - x[1]);
  console.log(`a row added to a plain list of ${N}, first frame (${n} taps): work ${(total / n).toFixed(1)} ms; ` + parts.map(([k, v]) => `${k} ${(v / n).toFixed(1)}`).join(', '));
} finally {
  await browser.close();
}
