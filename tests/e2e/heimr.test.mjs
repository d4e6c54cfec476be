// The Heimr sheet end to end: rolls, the log, reloads, training, fatigue, the exact
// chance before rolling, and the layout on a phone and a desk.
import { mkdirSync } from 'node:fs';
import AxeBuilderModule from '@axe-core/playwright';
import { assert, assertEqual, eventually, tabShown, test, wordsBrokenAcrossLines, unfold } from './harness.mjs';

const AxeBuilder = AxeBuilderModule.default || AxeBuilderModule;
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
      result: Number(document.querySelector('#heimr-roll-result .result-number').textContent.replace('\u2212', '-')),
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
  assert(r.explain.endsWith(`= ${String(r.result).replace('-', '\u2212')}`), `the sum in words: ${r.explain}`);
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
  await page.getByRole('dialog').getByLabel('CR', { exact: true }).fill('8');
  await page.click('#heimr-roll-now');
  await page.waitForSelector('#heimr-roll-result .hdice-roll');
  const r = await shownRoll(page);
  assertEqual(await page.locator('#heimr-roll-now').innerText(), 'Roll Perception again', 'the button says it rolls again, as the Symbaroum one does');
  assertEqual(r.c, 3, 'C rolled');
  assertEqual(r.p, 2, 'P rolled');
  checkRoll(r);
  const passed = r.result >= 8;
  assert(r.verdict.startsWith(passed ? 'Pass' : 'Fail'), `verdict ${r.verdict} for ${r.result} vs CR 8`);
  // The live region announces it.
  assertEqual(await page.getAttribute('#heimr-roll-result', 'aria-live'), 'polite', 'live region');
  // The log's newest entry matches what the panel showed.
  const log = page.getByRole('list', { name: 'Roll log' });
  const first = log.getByRole('listitem').first();
  assert((await first.locator('.log-what').innerText()).startsWith('Perception (C 3, P 2) vs CR 8'), 'log: what');
  const dice = r.dice.map((d) => d.face);
  assertEqual(await first.locator('.log-dice').innerText(), `d6 ${dice[0]}; d10 ${dice.slice(1).join(', ')} → kept ${r.dice.find((d) => d.taken).kind} ${r.die}`, 'log: dice');
  assert((await first.locator('.log-outcome').innerText()).startsWith(`${passed ? 'Pass' : 'Fail'}: ${r.explain}`), 'log: outcome');
  // A modal dialog, as the Symbaroum family's roll panel: the sheet behind it is inert.
  assertEqual(await page.getByRole('dialog', { name: 'Roll Perception' }).count(), 1, 'the panel is a dialog named by its title');
  assert(await page.getByRole('dialog').evaluate((d) => d.matches(':modal')), 'the panel is modal: the sheet behind it is inert');
  await page.keyboard.press('Escape');
  await eventually(async () => (await page.$('#heimr-dice-panel')) === null, 'the panel closes on Escape');
  await eventually(async () => (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Roll Perception', 'focus returns to the die that opened it');
  await page.reload();
  await page.waitForSelector('#character-name');
  await eventually(async () => (await page.inputValue('#character-name')) === 'Sigrun', 'the name after reload');
  assertEqual(await page.inputValue('#heimr-attr-intelligence'), '2', 'Intelligence after reload');
  assertEqual(await page.inputValue('#heimr-hp-current'), '7', 'HP after reload');
  assertEqual(await log.getByRole('listitem').count(), 1, 'log entries after reload');
  assert((await first.locator('.log-what').innerText()).startsWith('Perception (C 3, P 2)'), 'log kept');
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
  // On a phone a track is one line; "Refund last" joins it once there is a point to refund.
  const refund = page.getByRole('button', { name: 'Refund last: the last point of Brawl potential' });
  assert(!(await refund.isVisible()), 'nothing to refund yet');
  await page.click(`${row} button[data-action=train]`);
  assert(await refund.isVisible(), 'a point to refund');
  assertEqual(await page.locator(`${row} button[data-action=train]`).innerText(), '+1 for 10 XP', 'the second point costs 10');
  assertEqual(await page.locator('#heimr-xp-unspent').innerText(), '7', 'unspent after 5');
  await page.click(`${row} button[data-action=train]`);
  const msg = await page.locator('[data-ability=Brawl].training-row .training-message').innerText();
  assert(msg.includes('3 XP missing'), `message was ${JSON.stringify(msg)}`);
  assertEqual(await page.locator('#heimr-xp-unspent').innerText(), '7', 'nothing spent');
  assertEqual(await page.locator('#heimr-progress-strength').innerText(), '1 / 6 toward Strength 1', 'progress');
  // The Sheet tab's header says so too.
  await page.click('.sheet-tab:has-text("Sheet")');
  // (The tab is shown once the route has changed: read the badge when it is.)
  await eventually(async () => (await page.locator('#heimr-unspent-badge').innerText()).includes('7'), 'unspent in the header');
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

test('Heimr: an ability roll opens with no CR, and the chance shows once one is typed', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  await page.getByRole('button', { name: 'Roll Insight' }).click();
  const panel = page.getByRole('dialog');
  assertEqual(await panel.getByLabel('CR', { exact: true }).inputValue(), '', 'the CR box is empty');
  await panel.getByText('Type the CR to see the chance.').waitFor();
  await panel.getByRole('button', { name: 'Roll Insight' }).click();
  await panel.getByText('Type the CR first.').waitFor();
  assertEqual(await page.locator('#log-entries .log-entry').count(), 0, 'nothing rolled');
  await panel.getByLabel('CR', { exact: true }).fill('4');
  assert((await panel.locator('#heimr-panel-chance').innerText()).startsWith('Chance of success'), 'the chance once typed');
  assertEqual(await panel.getByText('Type the CR first.').count(), 0, 'the message goes once the CR is typed');
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
  const log = page.getByRole('list', { name: 'Roll log' });
  assertEqual(await log.getByRole('listitem').count(), 2, 'two rolls logged');
  // The same log as the Symbaroum family's: each roll's time, and clearing asks first.
  assert(/^\d\d:\d\d$/.test(await log.getByRole('listitem').first().locator('time').innerText()), 'the time of the roll');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear log' }).click();
  await page.getByRole('button', { name: 'Keep' }).click();
  assertEqual(await log.getByRole('listitem').count(), 2, 'kept');
  await page.getByRole('button', { name: 'Clear log' }).click();
  await page.getByRole('button', { name: 'Really clear 2 rolls?' }).click();
  await page.getByText('No rolls yet. Tap ⚄ to roll.').waitFor();
  await page.reload();
  await page.getByText('No rolls yet. Tap ⚄ to roll.').waitFor();
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
    // As in the Symbaroum family's panel: the chance stays beside Roll, in view
    // without scrolling, and the result is drawn clear of them.
    await page.waitForSelector('#heimr-roll-now');
    await page.getByRole('dialog').getByLabel('CR', { exact: true }).fill('8');
    assert(await inView(page.locator('#heimr-panel-chance')), `${name}: the chance is in view beside Roll`);
    assert(await inView(page.locator('#heimr-roll-now')), `${name}: Roll is in view`);
    await page.click('#heimr-roll-now');
    await page.waitForSelector('#heimr-roll-result .hdice-roll');
    await eventually(async () => {
      const result = await page.locator('#heimr-roll-result').boundingBox();
      const bar = await page.locator('.dice-panel .roll-actions').boundingBox();
      return result.y >= 0 && result.y + result.height <= bar.y + 0.5;
    }, `${name}: the result clear of the Roll bar`);
    const box = await page.locator('.dice-panel').boundingBox();
    if (name === 'desk') {
      const gap = [box.x, viewport.width - box.x - box.width];
      assert(Math.abs(gap[0] - gap[1]) <= 1, `the panel is centred at 1280, as the Symbaroum one: ${JSON.stringify(box)}`);
    } else {
      assert(Math.abs(box.y + box.height - viewport.height) <= 1, `the panel sits at the phone's bottom edge: ${JSON.stringify(box)}`);
    }
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
      if (tab === 'Gear & XP') await page.click('#heimr-add-weapon');
      await page.screenshot({ path: `${SHOTS}/heimr-${shot}-${name}.png`, fullPage: true });
      await checkLayout(page, `${name} ${tab}`);
      if (tab === 'Combat') {
        // On a phone the Combat tab's copy of HP waits behind its line.
        if (name === 'phone') await unfold(page, 'HP, willpower, fatigue');
        assertEqual(await page.getByLabel('Current HP').filter({ visible: true }).inputValue(), '10', 'the typed "abc" never replaced the last good HP');
      }
    }
  }
});

