// Symbaroum family on the sheet: the ruleset switch, creation guidance, modifiers,
// success tests from tap to log, Attack and Defense, and the roll log. Dice are random
// here, so the tests check what the dice decide (kept die against target), never faces.
import { mkdirSync } from 'node:fs';
import AxeBuilderModule from '@axe-core/playwright';
import { assert, assertEqual, eventually, test, unfold } from './harness.mjs';

const AxeBuilder = AxeBuilderModule.default || AxeBuilderModule;

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

const textOf = (page, selector) => page.locator(selector).first().innerText();
const derived = (page, key) => textOf(page, `[data-derived=${key}] .derived-value`);

async function retype(page, selector, text) {
  await page.fill(selector, '');
  if (text !== '') await page.type(selector, text);
}

async function openPanel(page, button) {
  await page.click(button);
  await page.waitForSelector('#roll-panel[open]');
}

/** What the panel shows after a roll, checked for consistency. */
async function readResult(page) {
  await page.waitForSelector('#roll-result');
  const faces = (await page.locator('#roll-result .die .die-face').allInnerTexts()).map(Number);
  const keptFaces = (await page.locator('#roll-result .die.kept .die-face').allInnerTexts()).map(Number);
  const kept = Number(await textOf(page, '#roll-kept'));
  const target = Number((await textOf(page, '#roll-result-target')).replace('−', '-'));
  const outcome = await textOf(page, '#roll-outcome');
  assertEqual(keptFaces.length, 1, 'exactly one kept die');
  assertEqual(keptFaces[0], kept, 'the marked die is the kept one');
  for (const f of faces) assert(f >= 1 && f <= 20, `a d20 showed ${f}`);
  assertEqual(outcome, kept <= target ? 'Pass' : 'Fail', `outcome of ${kept} against ${target}`);
  return { faces, kept, target, outcome };
}

async function topLogEntry(page) {
  const e = page.locator('#log-entries .log-entry').first();
  return {
    time: await e.locator('.log-time').innerText(),
    what: await e.locator('.log-what').innerText(),
    dice: await e.locator('.log-dice').innerText(),
    target: await e.locator('.log-target').innerText(),
    outcome: await e.locator('.log-outcome').innerText(),
  };
}

test('rolls: a Might test from tap to log, kept across a reload', async (t) => {
  const page = await t.open();
  assertEqual(await page.getAttribute('#roll-might', 'aria-label'), 'Roll Might test', 'roll button label');
  // Tapping the number still edits it.
  await page.click('#attr-might');
  assertEqual(await page.evaluate(() => document.activeElement.id), 'attr-might', 'the score takes the tap');
  await openPanel(page, '#roll-might');
  await page.check('#roll-kind-difficulty');
  await page.selectOption('#roll-difficulty', '-2');
  // Target and chance before the roll.
  assertEqual(await textOf(page, '#roll-target'), '8', 'target before rolling');
  assertEqual(await textOf(page, '#roll-chance'), '40%', 'chance before rolling');
  assertEqual(await textOf(page, '#roll-target-text'), 'roll 8 or lower (40%)', 'target text');
  assertEqual(await page.locator('#roll-result').count(), 0, 'no result before rolling');
  await page.click('#roll-go');
  const r = await readResult(page);
  assertEqual(r.faces.length, 1, 'one d20');
  assertEqual(r.target, 8, 'result target');
  const announced = await textOf(page, '#roll-announcer');
  assertEqual(announced, `Might test [Might −2]: rolled ${r.kept} against 8: ${r.outcome}.`, 'live region');
  // Escape closes; focus goes back to the button that opened the panel.
  await page.keyboard.press('Escape');
  await eventually(async () => (await page.locator('#roll-panel').count()) === 0, 'the panel to close');
  assertEqual(await page.evaluate(() => document.activeElement.id), 'roll-might', 'focus after closing');
  const entry = await topLogEntry(page);
  assert(/^\d\d:\d\d$/.test(entry.time), `log time ${entry.time}`);
  assertEqual(entry.what, 'Might test [Might −2]', 'log: what');
  assertEqual(entry.dice, `d20: ${r.kept}`, 'log: dice');
  assertEqual(entry.target, 'target 8', 'log: target');
  assertEqual(entry.outcome, r.outcome, 'log: outcome');
  await page.reload();
  await page.waitForSelector('#log-entries .log-entry');
  const after = await topLogEntry(page);
  assertEqual(JSON.stringify(after), JSON.stringify(entry), 'the log entry after a reload');
});

