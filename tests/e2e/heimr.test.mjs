// The Heimr sheet end to end: rolls, the log, reloads, training, fatigue, the exact
// chance before rolling, and the layout on a phone and a desk.
import { mkdirSync } from 'node:fs';
import { assert, assertEqual, eventually, test } from './harness.mjs';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const SHOTS = process.env.HEIMR_SHOTS || 'screenshots';

async function retype(page, selector, text) {
  await page.fill(selector, '');
  if (text !== '') await page.type(selector, text);
}

/** Reads the shown roll: every die, the taken one, and the numbers of the sum. */
async function shownRoll(page) {
  return page.evaluate(() => {
    const box = document.querySelector('#heimr-roll-result .hdice-roll');
    const dice = [...box.querySelectorAll('.hdie')].map((d) => ({
      kind: d.dataset.kind,
      face: Number(d.querySelector('.hdie-face').textContent),
      taken: d.classList.contains('taken'),
    }));
    const n = (k) => Number(box.dataset[k]);
    return {
      dice,
      c: n('consistency'),
      p: n('potential'),
      die: n('die'),
      bonus: n('bonus'),
      penalty: n('penalty'),
      result: Number(document.querySelector('#heimr-roll-result .result-number').textContent),
      explain: box.querySelector('.explain').textContent,
      verdict: document.querySelector('#heimr-roll-result .verdict').textContent,
    };
  });
}

/** Checks a shown roll against the dice rule: which die is taken, the bonus or
 * penalty, and result = die + bonus − penalty + P. */
function checkRoll(r) {
  assertEqual(r.dice.length, 1 + Math.abs(r.c), 'number of dice');
  assertEqual(r.dice[0].kind, 'd6', 'the first die is the d6');
  const faces = r.dice.map((d) => d.face);
  const taken = r.dice.filter((d) => d.taken);
  assertEqual(taken.length, 1, 'dice marked taken');
  let die;
  let bonus = 0;
  let penalty = 0;
  if (r.c > 0) {
    die = Math.max(...faces);
    const tens = faces.filter((f) => f === 10).length;
    bonus = tens >= 2 ? tens - 1 : 0;
  } else if (r.c < 0) {
    die = Math.min(...faces);
    const ones = faces.filter((f) => f === 1).length;
    penalty = ones >= 2 ? ones - 1 : 0;
  } else {
    die = faces[0];
  }
  assertEqual(taken[0].face, die, 'the taken die follows the rule');
  assertEqual(r.die, die, 'die');
  assertEqual(r.bonus, bonus, 'bonus');
  assertEqual(r.penalty, penalty, 'penalty');
  assertEqual(r.result, die + bonus - penalty + r.p, 'result = die + bonus − penalty + P');
  assert(r.explain.endsWith(`= ${r.result}`), `the sum in words: ${r.explain}`);
}

/** The exact chance of result ≥ cr by enumerating every outcome (small C only). */
function exactChance(c, p, cr) {
  const n = Math.abs(c);
  let hits = 0;
  let total = 0;
  const d10s = new Array(n).fill(1);
  for (;;) {
    for (let d6 = 1; d6 <= 6; d6++) {
      const faces = [d6, ...d10s];
      let v;
      if (c > 0) {
        const tens = faces.filter((f) => f === 10).length;
        v = Math.max(...faces) + (tens >= 2 ? tens - 1 : 0);
      } else if (c < 0) {
        const ones = faces.filter((f) => f === 1).length;
        v = Math.min(...faces) - (ones >= 2 ? ones - 1 : 0);
      } else v = d6;
      total++;
      if (v + p >= cr) hits++;
    }
    let i = 0;
    while (i < n && d10s[i] === 10) d10s[i++] = 1;
    if (i === n) break;
    d10s[i]++;
  }
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  const g = gcd(hits, total) || 1;
  return `${hits / g}/${total / g}`;
}