/** Whether the element's centre is on screen and not covered (what a player sees). */
async function inView(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return false;
    const top = document.elementFromPoint(x, y);
    return top === el || el.contains(top);
  });
}

test('Heimr: fixes found in use (first tap, result in view, top bar, minus sign, labels, base C)', async (t) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await t.open({ ruleset: 'heimr', viewport: PHONE });
  // The C/P breakdown opens on the first tap (a real tap: pointer, focus, click).
  const p = page.getByRole('button', { name: /Perception potential/ });
  await p.click();
  await eventually(async () => (await p.getAttribute('aria-expanded')) === 'true', 'open after one tap');
  assert(await page.getByText('Potential 0 = Intelligence 0 + trained 0').isVisible(), 'the breakdown shows');
  // The GM sets a standard ability's base consistency; negatives read with the minus sign.
  const c = page.getByRole('button', { name: /Brawl consistency/ });
  await c.click();
  await page.getByLabel('Base consistency (the GM sets it)').filter({ visible: true }).first().fill('-2');
  await eventually(async () => /C\s+\u22122/.test(await c.innerText()), 'C −2 with the minus sign');
  assert(!(await c.innerText()).includes('-'), 'no hyphen as a minus');
  await page.getByLabel('Base consistency (the GM sets it)').filter({ visible: true }).first().fill('9');
  assert((await page.getByText(/must be between −2 and 3 \(got 9\)/).count()) > 0, 'out of range refused at the field');
  assert(/C\s+\u22122/.test(await c.innerText()), 'the last good value is kept');
  // The top bar keeps HP, willpower and fatigue in sight.
  await page.getByLabel('Current HP').first().fill('7');
  const bar = page.getByRole('navigation', { name: 'Character' });
  await eventually(async () => (await bar.innerText()).includes('7/10'), 'HP in the top bar');
  const barText = await bar.innerText();
  assert(barText.includes('WP') && barText.includes('Fat'), `willpower and fatigue in the top bar: ${barText}`);
  // After a roll, its result is in view on a phone without scrolling.
  await page.getByRole('button', { name: 'Roll Brawl' }).click();
  await page.getByRole('dialog').getByLabel('CR', { exact: true }).fill('8');
  await page.getByRole('button', { name: 'Roll Brawl' }).last().click();
  const verdict = page.getByRole('dialog').getByText(/^(Pass|Fail):/);
  await verdict.waitFor();
  await eventually(() => inView(verdict), 'the verdict is in view at 390×844');
  await page.screenshot({ path: `${SHOTS}/heimr-fixes-phone-roll.png` });
  // Labels never break mid-word at 1280 px.
  await page.setViewportSize(DESK);
  await page.keyboard.press('Escape');
  const broken = await wordsBrokenAcrossLines(page, '.heimr-sheet label, .heimr-sheet legend, .topbar-stats');
  assert(broken.length === 0, `words broken across lines at 1280: ${JSON.stringify(broken)}`);
  await page.screenshot({ path: `${SHOTS}/heimr-fixes-desk.png`, fullPage: true });
});