test('rolls: Might 13 with Advantage shows 75%; a second chance rolls two dice', async (t) => {
  const page = await t.open();
  await retype(page, '#attr-might', '13');
  await openPanel(page, '#roll-might');
  await page.check('#roll-advantage');
  assertEqual(await textOf(page, '#roll-target'), '15', 'target with Advantage');
  assertEqual(await textOf(page, '#roll-chance'), '75%', 'chance with Advantage');
  await page.check('#roll-second-pass');
  assertEqual(await textOf(page, '#roll-chance'), '93.75%', 'chance with a second chance to pass, exactly');
  await page.click('#roll-go');
  const r = await readResult(page);
  assertEqual(r.faces.length, 2, 'two d20 with a second chance');
  assertEqual(r.kept, Math.min(...r.faces), 'the lower die is kept');
  assertEqual((await topLogEntry(page)).dice, `d20: ${r.faces.join(', ')} → ${r.kept}`, 'log shows both dice');
  // Both second chances cancel, and the panel says so.
  await page.check('#roll-second-fail');
  assert((await textOf(page, '#roll-cancel-note')).includes('cancel out'), 'cancel note');
  assertEqual(await textOf(page, '#roll-chance'), '75%', 'chance with both second chances');
  await page.click('#roll-go');
  await eventually(async () => (await page.locator('#roll-result .die').count()) === 1, 'a single die');
  await readResult(page);
  await page.click('#roll-close');
  assertEqual(await page.locator('#log-entries .log-entry').count(), 2, 'two rolls in the log');
});

test('rolls: Attack asks first for the opponent’s Defense, the rest optional, and refuses bad numbers', async (t) => {
  const page = await t.open();
  await page.click('.sheet-tab:has-text("Combat")');
  await openPanel(page, '#roll-attack');
  assertEqual(await textOf(page, '#roll-title'), 'Attack [Exactitude←Defense]', 'title');
  // Nothing to choose first: the one choice box, where an Advantage comes from, is
  // optional and starts at "No situation named".
  assertEqual(await page.locator('#roll-panel select:not(#roll-advantage-from)').count(), 0, 'no choices to make');
  assertEqual(await page.locator('#roll-advantage-from').inputValue(), '', 'no situation named');
  assertEqual(await page.locator('#roll-panel input[type=text]').count(), 3, 'the Defense, and a modifier of your own if you want one');
  assertEqual(await textOf(page, 'label[for=roll-opponent-score]'), "Opponent's Defense", 'label');
  assertEqual(await page.evaluate(() => document.activeElement.id), 'roll-opponent-score', 'focus starts there');
  await page.keyboard.type('abc');
  assert((await textOf(page, '#roll-opponent-error')).includes('abc'), 'message at the field');
  await page.keyboard.press('Enter');
  await page.click('#roll-go');
  assertEqual(await page.locator('#roll-result').count(), 0, 'never rolls on a bad number');
  await page.fill('#roll-opponent-score', '12');
  assertEqual(await textOf(page, '#roll-opponent-error'), '', 'message clears');
  assertEqual(await textOf(page, '#roll-target'), '8', 'Exactitude 10 against Defense 12');
  await page.keyboard.press('Enter');
  const r = await readResult(page);
  assertEqual(r.target, 8, 'target');
  await page.click('#roll-close');
  assertEqual(await page.evaluate(() => document.activeElement.id), 'roll-attack', 'focus after closing');
  assertEqual((await topLogEntry(page)).what, 'Exactitude test [Exactitude←Defense 12]', 'log');
  // Defense: the same, the other way round.
  await openPanel(page, '#roll-defense');
  assertEqual(await textOf(page, 'label[for=roll-opponent-score]'), "Attacker's Exactitude", 'defense label');
  await page.fill('#roll-opponent-score', '13');
  assertEqual(await textOf(page, '#roll-what'), 'Defense test [Defense←Exactitude 13]', 'defense test');
  assertEqual(await textOf(page, '#roll-target'), '7', 'Defense 10 against Exactitude 13');
  await page.keyboard.press('Escape');
  // The next Attack and Defense of the encounter offer the values typed last.
  await openPanel(page, '#roll-attack');
  assertEqual(await page.inputValue('#roll-opponent-score'), '12', 'the opponent\'s Defense kept');
  assertEqual(await textOf(page, '#roll-target'), '8', 'the target at once');
  // Beside Roll, wherever the panel is scrolled: the target and the chance.
  assertEqual(await textOf(page, '.roll-bar-numbers'), 'Target 8 · chance 40%', 'target and chance beside Roll');
  await page.keyboard.press('Escape');
  await openPanel(page, '#roll-defense');
  assertEqual(await page.inputValue('#roll-opponent-score'), '13', 'the attacker\'s Exactitude kept');
  await page.keyboard.press('Escape');
});