test('Heimr: create a character, roll Perception, see it logged, survive a reload', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  await retype(page, '#character-name', 'Sigrun');
  await retype(page, '#heimr-attr-intelligence', '2');
  await retype(page, '#heimr-hp-current', '7');
  await page.click('button[aria-label="Roll Perception"]');
  await page.waitForSelector('#heimr-dice-panel');
  assertEqual(await page.locator('#heimr-dice-panel-title').innerText(), 'Roll Perception', 'panel title');
  assertEqual(await page.locator('#heimr-panel-p').innerText(), 'P 2', 'potential from Intelligence');
  await retype(page, '#heimr-panel-penalty', '-3');
  assertEqual(await page.locator('#heimr-panel-c').innerText(), 'C 3', 'a negative penalty raises C');
  await page.click('#heimr-roll-now');
  await page.waitForSelector('#heimr-roll-result .hdice-roll');
  const r = await shownRoll(page);
  assertEqual(r.c, 3, 'C rolled');
  assertEqual(r.p, 2, 'P rolled');
  checkRoll(r);
  const passed = r.result >= 8;
  assert(r.verdict.startsWith(passed ? 'Pass' : 'Fail'), `verdict ${r.verdict} for ${r.result} vs CR 8`);
  // The live region announces it.
  assertEqual(await page.getAttribute('#heimr-roll-result', 'aria-live'), 'polite', 'live region');
  // The log's newest entry matches what the panel showed.
  const first = page.locator('#heimr-roll-log .hlog-entry').first();
  assert((await first.locator('.hlog-what').innerText()).startsWith('Perception (C 3, P 2) vs CR 8'), 'log: what');
  const dice = r.dice.map((d) => d.face);
  assertEqual(await first.locator('.hlog-dice').innerText(), `d6 ${dice[0]}; d10 ${dice.slice(1).join(', ')} → kept ${r.dice.find((d) => d.taken).kind} ${r.die}`, 'log: dice');
  assert((await first.locator('.hlog-outcome').innerText()).startsWith(`${passed ? 'Pass' : 'Fail'}: ${r.explain}`), 'log: outcome');
  await page.keyboard.press('Escape');
  await eventually(async () => (await page.$('#heimr-dice-panel')) === null, 'the panel closes on Escape');
  await page.reload();
  await page.waitForSelector('#character-name');
  await eventually(async () => (await page.inputValue('#character-name')) === 'Sigrun', 'the name after reload');
  assertEqual(await page.inputValue('#heimr-attr-intelligence'), '2', 'Intelligence after reload');
  assertEqual(await page.inputValue('#heimr-hp-current'), '7', 'HP after reload');
  assertEqual(await page.locator('#heimr-roll-log .hlog-entry').count(), 1, 'log entries after reload');
  assert((await page.locator('#heimr-roll-log .hlog-what').first().innerText()).startsWith('Perception (C 3, P 2)'), 'log kept');
});

test('Heimr: a training purchase over the unspent XP is refused with what is missing', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  await page.click('.sheet-tab:has-text("Gear & XP")');
  await page.waitForSelector('#heimr-xp-award');
  assert(/#\/c\/[^/]+\/gear$/.test(page.url()), `on the Gear & XP tab: ${page.url()}`);
  const row = '[data-ability=Brawl].training-row [data-track=potential]';
  await retype(page, '#heimr-xp-award', '12');
  await page.click('#heimr-xp-add');
  assertEqual(await page.locator('#heimr-xp-unspent').innerText(), '12', 'unspent');
  await page.click(`${row} button[data-action=train]`);
  assertEqual(await page.locator(`${row} button[data-action=train]`).innerText(), '+1 for 10 XP', 'the second point costs 10');
  assertEqual(await page.locator('#heimr-xp-unspent').innerText(), '7', 'unspent after 5');
  await page.click(`${row} button[data-action=train]`);
  const msg = await page.locator('[data-ability=Brawl].training-row .training-message').innerText();
  assert(msg.includes('3 XP missing'), `message was ${JSON.stringify(msg)}`);
  assertEqual(await page.locator('#heimr-xp-unspent').innerText(), '7', 'nothing spent');
  assertEqual(await page.locator('#heimr-progress-strength').innerText(), '1 / 6 toward Strength 1', 'progress');
  // The Sheet tab's header says so too.
  await page.click('.sheet-tab:has-text("Sheet")');
  assert((await page.locator('#heimr-unspent-badge').innerText()).includes('7'), 'unspent in the header');
});

test('Heimr: a breather lowers fatigue by 2, never below base', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  await retype(page, '#heimr-attr-stamina', '1');
  assert((await page.locator('#heimr-fatigue-base').innerText()).startsWith('Base 3'), 'base 4 − Stamina 1');
  await page.fill('#heimr-fatigue-current', '8');
  await page.click('#heimr-breather');
  assertEqual(await page.inputValue('#heimr-fatigue-current'), '6', 'after one breather');
  await page.click('#heimr-breather');
  await page.click('#heimr-breather');
  assertEqual(await page.inputValue('#heimr-fatigue-current'), '3', 'stops at base');
  await page.fill('#heimr-fatigue-current', '0');
  assert((await page.locator('#heimr-fatigue-current-error').innerText()).includes('Keeping 3'), 'out of range refused');
});