test('Heimr: a fight with a sword from the armoury, to Mangled and back after treatment', async (t) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await t.open({ ruleset: 'heimr', viewport: PHONE });
  // Rested at fatigue 1 (Stamina 3), so no die fails on fatigue and the hit is certain.
  await page.getByLabel('Stamina').first().fill('3');
  await page.getByLabel(/^Current fatigue/).first().fill('1');
  await page.getByRole('link', { name: 'Gear & XP' }).click();
  await page.getByLabel('Weapon', { exact: true }).selectOption('Medium weapon');
  await page.getByRole('button', { name: 'Carry the medium weapon' }).click();
  await page.getByRole('link', { name: 'Combat' }).click();
  // Neither of the abilities that wield it is on the sheet: said on its row.
  await page.getByText('No Dueling or Shield and sword on the sheet: Brawl is rolled.').waitFor();
  // The sword's row in Attacks rolls with its P+3 and aims nowhere: the d6 decides.
  await page.getByRole('button', { name: 'Attack with Medium weapon' }).click();
  const panel = page.getByRole('dialog');
  assertEqual(await panel.locator('#heimr-panel-p').innerText(), 'P 3', 'P 0 + the medium weapon\'s 3');
  assert((await panel.getByText(/Medium weapon P\+3 → 3/).count()) === 1, 'the bonus in the breakdown');
  // The aim's choice shows whole on a phone.
  const aim = panel.getByLabel('Aim at');
  const [box, words] = await aim.evaluate((el) => {
    const c = document.createElement('canvas').getContext('2d');
    c.font = getComputedStyle(el).font;
    return [el.clientWidth, c.measureText(el.options[el.selectedIndex].text).width];
  });
  assertEqual(await aim.locator('option:checked').innerText(), 'Anywhere (the d6 decides)', 'aimed nowhere');
  assert(box >= words + 40, `"Anywhere (the d6 decides)" fits its box: ${words} px of text in ${box} px`);
  // The opponent's result is empty until typed: no chance shown, and no roll yet.
  assertEqual(await panel.getByLabel("Opponent's result").inputValue(), '', 'nothing typed for the opponent');
  assert((await panel.locator('#heimr-panel-chance').innerText()).includes("Type the opponent's result to see the chance."), 'the chance waits for it');
  await panel.getByRole('button', { name: 'Roll Medium weapon with Brawl' }).click();
  await panel.getByText("Type the opponent's result first.").waitFor();
  await panel.getByLabel("Opponent's result").fill('-20');
  assert((await panel.locator('#heimr-panel-chance').innerText()).includes('Chance of success'), 'the chance once typed');
  await panel.getByRole('button', { name: 'Roll Medium weapon with Brawl' }).click();
  const hit = panel.getByText(/^Hit on the .*: 2 damage \(the d6 shows \d\)$/);
  await hit.waitFor();
  await eventually(() => inView(hit), 'the hit is in view at 390×844');
  const [, partName, d6] = (await hit.innerText()).match(/^Hit on the (.*): 2 damage \(the d6 shows (\d)\)$/);
  const expected = { 5: 'torso', 6: 'torso', 4: 'sword arm', 3: 'other arm', 2: 'right leg', 1: 'left leg' }[d6];
  assertEqual(partName, expected, 'the body part follows the d6');
  await page.screenshot({ path: `${SHOTS}/heimr-fight-hit-phone.png` });
  // Aiming at a part costs C −2 and names the part hit.
  await panel.getByLabel('Aim at').selectOption('Torso');
  assert((await panel.getByText(/− 2 aiming at the torso/).count()) === 1, 'aiming in the C breakdown');
  await page.keyboard.press('Escape');
  // The hit taken on this sheet: the d6, then 12 damage from 10 HP is −2: Mangled.
  await unfold(page, 'Take a hit');
  await page.getByLabel("The attack's d6").fill(d6);
  await page.getByLabel('Damage (HP)').fill('12');
  await page.getByRole('button', { name: `Take 12 damage on the ${expected}` }).click();
  await eventually(async () => (await page.getByText(/^Mangled: falls unconscious in 5 minutes/).count()) === 1, 'Mangled with its timer');
  // The hit is taken once: the form starts over, and a second tap takes nothing.
  assertEqual(await page.getByLabel('Damage (HP)').inputValue(), '', 'the damage box is empty again');
  assertEqual(await page.getByLabel("The attack's d6").inputValue(), '', 'and the d6 box');
  await page.getByRole('button', { name: 'Take the damage' }).click();
  await page.getByText('Type the damage first.').waitFor();
  const effect = { torso: 'Daze', 'sword arm': 'Drop', 'other arm': 'Drop', 'right leg': 'Fall', 'left leg': 'Fall' }[expected];
  assert((await page.getByText(`Effects while injured: ${effect}`).count()) === 1, `the injury effect ${effect}`);
  assert((await page.getByRole('navigation', { name: 'Character' }).innerText()).includes('\u22122/10'), 'HP −2 in the top bar');
  // An effect called on the character shows with its text while it lasts.
  await unfold(page, 'Receive an effect…');
  await page.getByLabel('Effect', { exact: true }).selectOption('Stumble');
  await page.getByLabel('Seconds', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Receive stumble 4' }).click();
  const on = page.locator('#heimr-effects li').filter({ hasText: 'Stumble 4 — 2 turns left' });
  await on.waitFor();
  assert((await on.innerText()).includes('You stumble away'), 'the seed text');
  await page.getByRole('button', { name: 'New turn' }).click();
  await page.locator('#heimr-effects li').filter({ hasText: 'Stumble 4 — 1 turn left' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/heimr-fight-phone.png`, fullPage: true });
  // No short rest while injured; after treatment, the short rest restores HP.
  await page.getByRole('button', { name: /^Short rest/ }).click();
  assert((await page.getByText(/needs at least 1 HP/).count()) === 1, 'no short rest at −2');
  await page.getByRole('button', { name: 'Treated (back to 1 HP)' }).click();
  await page.getByRole('button', { name: /^Short rest/ }).click();
  await eventually(async () => (await page.getByText('Rested: HP back to 10.').count()) === 1, 'rested');
  await page.setViewportSize(DESK);
  await page.screenshot({ path: `${SHOTS}/heimr-fight-desk.png`, fullPage: true });
});

const combatTab = (page) => page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Combat' });

test('Heimr: concealed and hidden targets, hiding, the readied dodge, a pre-rolled defence and a guard', async (t) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await t.open({ ruleset: 'heimr', viewport: PHONE });
  await combatTab(page).click();
  // Position and conditions is one line until opened: what is in force.
  const situation = page.getByRole('region', { name: 'Position and conditions' });
  assert((await situation.innerText()).includes('None in force'), 'nothing in force at first');
  await unfold(situation, 'Position and conditions');
  // A target concealed 2 and known to be hidden: C −2 − 1, and only a luck shot.
  await page.getByLabel("Target's concealment (lowers C)").fill('2');
  await page.getByLabel(/^Target hidden from you/).check();
  await eventually(async () => (await situation.locator('summary').innerText()).includes('target hidden · concealment 2'), 'the folded line says what is in force');
  await page.getByRole('button', { name: 'Attack with Brawl: hit 1' }).click();
  const panel = page.getByRole('dialog');
  assertEqual(await panel.locator('#heimr-panel-c').innerText(), 'C \u22123', 'Brawl C 0 − 2 − 1');
  assert((await panel.getByText(/− 2 Target concealed 2 − 1 Target hidden \(luck shot\)/).count()) === 1, 'both in the breakdown');
  await panel.getByLabel("Opponent's result").fill('-20');
  await panel.getByRole('button', { name: 'Roll Brawl attack (hit 1)' }).click();
  // The d10 first; past it, a hit, or a miss when the die fails on fatigue.
  await eventually(async () => (await panel.getByText(/^(Luck shot: the d10 shows \d, not 10: no attack roll\.|Hit on the .*|Miss: the defence holds)$/).count()) === 1, 'a luck shot first');
  await page.keyboard.press('Escape');
  // The opponent's result stays for the encounter: the next attack offers it again.
  await page.getByRole('button', { name: 'Attack with Brawl: bind' }).click();
  assertEqual(await panel.getByLabel("Opponent's result").inputValue(), '-20', 'the last opponent result remembered');
  await page.keyboard.press('Escape');
  await page.getByLabel(/^Target hidden from you/).uncheck();
  // Hidden yourself (and so concealed): P +2 on a shot.
  await page.getByLabel('Hidden', { exact: true }).check();
  assert(await page.getByLabel('Concealed', { exact: true }).isChecked(), 'hiding conceals too');
  await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Sheet' }).click();
  await page.getByRole('button', { name: 'Roll Agility' }).click();
  await panel.getByLabel('Roll for').selectOption('Ranged attack');
  assertEqual(await panel.locator('#heimr-panel-p').innerText(), 'P 2', 'hidden: P +2 on a ranged attack');
  assert((await panel.getByText(/hidden from the target P\+2 → 2/).count()) === 1, 'the bonus in the breakdown');
  await page.keyboard.press('Escape');
  await combatTab(page).click();
  await page.getByLabel('Concealed', { exact: true }).uncheck();
  assert(!(await page.getByLabel('Hidden', { exact: true }).isChecked()), 'no hiding without concealment');
  // The readied dodge: P +2 against a ranged attack; pre-rolled, then used.
  await page.getByLabel(/^Readied dodge/).check();
  await page.getByRole('button', { name: 'Roll Dodge with Agility' }).click();
  assertEqual(await panel.locator('#heimr-panel-p').innerText(), 'P 0', 'not against melee');
  await panel.getByLabel('The attack is ranged (no parry)').check();
  assertEqual(await panel.locator('#heimr-panel-p').innerText(), 'P 2', 'P +2 against a ranged attack');
  await panel.getByRole('button', { name: 'Pre-roll for the next attack' }).click();
  await panel.getByText(/^Pre-rolled: use it on the Defences card/).waitFor();
  await page.screenshot({ path: `${SHOTS}/heimr-preroll-phone.png` });
  await page.keyboard.press('Escape');
  const pre = page.getByText(/^Pre-rolled: Dodge (−?\d+)/);
  const shown = (await pre.innerText()).match(/^Pre-rolled: Dodge (\S+)/)[1];
  assert((await page.getByText(/^Dodged 0 time\(s\)/).count()) === 1, 'a pre-roll is not yet a defence use');
  await page.getByRole('button', { name: 'Use against a ranged attack' }).click();
  await page.getByText(new RegExp(`^Dodge ${shown} (used against the attack|fails outright)`)).waitFor();
  assert((await page.getByText(/^Dodged 1 time\(s\) since your turn: next dodge C −2/).count()) === 1, 'used: one dodge');
  assert(!(await page.getByLabel(/^Readied dodge/).isChecked()), 'the readied dodge is used up');
  // Guarding an ally: a dodged ranged attack moves on to them and the guard ends.
  await unfold(page, 'Guard someone or something…');
  await page.getByLabel('Guarding (an ally, a border, an object)').fill('Asa');
  await page.getByLabel('Guarding (an ally, a border, an object)').press('Tab');
  await page.getByText('Guarding: Asa', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Roll Dodge with Agility' }).click();
  await panel.getByLabel('The attack is ranged (no parry)').check();
  await panel.getByLabel('Intercepting for the one you guard (the guard ends)').check();
  await panel.getByRole('radio', { name: /An opponent's attack/ }).check();
  await panel.getByLabel("Opponent's result").fill('-20');
  await panel.getByRole('button', { name: 'Roll Dodge with Agility' }).click();
  await eventually(async () => (await panel.getByText(/^You dodged: the attack moves on to the one you guarded\. The guard ends\.$|fails outright/).count()) >= 1, 'the interception');
  await page.keyboard.press('Escape');
  assertEqual(await page.getByLabel('Guarding (an ally, a border, an object)').inputValue(), '', 'the guard ended');
  await page.getByText('Guard someone or something…', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'New turn' }).click();
  assert((await page.getByText(/^Dodged 0 time\(s\)/).count()) === 1, 'New turn resets the defences');
  await page.screenshot({ path: `${SHOTS}/heimr-defences-phone.png`, fullPage: true });
});

test('Heimr: the encounter order with ties, your turn, delaying and a readied action', async (t) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await t.open({ ruleset: 'heimr', viewport: PHONE });
  await retype(page, '#character-name', 'Sigrun');
  await combatTab(page).click();
  await page.getByRole('button', { name: 'Roll initiative' }).click();
  const card = page.getByRole('region', { name: 'Encounter order' });
  const order = card.getByRole('list');
  await order.getByText('Sigrun (you)').waitFor();
  const add = card.getByLabel('Name, initiative, willpower');
  for (const entry of ['Asa 50 1', 'Bo -50 0', 'Cy \u221250 3']) {
    await add.fill(entry);
    await card.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await add.fill('Dag twelve 3');
  await card.getByRole('button', { name: 'Add', exact: true }).click();
  await card.getByText(/Initiative must be a whole number/).waitFor();
  const names = async () => (await order.getByRole('listitem').locator('strong').allInnerTexts());
  assertEqual((await names()).join(', '), 'Asa, Sigrun (you), Cy, Bo', 'by initiative, Cy before Bo on willpower');
  assert((await card.getByText('Round 1: Asa\'s turn.').count()) === 1, 'Asa first');
  // Asa readies an action; a dodge on your sheet waits for your turn to reset.
  await card.getByLabel('Ready an action: the trigger').fill('Bo moves');
  await card.getByRole('button', { name: 'Ready', exact: true }).click();
  await order.getByText('Readied: Bo moves').waitFor();
  await page.getByRole('button', { name: 'Roll Dodge with Agility' }).click();
  await page.getByRole('dialog').getByLabel("Opponent's result").fill('-20');
  await page.getByRole('dialog').getByRole('button', { name: 'Roll Dodge with Agility' }).click();
  await page.keyboard.press('Escape');
  assert((await page.getByText(/^Dodged 1 time/).count()) === 1, 'a dodge used');
  await card.getByRole('button', { name: 'Next turn' }).click();
  await card.getByText('Your turn: defences reset; effects count down.').waitFor();
  assert((await page.getByText(/^Dodged 0 time/).count()) === 1, 'your turn resets the defences');
  // You delay until after Bo: Cy acts now.
  await card.getByRole('button', { name: 'Delay the turn until after Bo' }).click();
  assertEqual((await names()).join(', '), 'Asa, Cy, Bo, Sigrun (you)', 'delayed after Bo');
  assert((await card.getByText('Round 1: Cy\'s turn.').count()) === 1, 'Cy acts now');
  // Bo moves in Bo's turn: Asa's readied action goes just before Bo.
  await card.getByRole('button', { name: 'Next turn' }).click();
  await card.getByRole('button', { name: 'Triggered now' }).click();
  assertEqual((await names()).join(', '), 'Cy, Asa, Bo, Sigrun (you)', 'Asa moved before Bo');
  assert((await card.getByText('Round 1: Bo\'s turn.').count()) === 1, 'Bo\'s turn goes on');
  await card.getByRole('button', { name: 'Next turn' }).click();
  await card.getByRole('button', { name: 'Next turn' }).click();
  assert((await card.getByText('Round 2: Cy\'s turn.').count()) === 1, 'round two');
  await page.screenshot({ path: `${SHOTS}/heimr-encounter-phone.png`, fullPage: true });
  await page.reload();
  await combatTab(page).click();
  await eventually(async () => (await names()).join(', ') === 'Cy, Asa, Bo, Sigrun (you)', 'the order survives a reload');
  await page.setViewportSize(DESK);
  await page.screenshot({ path: `${SHOTS}/heimr-encounter-desk.png`, fullPage: true });
});

test('Heimr: the battlefield tables as calculators', async (t) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await t.open({ ruleset: 'heimr', viewport: PHONE });
  await combatTab(page).click();
  const card = page.getByRole('region', { name: 'Battlefield tables' });
  assert(!(await card.getByLabel('Table row').isVisible()), 'one line until opened');
  await unfold(card, 'Battlefield tables');
  const rowPick = card.getByLabel('Table row');
  await rowPick.selectOption({ label: 'Climb: rope (CR 4)' });
  // Agility C 0, P 0 at fatigue 4: the d6 must show 4 or more.
  await card.getByText(/^CR 4 with Agility \(C 0, P 0\): 50%\. Failing: you fall/).waitFor();
  await card.getByRole('button', { name: 'Roll against the CR' }).click();
  assertEqual(await page.getByRole('dialog').getByLabel('CR', { exact: true }).inputValue(), '4', 'the panel opens at the CR');
  await page.keyboard.press('Escape');
  // Falling from 6: CR 14; failed, HP is 3 − 6 = −3 with the legs injured.
  await rowPick.selectOption({ label: 'Fall (CR 2 + 2 × height)' });
  await card.getByLabel('Value for the row').fill('6');
  await card.getByText(/^CR 14 with Agility/).waitFor();
  await card.getByRole('button', { name: 'Failed: take the fall' }).click();
  await card.getByText('Fell from 6: HP −3, Mangled.').waitFor();
  assert((await page.getByRole('navigation', { name: 'Character' }).innerText()).includes('\u22123/10'), 'HP −3 in the top bar');
  assert((await page.getByText('Effects while injured: Fall').count()) === 1, 'the legs: Fall');
  await rowPick.selectOption({ label: 'Limit: Single door, 2 a turn' });
  await card.getByLabel('Value for the row').fill('5');
  await card.getByText('Single door: 2 a turn, so 5 cross in 3 turn(s).', { exact: true }).waitFor();
  assert(await card.getByText('Value: characters crossing.').isVisible(), 'what the number is');
  await rowPick.selectOption({ label: 'Barrier: Stone wall, toughness 6' });
  await card.getByText('The stone wall holds: it needs Break 6.', { exact: true }).waitFor();
  await card.getByLabel('Value for the row').fill('x');
  assert((await card.getByText(/Keeping 5/).count()) === 1, 'bad input is refused at the field');
  await card.getByText('The stone wall holds: it needs Break 6.', { exact: true }).waitFor();
  await rowPick.selectOption({ label: 'Cover: Stone merlon, 5 (height 2)' });
  await card.getByLabel('Value for the row').fill('1');
  await card.getByText('Concealment 6: attacks on them at C −6; if hidden, only a luck shot at C −7.', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Use for your target' }).click();
  assertEqual(await page.getByLabel("Target's concealment (lowers C)").inputValue(), '6', 'set as the target\'s concealment');
  assert((await page.getByRole('region', { name: 'Position and conditions' }).locator('summary').innerText()).includes('concealment 6'), 'and the folded line says so');
  await card.screenshot({ path: `${SHOTS}/heimr-tables-phone.png` });
  await page.setViewportSize(DESK);
  await page.screenshot({ path: `${SHOTS}/heimr-tables-desk.png`, fullPage: true });
});

test('Heimr: an effect is received from its fold, and what is in force stays in view with its turns', async (t) => {
  const page = await t.open({ ruleset: 'heimr', viewport: PHONE });
  await combatTab(page).click();
  const card = page.getByRole('region', { name: 'Effects on you' });
  assert(!(await card.getByLabel('Effect', { exact: true }).isVisible()), 'the form waits folded');
  await unfold(card, 'Receive an effect…');
  await card.getByLabel('Effect', { exact: true }).selectOption('Daze');
  await card.getByRole('button', { name: 'Receive daze 2' }).click();
  await card.getByText(/^Daze 2 — \d+ turns? left$/).waitFor();
  // Folded again, the effect in force still shows, with its End button.
  await card.locator('summary').click();
  assert(!(await card.getByLabel('Effect', { exact: true }).isVisible()), 'folded again');
  assert(await card.getByText(/^Daze 2 — /).isVisible(), 'the daze in force stays in view');
  await card.getByRole('button', { name: 'End daze' }).click();
  await eventually(async () => (await card.getByText(/^Daze 2 — /).count()) === 0, 'ended');
});

test('Heimr: axe finds nothing serious on any tab, every fold open, at 390 and 1280 in light and dark', async (t) => {
  const problems = [];
  for (const viewport of [PHONE, DESK]) {
    const page = await t.open({ ruleset: 'heimr', viewport });
    for (const tab of ['Sheet', 'Combat', 'Gear & XP']) {
      await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: tab }).click();
      if (tab === 'Gear & XP') {
        // Carried weapons, each with its Remove button, looked at too.
        await page.getByRole('button', { name: /^Carry the / }).click();
        await page.getByRole('button', { name: /^Remove the / }).waitFor();
      }
      // The tab and the parts drawn from later chunks (This turn), then every fold,
      // nested ones too, opened one at a time.
      await tabShown(page, tab);
      // In the tab shown (a hidden tab keeps its boxes' last sizes, so one of its
      // folds could pass for visible). A fold drawn again while the one before it
      // opens (a part from a later chunk) is found again on the next look.
      const folds = page.locator('.tab-panel:not([hidden]), .sheet-extra').locator('details:not([open]) > summary').filter({ visible: true });
      for (let n = 0; n < 60 && (await folds.count()); n++) {
        await folds.first().click({ timeout: 5000 }).catch(() => {});
      }
      assertEqual(await folds.count(), 0, `${viewport.width} ${tab}: every fold open`);
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        const result = await new AxeBuilder({ page }).analyze();
        for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
          problems.push(`${viewport.width} ${colorScheme} ${tab}: ${v.id} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        }
      }
    }
  }
  assertEqual(problems.join('\n'), '', 'serious or critical axe findings');
});