test('rolls: switching to symbaroum shows Strong with the same numbers', async (t) => {
  const page = await t.open();
  await retype(page, '#attr-might', '13');
  await page.selectOption('#ruleset', 'symbaroum');
  assertEqual(await textOf(page, 'label[for=attr-might]'), 'Strong', 'Might is called Strong');
  assertEqual(await textOf(page, 'label[for=attr-agility]'), 'Quick', 'Agility is called Quick');
  assertEqual(await page.inputValue('#attr-might'), '13', 'the score stays');
  assertEqual(await derived(page, 'toughness'), '13', 'Toughness');
  assertEqual(await derived(page, 'pain-threshold'), '7', 'Pain Threshold');
  assertEqual(await page.getAttribute('#roll-might', 'aria-label'), 'Roll Strong test', 'roll button');
  await page.click('[data-derived=pain-threshold] button');
  assertEqual(await textOf(page, '#derived-pain-threshold-how'), 'Pain Threshold 7 = Strong 13 ÷ 2, rounded up', 'breakdown');
  await openPanel(page, '#roll-might');
  assertEqual(await textOf(page, '#roll-what'), 'Strong test', 'roll description');
  await page.keyboard.press('Escape');
  await page.reload();
  await page.waitForSelector('#ruleset');
  assertEqual(await page.inputValue('#ruleset'), 'symbaroum', 'ruleset after reload');
  assertEqual(await textOf(page, 'label[for=attr-might]'), 'Strong', 'Strong after reload');
});

test('rolls: the standard array helper places the array in a few taps', async (t) => {
  const page = await t.open();
  assertEqual(await textOf(page, '#points-used'), 'Creation: 80 of 80 points used', 'a fresh sheet');
  await retype(page, '#attr-wit', '16');
  assert((await textOf(page, '#creation-warnings')).includes('Wit 16 is above 15'), 'warning above 15');
  assertEqual(await page.inputValue('#attr-wit'), '16', 'guidance never blocks');
  await page.click('#standard-array-open');
  // Wit was highest, so it starts with 15.
  assertEqual(await page.inputValue('#array-wit'), '15', 'Wit first');
  await page.selectOption('#array-might', '15');
  assertEqual(await page.inputValue('#array-might'), '15', 'Might takes 15');
  assertEqual(await page.inputValue('#array-wit'), '9', "Wit takes Might's 9");
  await page.click('#standard-array-apply');
  const scores = {};
  for (const k of ['agility', 'charisma', 'exactitude', 'resolve', 'might', 'subtlety', 'vigilance', 'wit']) {
    scores[k] = Number(await page.inputValue(`#attr-${k}`));
  }
  assertEqual(Object.values(scores).sort((a, b) => b - a).join(','), '15,13,11,10,10,9,7,5', 'the array');
  assertEqual(scores.might, 15, 'Might 15');
  assertEqual(await textOf(page, '#points-used'), 'Creation: 80 of 80 points used', 'points');
  assertEqual(await page.locator('#creation-warnings li').count(), 0, 'no warnings');
  assertEqual(await derived(page, 'toughness'), '15', 'Toughness follows');
});