test('Heimr: the chance shown before rolling is the exact pass probability', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  await retype(page, '#heimr-attr-sociability', '1');
  await page.click('button[aria-label="Roll Persuasion"]');
  for (const [penalty, cr] of [['-2', '9'], ['0', '4'], ['2', '3'], ['-3', '12']]) {
    await page.fill('#heimr-panel-penalty', penalty);
    await page.fill('#heimr-panel-cr', cr);
    const c = -Number(penalty);
    const shown = await page.locator('#heimr-panel-chance .chance-exact').innerText();
    assertEqual(shown, `(exactly ${exactChance(c, 1, Number(cr))})`, `C ${c} P 1 CR ${cr}`);
  }
  // Opposed: as the defence, a tie is a win, so it is the chance of reaching the attack.
  await page.fill('#heimr-panel-penalty', '-2');
  await page.check('#heimr-against-attack');
  await page.fill('#heimr-panel-opponent', '9');
  assertEqual(await page.locator('#heimr-panel-chance .chance-exact').innerText(), `(exactly ${exactChance(2, 1, 9)})`, 'defending vs 9');
  await page.check('#heimr-against-defence');
  assertEqual(await page.locator('#heimr-panel-chance .chance-exact').innerText(), `(exactly ${exactChance(2, 1, 10)})`, 'attacking vs 9 needs 10');
});

test('Heimr: a failed CR re-roll spends willpower and is refused at 0', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  await retype(page, '#heimr-willpower-current', '1');
  await page.click('button[aria-label="Roll Insight"]');
  await page.fill('#heimr-panel-cr', '50');
  await page.click('#heimr-roll-now');
  await page.click('#heimr-reroll');
  await eventually(async () => (await page.locator('#heimr-roll-result .hroll-outcome').getAttribute('data-reroll')) === 'true', 'the re-roll');
  assertEqual(await page.inputValue('#heimr-willpower-current'), '0', 'willpower spent');
  await page.click('#heimr-reroll');
  assert((await page.locator('#heimr-panel-message').innerText()).includes('none left'), 'refused at 0');
  assertEqual(await page.locator('#heimr-roll-log .hlog-entry').count(), 2, 'two rolls logged');
});

/** Checks the page fits the screen with every control at least 44px tall. */
async function checkLayout(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(overflow <= 0, `${what}: the page is ${overflow}px wider than the screen`);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('.heimr-sheet button, .heimr-sheet input, .heimr-sheet select')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => {
        const box = el.type === 'checkbox' || el.type === 'radio' ? el.closest('label') : el;
        return { el: el.id || el.getAttribute('aria-label') || el.className, h: box.getBoundingClientRect().height };
      })
      .filter((x) => x.h < 44),
  );
  assert(small.length === 0, `${what}: controls under 44px: ${JSON.stringify(small)}`);
}

test('Heimr: phone and desk layouts of the three tabs, with the dice panel open', async (t) => {
  mkdirSync(SHOTS, { recursive: true });
  for (const [name, viewport] of [['phone', PHONE], ['desk', DESK]]) {
    const page = await t.open({ ruleset: 'heimr', viewport });
    await retype(page, '#character-name', 'Sigrun Hard-Hand');
    await retype(page, '#heimr-attr-strength', '2');
    await page.fill('#heimr-hp-current', 'abc');
    await page.screenshot({ path: `${SHOTS}/heimr-${name}.png`, fullPage: true });
    await checkLayout(page, `${name} sheet`);
    await page.click('button[aria-label="Roll Brawl"]');
    await page.click('#heimr-roll-now');
    await page.waitForSelector('#heimr-roll-result .hdice-roll');
    await page.screenshot({ path: `${SHOTS}/heimr-${name}-dice.png` });
    const panelOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(panelOverflow <= 0, `${name}: with the panel open the page is ${panelOverflow}px too wide`);
    if (name === 'desk') {
      const width = await page.evaluate(() => document.querySelector('.heimr-sheet').getBoundingClientRect().width);
      assert(width >= 1000, `the sheet is only ${width}px wide at 1280`);
    }
    await page.keyboard.press('Escape');
    for (const [tab, ready, shot] of [['Combat', '#heimr-new-turn', 'combat'], ['Gear & XP', '#heimr-add-weapon', 'gear']]) {
      await page.click(`.sheet-tab:has-text("${tab}")`);
      await page.waitForSelector(ready);
      if (tab === 'Combat') assertEqual(await page.getByLabel('Current HP').filter({ visible: true }).inputValue(), '10', 'the typed "abc" never replaced the last good HP');
      if (tab === 'Gear & XP') await page.click('#heimr-add-weapon');
      await page.screenshot({ path: `${SHOTS}/heimr-${shot}-${name}.png`, fullPage: true });
      await checkLayout(page, `${name} ${tab}`);
    }
  }
});