test('Heimr: a new character\'s 10 / 10 HP and willpower is said to be the app\'s start until the campaign\'s maximum is typed', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  const pools = page.getByRole('region', { name: 'HP and willpower' }).first();
  await eventually(async () => (await pools.innerText()).includes("The app's 10 / 10"), 'the start is marked as the app\'s');
  await retype(page, '#heimr-hp-max', '14');
  await eventually(async () => !(await pools.innerText()).includes("The app's 10 / 10"), 'gone once a maximum is typed');
});

test('Heimr: observing a square with Perception gains potential by how near it is (P +2 in your location, +1 bordering)', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  await retype(page, '#heimr-attr-intelligence', '1');
  await page.click('button[aria-label="Roll Perception"]');
  await page.waitForSelector('#heimr-dice-panel');
  assertEqual(await page.locator('#heimr-panel-p').innerText(), 'P 1', 'Intelligence 1');
  await page.getByLabel('Observation').selectOption({ label: 'Observing a square in your location (P +2)' });
  await eventually(async () => (await page.locator('#heimr-panel-p').innerText()) === 'P 3', 'P +2 in your location');
  await page.getByLabel('Observation').selectOption({ label: 'Observing a bordering square (P +1)' });
  await eventually(async () => (await page.locator('#heimr-panel-p').innerText()) === 'P 2', 'P +1 bordering');
  await page.click('#heimr-panel-done');
  // Only Perception observes.
  await page.click('button[aria-label="Roll Insight"]');
  await page.waitForSelector('#heimr-dice-panel');
  assertEqual(await page.getByLabel('Observation').count(), 0, 'not for Insight');
});

