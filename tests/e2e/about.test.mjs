// "Who they are" (#20 item 5): the background fields of each ruleset and a portrait
// picked from a file, shrunk in the browser to at most 256 px, kept across a reload
// and in the export; a file that is not an image is refused and the old portrait kept.
import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilderModule from '@axe-core/playwright';
import { assert, assertEqual, cardAction, eventually, test } from './harness.mjs';

const AxeBuilder = AxeBuilderModule.default || AxeBuilderModule;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

/** A 600 × 400 PNG drawn by the page's own canvas. */
async function pngBytes(page) {
  const url = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 600;
    c.height = 400;
    const g = c.getContext('2d');
    g.fillStyle = '#3a6';
    g.fillRect(0, 0, 600, 400);
    g.fillStyle = '#c33';
    g.beginPath();
    g.arc(300, 200, 150, 0, Math.PI * 2);
    g.fill();
    return c.toDataURL('image/png');
  });
  return Buffer.from(url.split(',')[1], 'base64');
}

/** The shown portrait's size as decoded, and its address. */
const portraitShown = (img) =>
  img.evaluate((i) => i.complete && i.naturalWidth > 0 && { w: i.naturalWidth, h: i.naturalHeight, src: i.src });

async function seriousViolations(page, what) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} (${v.impact}) — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function exported(page, name) {
  await page.click('#back-to-list');
  const card = page.locator('.character-card', { hasText: name });
  const [download] = await Promise.all([page.waitForEvent('download'), cardAction(card, 'Export')]);
  const doc = JSON.parse(readFileSync(await download.path(), 'utf8'));
  await card.locator('.open-character').click();
  await page.waitForSelector('#character-name');
  return doc.characters[0];
}

test('about: who they are, with a portrait shrunk to 256 px, kept across a reload and in the export; a non-image refused', async (t) => {
  mkdirSync('screenshots', { recursive: true });
  for (const [label, viewport, ruleset] of [['phone', PHONE, 'symbaroum'], ['desk', DESK, 'homebrew']]) {
    const page = await t.open({ viewport, ruleset });
    await page.getByLabel('Name', { exact: true }).fill('Grumpa');
    const card = page.getByRole('region', { name: 'Who they are' });
    // After the derived values, on the Sheet tab (on a phone, after the modifiers too).
    const top = (name) => page.getByRole('region', { name, exact: true }).evaluate((s) => s.getBoundingClientRect().top);
    assert((await top('Who they are')) > (await top('Derived values')), 'after the derived values');
    if (viewport === PHONE) assert((await top('Who they are')) > (await top('Modifiers')), 'after the modifiers on a phone');
    const values = { Race: 'Ogre', Occupation: 'Actor', Shadow: 'Moss green', 'Personal goal': 'See Karvosti', Appearance: 'Big, in a leather apron' };
    for (const [field, value] of Object.entries(values)) await card.getByLabel(field, { exact: true }).fill(value);
    assertEqual(await card.getByLabel('Background', { exact: true }).count(), 0, 'no Background on the Symbaroum family');

    await card.getByLabel('Portrait').setInputFiles({ name: 'grumpa.png', mimeType: 'image/png', buffer: await pngBytes(page) });
    const img = card.getByRole('img', { name: 'Portrait of Grumpa' });
    const shown = await eventually(() => portraitShown(img), 'the portrait shown');
    assertEqual(`${shown.w}×${shown.h}`, '256×171', 'shrunk so the longer side is 256 px');
    assert(shown.src.startsWith('data:image/jpeg;base64,'), `kept as a JPEG data URL: ${shown.src.slice(0, 40)}`);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `screenshots/about-${label}.png` });
    await page.screenshot({ path: `screenshots/about-${label}-page.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert(overflow <= 0, `${label}: ${overflow}px of sideways overflow`);

    // Kept across a reload.
    await page.waitForTimeout(600);
    await page.reload();
    await page.waitForSelector('#character-name');
    for (const [field, value] of Object.entries(values)) {
      assertEqual(await card.getByLabel(field, { exact: true }).inputValue(), value, `${field} after a reload`);
    }
    const again = await eventually(() => portraitShown(img), 'the portrait after a reload');
    assertEqual(again.src, shown.src, 'the same portrait after a reload');

    // In the export.
    const doc = await exported(page, 'Grumpa');
    assertEqual(doc.about.kin, 'Ogre', 'exported race');
    assertEqual(doc.about.goal, 'See Karvosti', 'exported goal');
    assertEqual(doc.about.portrait, shown.src, 'exported portrait');

    // Text dressed as an image: refused at the field, the old portrait kept.
    await card.getByLabel('Portrait').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    const alert = card.getByRole('alert');
    await eventually(async () => (await alert.innerText()).includes('“x.png” is not an image this browser can read. The portrait was not changed.'), 'the refusal');
    assertEqual((await portraitShown(img)).src, shown.src, 'the old portrait stays');
    await card.screenshot({ path: `screenshots/about-${label}-refused.png` });

    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const problems = await seriousViolations(page, `${label} ${scheme}`);
      assert(problems.length === 0, problems.join('\n'));
    }
    await card.screenshot({ path: `screenshots/about-${label}-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });

    // Removed, and a good file clears the message.
    await card.getByRole('button', { name: 'Remove portrait' }).click();
    assertEqual(await img.count(), 0, 'the portrait is gone');
    await card.getByLabel('Portrait').setInputFiles({ name: 'grumpa.png', mimeType: 'image/png', buffer: await pngBytes(page) });
    await eventually(() => portraitShown(img), 'a portrait again');
    assertEqual(await alert.innerText(), '', 'the message is gone');
    await page.context().close();
  }
});