test('rolls: adding a modifier changes the derived value and its breakdown', async (t) => {
  const page = await t.open();
  await retype(page, '#attr-might', '11');
  await unfold(page, 'Add a modifier…');
  await page.fill('#add-mod-source', 'Robust');
  await page.selectOption('#add-mod-target', 'defense');
  await page.fill('#add-mod-amount', '-2');
  await page.click('#add-mod');
  assertEqual(await derived(page, 'defense'), '8', 'Defense with Robust');
  await page.click('[data-derived=defense] button');
  assertEqual(await textOf(page, '#derived-defense-how'), 'Defense 8 = Agility 10 − Robust 2', 'breakdown');
  await unfold(page, 'Add a modifier…');
  await page.fill('#add-mod-source', 'Exceptional Attribute');
  await page.selectOption('#add-mod-target', 'might');
  await page.fill('#add-mod-amount', '+2');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#attr-might-effective');
  assertEqual(await textOf(page, '#attr-might-effective'), '13 (base 11)', 'effective Might');
  assertEqual(await derived(page, 'toughness'), '13', 'Toughness from the effective Might');
  await page.click('#attr-might-effective');
  assertEqual(await textOf(page, '#attr-might-how'), 'Might 13 = base 11 + Exceptional Attribute 2', 'attribute breakdown');
  // A bad amount: a message at the field, the last good value kept.
  await page.fill('#mod-2-amount', 'lots');
  assert((await textOf(page, '#mod-2-amount-error')).includes('Keeping +2'), 'message at the field');
  assertEqual(await derived(page, 'toughness'), '13', 'Toughness keeps the last good amount');
  // Off, then back on; removed.
  await page.uncheck('#mod-1-active');
  assertEqual(await derived(page, 'defense'), '10', 'inactive modifiers count for nothing');
  await page.reload();
  await page.waitForSelector('#mod-2-amount');
  assertEqual(await page.inputValue('#mod-2-amount'), '+2', 'saved amount');
  assertEqual(await page.isChecked('#mod-1-active'), false, 'saved switch');
  await page.click('#mod-1-remove');
  assertEqual(await page.locator('#modifier-list .modifier-row').count(), 1, 'one left');
  assertEqual(await page.inputValue('#mod-2-source'), 'Exceptional Attribute', 'the other one stays, under its own id');
});

test('rolls: clearing the roll log takes a second tap', async (t) => {
  const page = await t.open();
  await openPanel(page, '#roll-wit');
  await page.click('#roll-go');
  await readResult(page);
  await page.click('#roll-go');
  await page.click('#roll-close');
  assertEqual(await page.locator('#log-entries .log-entry').count(), 2, 'two rolls');
  await page.click('#clear-log');
  assertEqual(await textOf(page, '#clear-log-confirm'), 'Really clear 2 rolls?', 'asks first');
  assertEqual(await page.locator('#log-entries .log-entry').count(), 2, 'nothing cleared yet');
  await page.click('#clear-log-confirm');
  assertEqual(await page.locator('#log-entries .log-entry').count(), 0, 'cleared');
  await page.reload();
  await page.waitForSelector('#roll-log');
  assertEqual(await page.locator('#log-entries .log-entry').count(), 0, 'still cleared after a reload');
});

for (const [name, viewport] of [['phone', PHONE], ['desk', DESK]]) {
  test(`rolls: the roll panel at ${viewport.width}×${viewport.height} fits, with full-size controls`, async (t) => {
    const page = await t.open({ viewport });
    await retype(page, '#character-name', 'Ylva Stormcrow');
    await unfold(page, 'Add a modifier…');
    await page.fill('#add-mod-source', 'Exceptional Attribute');
    await page.selectOption('#add-mod-target', 'might');
    await page.fill('#add-mod-amount', '+2');
    await page.click('#add-mod');
    await openPanel(page, '#roll-might');
    await page.check('#roll-kind-opposition');
    await page.fill('#roll-opponent-score', '12');
    await page.check('#roll-advantage');
    await page.click('#roll-go');
    await readResult(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    // The whole result shows above the sticky Roll button once drawn (it scrolls there).
    await eventually(async () => {
      const result = await page.locator('#roll-result').boundingBox();
      const bar = await page.locator('.roll-actions').boundingBox();
      return result.y >= 0 && result.y + result.height <= bar.y + 0.5;
    }, 'the result clear of the Roll button');
    const box = await page.locator('#roll-panel').boundingBox();
    assert(box.x >= 0 && box.x + box.width <= viewport.width + 0.5, `the panel spills sideways: ${JSON.stringify(box)}`);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('#roll-panel button, #roll-panel input, #roll-panel select, .sheet button, .sheet input, .sheet select')]
        .filter((el) => el.offsetParent !== null)
        .map((el) => ({ el: el.id || el.className || el.tagName, roll: el.classList.contains('roll-button'), w: el.getBoundingClientRect().width, h: el.getBoundingClientRect().height }))
        .filter((x) => x.h < 44 || (x.roll && x.w < 44)),
    );
    assert(small.length === 0, `controls under 44px: ${JSON.stringify(small)}`);
    mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: `screenshots/roll-panel-${name}.png` });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `screenshots/roll-sheet-${name}.png`, fullPage: true });
  });
}