test('Heimr: "This turn" takes the seed\'s combat actions by their type, with what they do, and an upcoming one goes on into the next turn', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  await page.fill('#heimr-fatigue-current', '9');
  await combatTab(page).click();
  const left = page.locator('#heimr-turn-left');
  await left.waitFor();
  assertEqual(await left.innerText(), 'All actions left.', 'a new turn');
  await unfold(page, 'This turn:');
  const turn = page.locator('#heimr-this-turn');
  const said = turn.getByRole('status');
  const take = (name) => turn.getByRole('button', { name, exact: true }).click();
  await take('Move');
  assertEqual(await said.innerText(), 'Move: your standard action.', 'a move is the standard action');
  await take('Draw a weapon or ammunition');
  assertEqual(await said.innerText(), 'Draw a weapon or ammunition: simultaneous with Move.', 'a draw goes alongside the move');
  await take('Weapon attack');
  assertEqual(await said.innerText(), 'Your standard action is spent this turn (Move).', 'refused in the player\'s words');
  await take('Speak');
  await take('Speak');
  assertEqual(await said.innerText(), 'Speak is a free action: once a turn.', 'each free action once');
  // Kept across the sheet's tabs, and saved with the character: a reload keeps it.
  await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Sheet' }).click();
  await combatTab(page).click();
  // The tab is shown again a frame after the tap.
  await eventually(async () => (await left.innerText()) === 'Standard action spent.', 'the turn kept across tabs');
  await page.waitForTimeout(600); // past the save's delay
  await page.reload();
  await eventually(async () => (await left.innerText()) === 'Standard action spent.', 'the turn kept across a reload');
  await page.locator('#heimr-new-turn').click();
  assertEqual(await left.innerText(), 'All actions left.', 'New turn frees it');
  // An ongoing breather: the turn ends, fatigue −2 and C −2 on defences.
  await unfold(page, 'This turn:');
  await take('Take a breather (ongoing)');
  assertEqual(await said.innerText(), 'Take a breather (ongoing): an ongoing action. Your turn ends; C −2 on your defences until your next turn. Fatigue 9 → 7.', 'the breather taken');
  assertEqual(await left.innerText(), 'Turn ended (Take a breather (ongoing)).', 'the turn is over');
  assert(await page.getByLabel(/^Ongoing action this turn/).isChecked(), 'the Defences card has the ongoing action');
  await take('Jump down');
  assertEqual(await said.innerText(), 'Your turn ended with Take a breather (ongoing): nothing more until your next turn.', 'nothing after it');
  // An upcoming crawl holds the next turn's standard action until finished or dropped.
  await page.locator('#heimr-new-turn').click();
  assert(!(await page.getByLabel(/^Ongoing action this turn/).isChecked()), 'the penalty ends with the turn');
  await take('Crawl');
  assertEqual(await said.innerText(), 'Crawl: only while prone. Drop prone first (a free action).', 'only while prone');
  await take('Drop prone');
  await take('Crawl');
  await page.locator('#heimr-new-turn').click();
  assertEqual(await left.innerText(), 'Crawl goes on as your standard action.', 'the crawl goes on');
  await turn.getByRole('button', { name: 'Interrupted or cancelled' }).click();
  assertEqual(await said.innerText(), 'Crawl: dropped. Your standard action is free.', 'dropped');
  assertEqual(await left.innerText(), 'All actions left.', 'free again');
});

