// The first live sheet: attributes in, derived values out, saved across reloads.
import { assert, assertEqual, eventually, test } from './harness.mjs';

const derived = (page, key) => page.locator(`[data-derived=${key}] .derived-value`).innerText();

/** Replaces a field's text the way a player does: select all, type. */
async function retype(page, selector, text) {
  await page.fill(selector, '');
  if (text !== '') await page.type(selector, text);
}

test('Might 13 gives Toughness 13 and Pain Threshold 7', async (t) => {
  const page = await t.open();
  await retype(page, '#attr-might', '13');
  assertEqual(await derived(page, 'toughness'), '13', 'Toughness');
  assertEqual(await derived(page, 'pain-threshold'), '7', 'Pain Threshold');
});

test('Might 7 gives Toughness 10 and Pain Threshold 4', async (t) => {
  const page = await t.open();
  await retype(page, '#attr-might', '7');
  assertEqual(await derived(page, 'toughness'), '10', 'Toughness');
  assertEqual(await derived(page, 'pain-threshold'), '4', 'Pain Threshold');
});

test('every keystroke updates the derived values', async (t) => {
  const page = await t.open();
  await page.fill('#attr-agility', '');
  await page.type('#attr-agility', '1');
  assertEqual(await derived(page, 'defense'), '1', 'Defense after "1"');
  await page.type('#attr-agility', '4');
  assertEqual(await derived(page, 'defense'), '14', 'Defense after "14"');
  await retype(page, '#attr-resolve', '13');
  assertEqual(await derived(page, 'corruption-threshold'), '7', 'Corruption Threshold');
  assertEqual(await derived(page, 'corruption-max'), '13', 'Corruption maximum');
});

test('typing "abc" shows a message at the field and keeps the value', async (t) => {
  const page = await t.open();
  await retype(page, '#attr-might', '13');
  await retype(page, '#attr-might', 'abc');
  const msg = await page.locator('#attr-might-error').innerText();
  assert(msg.includes('abc') && msg.includes('Keeping 13'), `message was ${JSON.stringify(msg)}`);
  assertEqual(await page.getAttribute('#attr-might', 'aria-invalid'), 'true', 'aria-invalid');
  assertEqual(await derived(page, 'toughness'), '13', 'Toughness keeps the last good Might');
  // The bad text is not saved: a reload shows the last good value.
  await page.reload();
  await page.waitForSelector('#attr-might');
  assertEqual(await page.inputValue('#attr-might'), '13', 'Might after reload');
});

test('empty, 0, 31 and 2.5 are refused with a message', async (t) => {
  const page = await t.open();
  await retype(page, '#attr-wit', '12');
  // fill() puts the whole text in at once, as a paste does: typing "31" key by key
  // passes through the valid 3 first.
  for (const bad of ['', '0', '31', '2.5', '-4', '1e1']) {
    await page.fill('#attr-wit', bad);
    const msg = await page.locator('#attr-wit-error').innerText();
    assert(msg.length > 0 && msg.includes('Keeping 12'), `${JSON.stringify(bad)} gave ${JSON.stringify(msg)}`);
  }
  await retype(page, '#attr-wit', '11');
  assertEqual(await page.locator('#attr-wit-error').innerText(), '', 'message clears when fixed');
});

test('a reload keeps every value', async (t) => {
  const page = await t.open();
  const values = { agility: '15', charisma: '5', exactitude: '13', resolve: '11', might: '9', subtlety: '10', vigilance: '7', wit: '10' };
  await retype(page, '#character-name', 'Ylva <b>Stormcrow</b>');
  for (const [k, v] of Object.entries(values)) await retype(page, `#attr-${k}`, v);
  await page.reload();
  await page.waitForSelector('#character-name');
  await eventually(async () => (await page.inputValue('#character-name')) === 'Ylva <b>Stormcrow</b>', 'the name after reload');
  for (const [k, v] of Object.entries(values)) {
    assertEqual(await page.inputValue(`#attr-${k}`), v, `${k} after reload`);
  }
  assertEqual(await derived(page, 'toughness'), '10', 'Toughness after reload');
  assertEqual(await derived(page, 'pain-threshold'), '5', 'Pain Threshold after reload');
  assertEqual(await derived(page, 'defense'), '15', 'Defense after reload');
});

test('tapping a derived value shows how it was reached', async (t) => {
  const page = await t.open();
  await retype(page, '#attr-might', '13');
  await page.click('[data-derived=pain-threshold] button');
  assertEqual(await page.locator('#derived-pain-threshold-how').innerText(), 'Pain Threshold 7 = Might 13 ÷ 2, rounded up', 'breakdown');
});

test('switching the ruleset renames everything and keeps the numbers', async (t) => {
  const page = await t.open();
  await retype(page, '#attr-might', '14');
  await page.selectOption('#ruleset', 'symbaroum');
  assertEqual(await page.locator('label[for=attr-might]').innerText(), 'Strong', 'Might is called Strong');
  assertEqual(await page.inputValue('#attr-might'), '14', 'the score stays');
  assertEqual(await derived(page, 'toughness'), '14', 'Toughness stays');
  await page.selectOption('#ruleset', 'homebrew-draft');
  assertEqual(await page.locator('[data-derived=toughness] .derived-name').innerText(), 'Health', 'draft calls it Health');
  await page.click('[data-derived=pain-threshold] button');
  assertEqual(await page.locator('#derived-pain-threshold-how').innerText(), 'Pain Tolerance 7 = Might 14 ÷ 2', 'breakdown in draft words');
  await page.reload();
  await page.waitForSelector('#ruleset');
  assertEqual(await page.inputValue('#ruleset'), 'homebrew-draft', 'the ruleset is saved');
});
