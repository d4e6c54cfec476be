// The first frame after each of a set of taps (the frame that shows what the tap did),
// from a Chromium trace: the main thread's top-level events from the tap until that
// frame's first Layerize ends, summed by name. Used by `trace-items.mjs` and
// `frame-floor.mjs`.

/** `events`: the trace's events; `tid`: the renderer's main thread; `windows`: [tap,
 * end] times (trace microseconds), each end after the frame. Returns the frames
 * found, and per frame the work (ms), the wall time and the work by event name. */
export function firstFrames(events, tid, windows) {
  const top = events.filter((e) => e.tid === tid && e.ph === 'X' && e.dur).sort((x, y) => x.ts - y.ts);
  const parts = {};
  let n = 0;
  let wall = 0;
  for (const [a, b] of windows) {
    const lay = top.find((e) => e.name === 'Layerize' && e.ts >= a && e.ts <= b);
    if (!lay) continue;
    n++;
    const end = lay.ts + lay.dur;
    const inside = top.filter((e) => e.ts >= a && e.ts + e.dur <= end);
    // Only events not inside another one.
    const outer = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && (o.ts < e.ts || o.dur > e.dur)));
    for (const e of outer) parts[e.name] = (parts[e.name] || 0) + e.dur / 1000;
    wall += (end - a) / 1000;
  }
  const each = Object.entries(parts).map(([k, v]) => [k, v / n]).sort((x, y) => y[1] - x[1]);
  return { n, work: each.reduce((s, [, v]) => s + v, 0), wall: wall / n, parts: each };
}

/** "work 21.2 ms, wall 24.0 ms; FunctionCall 6.8, Paint 3.9, …" */
export function describe({ work, wall, parts }) {
  return `work ${work.toFixed(1)} ms, wall ${wall.toFixed(1)} ms; ` + parts.filter(([, v]) => v > 0.05).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
}