test('about: Heimr has background and appearance, kept across a reload', async (t) => {
  for (const [label, viewport] of [['phone', PHONE], ['desk', DESK]]) {
    const page = await t.open({ viewport, ruleset: 'heimr' });
    await page.getByLabel('Name', { exact: true }).fill('Brenna');
    const card = page.getByRole('region', { name: 'Who they are' });
    await card.getByLabel('Background', { exact: true }).fill('Raised by the ferryman');
    await card.getByLabel('Appearance', { exact: true }).fill('Tall, with river-grey eyes');
    for (const field of ['Race', 'Occupation', 'Shadow', 'Personal goal']) {
      assertEqual(await card.getByLabel(field, { exact: true }).count(), 0, `no ${field} on Heimr`);
    }
    await card.getByLabel('Portrait').setInputFiles({ name: 'brenna.png', mimeType: 'image/png', buffer: await pngBytes(page) });
    await eventually(() => portraitShown(card.getByRole('img', { name: 'Portrait of Brenna' })), 'the portrait shown');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `screenshots/about-heimr-${label}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert(overflow <= 0, `${label}: ${overflow}px of sideways overflow`);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const problems = await seriousViolations(page, `heimr ${label} ${scheme}`);
      assert(problems.length === 0, problems.join('\n'));
    }
    await page.waitForTimeout(600);
    await page.reload();
    await page.waitForSelector('#character-name');
    assertEqual(await card.getByLabel('Background', { exact: true }).inputValue(), 'Raised by the ferryman', 'background after a reload');
    assertEqual(await card.getByLabel('Appearance', { exact: true }).inputValue(), 'Tall, with river-grey eyes', 'appearance after a reload');
    await eventually(() => portraitShown(card.getByRole('img', { name: 'Portrait of Brenna' })), 'the portrait after a reload');
    await page.context().close();
  }
});

test('about: printed small beside the fields, with the picker and empty fields left out', async (t) => {
  const page = await t.open({ viewport: DESK });
  await page.getByLabel('Name', { exact: true }).fill('Printed Pia');
  const card = page.getByRole('region', { name: 'Who they are' });
  await card.getByLabel('Occupation', { exact: true }).fill('Treasure hunter');
  await card.getByLabel('Portrait').setInputFiles({ name: 'pia.png', mimeType: 'image/png', buffer: await pngBytes(page) });
  await eventually(() => portraitShown(card.getByRole('img')), 'the portrait shown');
  await page.emulateMedia({ media: 'print' });
  const paper = await card.evaluate((c) => {
    const shown = (el) => el.checkVisibility();
    const img = c.querySelector('img').getBoundingClientRect();
    return {
      occupation: shown(c.querySelector('#about-occupation')) && c.querySelector('#about-occupation').value,
      img: img.width,
      float: getComputedStyle(c.querySelector('img')).float,
      picker: shown(c.querySelector('input[type=file]')),
      blanks: [...c.querySelectorAll('input, textarea')].filter((i) => shown(i) && i.value === '').map((i) => i.id),
    };
  });
  assertEqual(paper.occupation, 'Treasure hunter', 'the occupation on paper');
  assert(paper.img > 0 && paper.img < 100, `the portrait small on paper: ${paper.img}px`);
  assertEqual(paper.float, 'right', 'floated beside the fields');
  assertEqual(paper.picker, false, 'no file picker on paper');
  assertEqual(paper.blanks.join(', '), '', 'no empty fields on paper');
  mkdirSync('screenshots', { recursive: true });
  await page.pdf({ path: 'screenshots/about-A4.pdf', format: 'A4', printBackground: true });
  await card.screenshot({ path: 'screenshots/about-print.png' });
});
