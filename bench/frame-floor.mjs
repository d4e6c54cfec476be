// Developer tool (not part of the benchmark): what one frame costs the browser at the
// least on this machine, on the phone profile (4× CPU), to read the item figures
// against. A page of plain HTML (a list of `n` rows and a button, no app) adds a row on
// each tap; a trace gives the work from the tap to the end of the frame that shows it
// (as `trace-items.mjs` gives it for the app), by event. This machine's speed changes
// by the hour: run it beside the figures it is compared with.
//   node bench/frame-floor.mjs [n]        (n rows, 50 unless given)
import { launchBrowser } from '../tests/e2e/harness.mjs';
import { describe, firstFrames } from './first-frame.mjs';
import { plainListOnPhone } from './fixtures.mjs';

const N = Number(process.argv[2] || 50);
const TAPS = 14;
const browser = await launchBrowser();
try {
  const { context, page } = await plainListOnPhone(browser, N);
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
  const frames = firstFrames(events, tid, windows);
  console.log(`a row added to a plain list of ${N}, first frame (${frames.n} taps): ${describe(frames)}`);
} finally {
  await browser.close();
}
