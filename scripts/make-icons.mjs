// Renders the app icons (PNG) from the SVGs in assets/ with Debian's Chromium.
// Run by hand when an icon changes: node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { launchBrowser } from '../tests/e2e/harness.mjs';
import { palettePng } from './png-palette.mjs';

const jobs = [
  ['assets/icon.svg', 192, 'assets/icon-192.png'],
  ['assets/icon.svg', 512, 'assets/icon-512.png'],
  ['assets/icon-maskable.svg', 512, 'assets/icon-maskable-512.png'],
  ['assets/icon.svg', 180, 'assets/apple-touch-icon.png'],
];
const browser = await launchBrowser();
for (const [svg, size, out] of jobs) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const src = `data:image/svg+xml;base64,${readFileSync(svg).toString('base64')}`;
  await page.setContent(`<body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`);
  await page.screenshot({ path: out, omitBackground: true });
  await page.close();
  console.log(`${out} (${size}×${size}, ${palettePng(out)} bytes)`);
}
await browser.close();
