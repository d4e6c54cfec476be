// Undo and redo on a sheet: buttons and Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z; 50 steps and
// more; never across characters.
import { assert, assertEqual, test } from './harness.mjs';

const might = (page) => page.inputValue('#attr-might');

test('undo and redo with the buttons and the keyboard', async (t) => {
  const page = await t.open();
  await page.fill('#attr-might', '13');
  await page.waitForTimeout(900);
  await page.fill('#attr-might', '15');
  await page.waitForTimeout(900);
  await page.click('#undo');
  assertEqual(await might(page), '13', 'undo with the button');
  assertEqual(await page.locator('[data-derived=toughness] .derived-value').innerText(), '13', 'derived values follow');
  await page.keyboard.press('Control+z');
  assertEqual(await might(page), '10', 'Ctrl+Z');
  assert(await page.isDisabled('#undo'), 'nothing more to undo');
  await page.keyboard.press('Control+Shift+Z');
  assertEqual(await might(page), '13', 'Shift+Ctrl+Z redoes');
  await page.click('#redo');
  assertEqual(await might(page), '15', 'redo with the button');
  // The undone state is what is saved.
  await page.click('#undo');
  await page.reload();
  await page.waitForSelector('#attr-might');
  assertEqual(await might(page), '13', 'an undo is saved like any edit');
});

test('at least 50 undo steps', async (t) => {
  const page = await t.open();
  // Each edit more than the coalescing window apart, without waiting that long: move
  // the clock. A step is recorded once its change is on screen, when the page is
  // next idle (as it is within a few milliseconds of any pause a player makes).
  await page.evaluate(() => {
    const real = Date.now;
    let offset = 0;
    Date.now = () => real() + offset;
    window.__advance = (ms) => (offset += ms);
  });
  for (let i = 1; i <= 55; i++) {
    await page.fill('#attr-wit', String((i % 20) + 1));
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r)));
    await page.evaluate(() => window.__advance(2000));
  }
  for (let i = 0; i < 55; i++) await page.click('#undo');
  assertEqual(await page.inputValue('#attr-wit'), '10', 'back to the start after 55 undos');
});

test('undo never crosses characters', async (t) => {
  const page = await t.open();
  await page.fill('#character-name', 'First');
  await page.click('#back-to-list');
  await page.click('#new-character');
  await page.waitForSelector('#character-name');
  assert(await page.isDisabled('#undo'), 'a newly opened sheet has nothing to undo');
  await page.keyboard.press('Control+z');
  await page.click('#back-to-list');
  assert((await page.innerText('.character-list')).includes('First'), 'the first character keeps its name');
});