test('rolls: axe-core finds no serious problem in the panel, log, modifiers and guidance', async (t) => {
  const problems = [];
  for (const colorScheme of ['light', 'dark']) {
    const context = await t.browser.newContext({ viewport: PHONE, colorScheme });
    try {
      const page = await t.open({ context });
      const check = async (what) => {
        const result = await new AxeBuilder({ page }).analyze();
        for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
          problems.push(`${colorScheme} ${what}: ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        }
      };
      await retype(page, '#attr-wit', '16');
      await unfold(page, 'Add a modifier…');
      await page.fill('#add-mod-source', 'Robust');
      await page.selectOption('#add-mod-target', 'defense');
      await page.fill('#add-mod-amount', '-2');
      await page.click('#add-mod');
      await page.fill('#mod-1-amount', 'x');
      await page.click('#standard-array-open');
      await check('sheet with guidance, modifiers and a bad amount');
      await openPanel(page, '#roll-might');
      await page.check('#roll-kind-opposition');
      await page.fill('#roll-opponent-score', 'abc');
      await check('roll panel with a bad number');
      await page.fill('#roll-opponent-score', '12');
      await page.check('#roll-second-pass');
      await page.click('#roll-go');
      await readResult(page);
      await check('roll panel with a result');
      await page.keyboard.press('Escape');
      await page.click('#clear-log');
      await check('sheet with a log and the clear question');
    } finally {
      await context.close();
    }
  }
  assert(problems.length === 0, problems.join('\n'));
});

test('rolls: an Attack names where its Advantage comes from (melee-only situations refused with a ranged weapon) and may be a Free Attack, both in the log', async (t) => {
  const page = await t.open();
  await page.getByLabel('Exactitude', { exact: true }).fill('12');
  await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Combat' }).click();
  await unfold(page, 'Add a weapon…');
  await page.getByLabel('Weapon', { exact: true }).fill('Bow');
  await page.getByLabel('Damage', { exact: true }).fill('1d8');
  await page.getByRole('button', { name: 'Add weapon' }).click();
  const attack = page.getByRole('button', { name: /^Attack \[/ });
  await attack.click();
  const panel = page.getByRole('dialog');
  await panel.getByLabel("Opponent's Defense").fill('10');
  const from = panel.getByLabel('Advantage from');
  await from.selectOption({ label: 'The target is flanked (melee)' });
  assert(await panel.getByLabel(/^Advantage \(/).isChecked(), 'naming a situation ticks Advantage');
  const breakdown = panel.getByRole('list', { name: 'How the target is reached' });
  await eventually(async () => (await breakdown.innerText()).includes('Advantage (target flanked) +2'), 'the breakdown names it');
  assertEqual(await panel.locator('#roll-target').innerText(), '14', '12 + 0 + 2');
  await panel.getByLabel(/^A Free Attack/).check();
  await panel.getByRole('button', { name: 'Roll', exact: true }).click();
  await panel.locator('#roll-result').waitFor();
  await panel.getByRole('button', { name: 'Close', exact: true }).last().click();
  const log = page.getByRole('region', { name: 'Roll log' });
  const entry = await log.getByRole('listitem').first().innerText();
  assert(entry.includes('Free Attack: Attack with Bow') && entry.includes('with Advantage (target flanked)'), `logged as such: ${entry}`);
  // Unticking Advantage leaves the situation out.
  await attack.click();
  await panel.getByLabel("Opponent's Defense").fill('10');
  await from.selectOption({ label: 'The target is on lower ground or climbing' });
  await panel.getByLabel(/^Advantage \(/).uncheck();
  await eventually(async () => (await panel.locator('#roll-target').innerText()) === '12', 'no Advantage, no +2');
  assertEqual(await from.inputValue(), '', 'no situation while unticked');
  await panel.getByRole('button', { name: 'Close', exact: true }).last().click();
  // A ranged weapon: a flanked or prone target gives it no Advantage.
  await page.getByRole('region', { name: 'Weapons' }).getByText('Bow', { exact: true }).click();
  await page.getByRole('region', { name: 'Weapons' }).getByRole('checkbox', { name: 'Ranged' }).check();
  await attack.click();
  for (const label of ['The target is flanked (melee)', 'The target is lying down (melee)']) {
    assert(await from.locator('option', { hasText: label }).isDisabled(), `${label}: not for a ranged attack`);
  }
  assert(!(await from.locator('option', { hasText: 'lower ground' }).isDisabled()), 'lower ground is for ranged attacks too');
});

test('rolls: an unaware target: the sneak [Subtlety←Vigilance] a tap away, and a passed sneak opens the Attack with the Advantage as a Free Attack', async (t) => {
  const page = await t.open();
  await page.getByLabel('Subtlety', { exact: true }).fill('30');
  await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Combat' }).click();
  await page.getByRole('button', { name: /^Attack \[/ }).click();
  const panel = page.getByRole('dialog');
  await panel.getByLabel('Advantage from').selectOption({ label: 'The target is unaware of the attack (after a passed sneak)' });
  await panel.getByRole('button', { name: 'Roll the sneak first [Subtlety←Vigilance]' }).click();
  await eventually(async () => (await panel.getByRole('heading').first().innerText()) === 'Sneak up: Subtlety test', 'the sneak is set up');
  await panel.getByLabel("Opponent's Vigilance").fill('10');
  await panel.getByRole('button', { name: 'Roll', exact: true }).click();
  await eventually(async () => (await panel.innerText()).includes('Unnoticed: your attack has the Advantage'), 'Subtlety 30 passes');
  await panel.getByRole('button', { name: 'Attack the unaware target' }).click();
  await eventually(async () => (await panel.getByRole('heading').first().innerText()).startsWith('Attack ['), 'the Attack opens');
  assert(await panel.getByLabel(/^Advantage \(/).isChecked(), 'with the Advantage');
  assertEqual(await panel.getByLabel('Advantage from').inputValue(), 'target unaware', 'from the target being unaware');
  assert(await panel.getByLabel(/^A Free Attack/).isChecked(), 'as a Free Attack');
  // Only that Attack: the next one starts plain.
  await panel.getByRole('button', { name: 'Close', exact: true }).last().click();
  await page.getByRole('button', { name: /^Attack \[/ }).click();
  assert(!(await panel.getByLabel(/^Advantage \(/).isChecked()), 'the next Attack starts without it');
});

test("rolls: a group's sneak rolls the party's lowest Discreet against the defenders' highest Vigilant, in Symbaroum's words", async (t) => {
  const page = await t.open({ ruleset: 'symbaroum' });
  await page.getByLabel('Discreet', { exact: true }).fill('15');
  await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Combat' }).click();
  await page.getByRole('button', { name: /^Attack \[/ }).click();
  const panel = page.getByRole('dialog');
  await panel.getByLabel('Advantage from').selectOption({ label: 'The target is unaware of the attack (after a passed sneak)' });
  await panel.getByRole('button', { name: /^Roll the sneak first/ }).click();
  await panel.getByLabel(/^The group sneaks/).check();
  const party = panel.getByLabel("Party's lowest Discreet", { exact: true });
  assertEqual(await party.inputValue(), '15', "this character's Discreet to start with");
  await party.fill('x');
  await eventually(async () => (await panel.locator('#roll-party-error').innerText()).length > 0, 'a bad number is refused at the field');
  await party.fill('12');
  await panel.getByLabel("Defenders' highest Vigilant", { exact: true }).fill('13');
  // Seed 001: the attackers' lowest modified by the defenders' highest: 12 + (10 − 13).
  await eventually(async () => (await panel.locator('#roll-target').innerText()) === '9', 'the group rolls against 9');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact));
    assertEqual(serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`).join('; '), '', `axe on the group's sneak (${scheme})`);
  }
  await panel.getByRole('button', { name: 'Roll', exact: true }).click();
  await panel.locator('#roll-outcome').waitFor();
  await panel.getByRole('button', { name: 'Close', exact: true }).last().click();
  const first = await page.getByRole('region', { name: 'Roll log' }).getByRole('listitem').first().innerText();
  assert(first.includes("the party's lowest Discreet 12"), `the log names the group's roll: ${first}`);
});