test('Heimr: a chase round by round, and who it takes to move a character', async (t) => {
  const page = await t.open({ ruleset: 'heimr' });
  await combatTab(page).click();
  await unfold(page, 'This turn:');
  await unfold(page, 'Chase');
  const apart = page.getByLabel('Squares apart');
  assertEqual(await apart.inputValue(), '3', 'three squares to start');
  await page.getByLabel("Chaser's result").fill('9');
  await page.getByLabel("Target's result").fill('6');
  await page.getByRole('button', { name: 'Chase round' }).click();
  await page.getByText('2 squares apart.', { exact: true }).waitFor();
  assertEqual(await apart.inputValue(), '2', 'three more wins a square');
  await page.getByLabel("Chaser's result").fill('4');
  await page.getByRole('button', { name: 'Chase round' }).click();
  await page.getByText('2 squares apart.', { exact: true }).waitFor();
  await page.getByLabel("Chaser's result").fill('3');
  await page.getByRole('button', { name: 'Chase round' }).click();
  await page.getByText('3 squares apart.', { exact: true }).waitFor();
  await page.getByLabel("Target's result").fill('x');
  assert((await page.getByText(/Keeping 6/).count()) === 1, 'bad input refused at the field');
  await page.getByLabel('The target failed the fatigue check').check();
  await page.getByRole('button', { name: 'Chase round' }).click();
  await page.getByText('Caught: the chaser may take an action against the target.', { exact: true }).waitFor();
  await unfold(page, 'Forced movement and restraint');
  await page.getByText('An unwilling bound character: 3 to move them.', { exact: true }).waitFor();
});
