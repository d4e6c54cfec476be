// One app: a character's tabs are routes of one page. Switching loads no document,
// and each tab keeps its scroll position, open panels and half-typed text; undo spans
// the tabs; the fight is played from the Combat tab; links saved from the old
// one-page-per-tab build still open the right character and tab.
import { assert, assertEqual, eventually, test, unfold } from './harness.mjs';

const tab = (page, name) => page.click(`.sheet-tab:has-text("${name}")`);
const num = async (page, sel) => Number((await page.locator(sel).first().innerText()).replace('−', '-').trim());

test('tabs: switching loads no document and keeps scroll, open panels and typed text', async (t) => {
  const page = await t.open();
  const id = page.url().match(/#\/c\/([^/]+)/)[1];
  // Marks this document: a page load would lose it.
  await page.evaluate(() => (window.__sameDocument = 'yes'));
  let loads = 0;
  page.on('load', () => loads++);
  // Sheet: scrolled down, a breakdown open.
  await page.click('[data-derived=toughness] button');
  const open = await page.locator('#derived-toughness-how').isVisible();
  assert(open, 'the Toughness breakdown is open');
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.waitForTimeout(100);
  const sheetY = await page.evaluate(() => window.scrollY);
  assert(sheetY > 0, `the sheet scrolled (${sheetY})`);
  // Combat: half-typed weapon and incoming damage, never submitted.
  await tab(page, 'Combat');
  await page.waitForSelector('#toughness-current');
  assertEqual(page.url().split('#')[1], `/c/${id}/combat`, 'the route names the tab');
  await unfold(page, 'Add a weapon…');
  await page.fill('#weapon-name', 'Half-typed spear');
  await page.fill('#incoming', '5');
  await tab(page, 'Gear & XP');
  await page.waitForSelector('#xp-unspent');
  await tab(page, 'Sheet');
  await page.waitForSelector('#attr-might');
  await eventually(async () => (await page.evaluate(() => window.scrollY)) === sheetY, `the Sheet's scroll comes back to ${sheetY}`);
  assert(await page.locator('#derived-toughness-how').isVisible(), 'the breakdown is still open');
  await tab(page, 'Combat');
  await page.waitForSelector('#toughness-current');
  assertEqual(await page.inputValue('#weapon-name'), 'Half-typed spear', 'the weapon name survives Sheet → Combat');
  assertEqual(await page.inputValue('#incoming'), '5', 'the incoming damage survives');
  assertEqual(await page.evaluate(() => window.__sameDocument), 'yes', 'no document was loaded');
  assertEqual(loads, 0, 'no load event');
  // The browser's Back goes to the previous tab, still in the same document.
  await page.goBack();
  await page.waitForSelector('#attr-might');
  assertEqual(await page.evaluate(() => window.__sameDocument), 'yes', 'Back loads no document either');
});

test('tabs: Back from a sheet with a breakdown open goes to the list cleanly, and Forward brings the sheet back', async (t) => {
  // Found as a new player would: a tapped value keeps the focus, and leaving the
  // sheet took it away after the sheet's state was gone (a panic, then nothing worked).
  for (const [ruleset, name] of [['symbaroum', /^Toughness/], ['heimr', /Brawl consistency/]]) {
    const page = await t.open({ ruleset });
    const value = page.getByRole('button', { name }).first();
    await value.click();
    assertEqual(await value.getAttribute('aria-expanded'), 'true', `${ruleset}: the breakdown is open`);
    await page.goBack();
    await page.waitForSelector('[data-screen=library]');
    await page.waitForTimeout(300);
    await page.goForward();
    await page.waitForSelector('#character-name');
    // Still working: a value typed on the sheet comes back after a reload.
    await page.fill('#character-name', `Back and forth ${ruleset}`);
    await page.waitForTimeout(900);
    await page.reload();
    await eventually(async () => (await page.inputValue('#character-name')) === `Back and forth ${ruleset}`, `${ruleset}: the name was saved`);
  }
});

test('tabs: undo spans the tabs of one character', async (t) => {
  const page = await t.open();
  await page.fill('#attr-might', '14');
  await page.waitForTimeout(900);
  await tab(page, 'Combat');
  await page.waitForSelector('#toughness-current');
  await page.fill('#incoming', '4');
  await page.click('#take-hit');
  await eventually(async () => (await num(page, '#toughness-current')) === 10, 'Toughness 10 after the hit');
  await page.click('#undo');
  await eventually(async () => (await num(page, '#toughness-current')) === 14, 'the hit is undone');
  await page.click('#undo');
  await eventually(async () => (await num(page, '#toughness-max')) === 10, 'the Sheet tab’s Might edit is undone from the Combat tab');
  await tab(page, 'Sheet');
  assertEqual(await page.inputValue('#attr-might'), '10', 'Might is back to 10');
  await page.click('#redo');
  assertEqual(await page.inputValue('#attr-might'), '14', 'and redone');
});

test('tabs: the fight from the Combat tab: attack with a weapon rolls its damage, Defense, take the hit', async (t) => {
  const page = await t.open();
  await page.fill('#attr-exactitude', '30');
  await tab(page, 'Combat');
  await page.waitForSelector('#toughness-current');
  await unfold(page, 'Add a weapon…');
  await page.fill('#weapon-name', 'Spear');
  await page.fill('#weapon-damage', '1d8');
  await page.click('#add-weapon');
  await eventually(async () => (await page.locator('#attack-weapon option').allInnerTexts()).some((s) => s.includes('Spear (1d8)')), 'the spear can be picked');
  await page.selectOption('#attack-weapon', { label: 'Spear (1d8)' });
  await page.click('#roll-attack');
  await page.waitForSelector('#roll-panel[open]');
  assertEqual(await page.innerText('#roll-title'), 'Attack [Exactitude←Defense] with Spear', 'the title names the weapon');
  await page.fill('#roll-opponent-score', '1');
  await page.click('#roll-go');
  await page.waitForSelector('#roll-damage');
  const damage = await page.innerText('#roll-damage');
  const total = Number(damage.match(/Damage (\d+)/)[1]);
  assert(total >= 1 && total <= 8, `1d8 damage: ${damage}`);
  await page.click('#roll-close');
  const entries = await page.locator('#log-entries .log-entry .log-what').allInnerTexts();
  assert(entries[0].startsWith('Attack with Spear: Exactitude test'), `the attack is logged: ${entries[0]}`);
  const outcome = await page.locator('#log-entries .log-entry .log-outcome').first().innerText();
  assertEqual(outcome, `Pass, ${total} damage`, 'with its damage in the same entry');
  // Defense, then the hit, without leaving the tab.
  await page.click('#roll-defense');
  await page.fill('#roll-opponent-score', '10');
  await page.click('#roll-go');
  await page.waitForSelector('#roll-result');
  await page.click('#roll-close');
  await page.fill('#incoming', '3');
  await page.click('#take-hit');
  await eventually(async () => (await num(page, '#toughness-current')) === 7, 'Toughness 10 − 3');
  assert(/#\/c\/[^/]+\/combat$/.test(page.url()), 'still on the Combat tab');
});

test('tabs: links saved from the one-page-per-tab build open the same character and tab', async (t) => {
  const page = await t.open();
  const id = page.url().match(/#\/c\/([^/]+)/)[1];
  await page.fill('#character-name', 'Old Link Olle');
  await page.waitForTimeout(600);
  for (const [old, route, ready] of [
    ['symbaroum.html', '', '#attr-might'],
    ['combat.html', '/combat', '#toughness-current'],
    ['advance.html', '/gear', '#xp-unspent'],
  ]) {
    await page.goto(new URL(`${old}#/c/${id}`, t.url).href);
    await page.waitForSelector(ready);
    assertEqual(new URL(page.url()).pathname, new URL(t.url).pathname, `${old} lands on the one page`);
    assertEqual(page.url().split('#')[1], `/c/${id}${route}`, `${old} opens its tab`);
    assertEqual(await page.innerText('.topbar-name'), 'Old Link Olle', 'the same character');
  }
  const heimr = await t.open({ ruleset: 'heimr' });
  const hid = heimr.url().match(/#\/c\/([^/]+)/)[1];
  for (const [old, route, ready] of [
    ['heimr.html', '', '#heimr-attr-strength'],
    ['heimr-combat.html', '/combat', '#heimr-new-turn'],
    ['heimr-advance.html', '/gear', '#heimr-xp-award'],
  ]) {
    await heimr.goto(new URL(`${old}#/c/${hid}`, t.url).href);
    await heimr.waitForSelector(ready);
    assertEqual(heimr.url().split('#')[1], `/c/${hid}${route}`, `${old} opens its tab`);
  }
  // An old page without a character goes to the list.
  await page.goto(new URL('combat.html', t.url).href);
  await page.waitForSelector('[data-screen=library]');
});

test('tabs: every id on the page is unique with all tabs visited, in both rulesets', async (t) => {
  for (const ruleset of ['homebrew', 'heimr']) {
    const page = await t.open({ ruleset });
    for (const name of ['Combat', 'Gear & XP', 'Sheet']) {
      await tab(page, name);
      await page.waitForTimeout(100);
    }
    const dupes = await page.evaluate(() => {
      const seen = new Map();
      for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) || 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    });
    assertEqual(dupes.join(', '), '', `${ruleset}: duplicate ids`);
  }
});
