// The Symbaroum family's Gear & XP tab (#/c/<id>/gear): the Experience ledger and what
// it buys, abilities acting on the numbers, the inventory with live encumbrance, and
// Re-roll for Experience in the roll panel and on the Combat tab.
import { mkdirSync } from 'node:fs';
import AxeBuilderModule from '@axe-core/playwright';
import { assert, assertEqual, eventually, test } from './harness.mjs';

const AxeBuilder = AxeBuilderModule.default || AxeBuilderModule;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const num = async (page, sel) => Number((await page.locator(sel).first().innerText()).replace('−', '-').trim());

/** A new homebrew character with the given scores, on its Gear & XP tab. */
async function openGear(t, { might = 10, agility = 12, viewport, ruleset } = {}) {
  const page = await t.open({ viewport, ruleset });
  await page.fill('#attr-might', String(might));
  await page.fill('#attr-agility', String(agility));
  await page.click('.sheet-tab:has-text("Gear & XP")');
  await page.waitForSelector('#xp-unspent');
  assert(/#\/c\/[^/]+\/gear$/.test(page.url()), `on the Gear & XP tab: ${page.url()}`);
  return page;
}

async function addItem(page, name, qty = '1', kind = 'other', impeding) {
  await page.fill('#item-name', name);
  await page.fill('#item-qty', qty);
  await page.selectOption('#item-kind', kind);
  if (impeding !== undefined) await page.fill('#item-impeding', impeding);
  await page.click('#add-item');
}

test('gear: adding the item over the threshold drops Defense by 1 on screen at once', async (t) => {
  const page = await openGear(t, { might: 10, agility: 12 });
  await addItem(page, 'Rope', '10');
  await eventually(async () => (await num(page, '#enc-total')) === 10, '10 items');
  assertEqual(await num(page, '#enc-defense'), 12, 'at the threshold: Defense unchanged');
  assert((await page.innerText('#topbar-stats')).includes('12'), 'the bar shows Defense 12');
  await addItem(page, 'Lantern');
  // No waiting for a save or a reload: the next frame shows it.
  await eventually(async () => (await num(page, '#enc-defense')) === 11, 'Defense 11 with 11 items', 1000);
  assert((await page.innerText('#topbar-stats')).includes('11'), 'the sticky bar follows');
  assert((await page.innerText('#enc-summary')).includes('1 over the threshold'), 'the summary says why');
  // Kept across a reload, and the other tabs agree.
  await page.reload();
  await page.waitForSelector('#enc-defense');
  assertEqual(await num(page, '#enc-defense'), 11, 'after a reload');
  await page.click('.sheet-tab:has-text("Combat")');
  await page.waitForSelector('#armor-defense');
  assertEqual(await num(page, '#armor-defense'), 11, 'the Combat tab counts encumbrance too');
});

test('gear: an item row says what it counts as its quantity, kind and Massive change', async (t) => {
  const page = await openGear(t);
  await addItem(page, 'Axe', '2');
  const row = page.getByRole('listitem').filter({ has: page.getByText('Axe', { exact: true }) });
  await eventually(async () => (await row.innerText()).includes('counts 2'), '2 axes count 2');
  const quantity = row.getByLabel('Quantity');
  await quantity.fill('3');
  await quantity.press('Tab');
  await eventually(async () => (await row.innerText()).includes('counts 3'), 'a third axe counts 3, without a reload');
  await row.getByRole('checkbox', { name: 'Massive' }).check();
  await eventually(async () => (await row.innerText()).includes('counts 6'), 'Massive axes count 2 each');
  await row.getByRole('combobox', { name: 'Kind of Axe' }).selectOption({ label: 'Clothing, belt, boots' });
  await eventually(async () => (await row.innerText()).includes('counts 0'), 'clothing counts 0');
  // Small objects count together: each such row says what all of them add up to.
  await addItem(page, 'Gems', '30', 'small');
  await addItem(page, 'Pearls', '40', 'small');
  const gems = page.getByRole('listitem').filter({ has: page.getByText('Gems', { exact: true }) });
  await eventually(async () => (await gems.innerText()).includes('All small objects carried: 70 pieces, 1 item.'), 'the pool shows on the row');
  const pearls = page.getByRole('listitem').filter({ has: page.getByText('Pearls', { exact: true }) });
  await pearls.getByLabel('Quantity').fill('70');
  await pearls.getByLabel('Quantity').press('Tab');
  await eventually(async () => (await gems.innerText()).includes('100 pieces, 2 items.'), 'and follows another row\'s change');
});

test('gear: over the carrying limit the march consequences show, in homebrew-draft words', async (t) => {
  const page = await openGear(t, { might: 5, ruleset: 'homebrew-draft' });
  await addItem(page, 'Firewood', '12');
  await page.waitForSelector('#enc-over-limit');
  const text = await page.innerText('#enc-over-limit');
  assert(text.includes('Carrying Limit') && text.includes('Hasty March'), `draft labels: ${text}`);
  assert((await page.innerText('.encumbrance-card')).includes('Encumbrance Threshold'), 'the threshold is named as in the draft');
});

test('gear: the ledger refuses a purchase it cannot pay, books what it can, and refunds', async (t) => {
  const page = await openGear(t);
  await page.fill('#xp-award', '12');
  await page.fill('#xp-note', 'The Ruined Keep');
  await page.click('#xp-add');
  await eventually(async () => (await num(page, '#xp-unspent')) === 12, '12 unspent');
  assert((await page.innerText('#topbar-xp')).trim() === '12', 'unspent XP is in the sticky bar');
  await page.fill('#ability-name', 'Staff Fighting');
  await page.selectOption('#ability-level', 'adept');
  await page.click('#add-ability');
  await eventually(async () => (await page.innerText('#ability-error')).includes('18 missing'), 'adept costs 30: 18 missing');
  assertEqual(await page.locator('.ability-row').count(), 0, 'nothing bought');
  await page.selectOption('#ability-level', 'novice');
  await page.click('#add-ability');
  await page.waitForSelector('.ability-row');
  await eventually(async () => (await num(page, '#xp-unspent')) === 2, '10 spent');
  assert((await page.innerText('#xp-ledger')).includes('Bought Staff Fighting (novice)'), 'the ledger shows the purchase');
  await page.click('.ability-remove');
  await eventually(async () => (await num(page, '#xp-unspent')) === 12, 'removing refunds');
});

test('gear: Re-roll for Experience spends 1 XP once per roll in the roll panel', async (t) => {
  const page = await openGear(t);
  await page.fill('#xp-award', '2');
  await page.click('#xp-add');
  await page.check('.reroll-on');
  await page.click('.sheet-tab:has-text("Sheet")');
  await page.waitForSelector('#roll-might');
  await page.click('#roll-might');
  await page.click('#roll-go');
  await page.waitForSelector('#roll-reroll');
  await page.click('#roll-reroll');
  await eventually(async () => (await page.innerText('#topbar-xp')).trim() === '1', '1 XP spent');
  assert(await page.isDisabled('#roll-reroll'), 'one re-roll per roll');
  assert((await page.innerText('#roll-reroll-note')).includes('one re-roll'), 'says why');
  await page.click('#roll-go');
  await eventually(async () => !(await page.isDisabled('#roll-reroll')), 'a new roll may be re-rolled again');
  await page.click('#roll-close');
  assert((await page.innerText('#roll-log')).includes('Re-roll for 1 XP'), 'the log shows the spend');
});

test('gear: re-rolls on the Combat tab (weapon damage, the armor roll of a hit) spend Experience that the ledger keeps', async (t) => {
  const page = await openGear(t, { might: 12 });
  await page.fill('#xp-award', '3');
  await page.click('#xp-add');
  await page.check('.reroll-on');
  await page.click('.sheet-tab:has-text("Combat")');
  await page.waitForSelector('#incoming');
  await page.fill('#weapon-name', 'Great axe');
  await page.fill('#weapon-damage', '1d10');
  await page.click('#add-weapon');
  await page.click('.weapon-roll');
  await page.click('#damage-reroll');
  await eventually(async () => (await page.innerText('#topbar-xp')).trim() === '2', '1 XP spent on the damage re-roll');
  assert(await page.isDisabled('#damage-reroll'), 'one re-roll per roll');
  await page.fill('#armor-name', 'Chain mail');
  await page.fill('#armor-protection', '1d6');
  await page.click('#add-armor');
  await page.check('.armor-worn');
  await page.fill('#incoming', '10');
  await page.click('#take-hit');
  await page.click('#armor-reroll');
  await eventually(async () => (await page.innerText('#topbar-xp')).trim() === '1', '1 XP spent on the armor re-roll');
  // The hit was taken once: 10 less 1d6 from 12 leaves 3–8.
  const left = await num(page, '#toughness-current');
  assert(left >= 3 && left <= 8, `one hit taken after the re-roll: ${left} left`);
  // Kept across a reload and on the Gear & XP tab's ledger.
  await page.reload();
  await page.waitForSelector('#toughness-current');
  assertEqual(await num(page, '#toughness-current'), left, 'Toughness kept');
  await page.click('.sheet-tab:has-text("Gear & XP")');
  await page.waitForSelector('#xp-ledger');
  assertEqual(await num(page, '#xp-unspent'), 1, 'unspent after two re-rolls');
  const ledger = await page.innerText('#xp-ledger');
  assert(ledger.includes('Re-roll: Damage: Great axe') && ledger.includes('Re-roll: Armor roll'), `the ledger books both: ${ledger}`);
});

test('gear: the tab fits a phone and a desk, and axe-core finds no serious problem', async (t) => {
  mkdirSync('screenshots', { recursive: true });
  for (const [name, viewport] of [['phone', PHONE], ['desk', DESK]]) {
    const page = await openGear(t, { viewport });
    await page.fill('#xp-award', '30');
    await page.click('#xp-add');
    await page.fill('#ability-name', 'Exceptional Attribute');
    await page.selectOption('#ability-attr', 'might');
    await page.click('#add-ability');
    await page.waitForSelector('.ability-row');
    await addItem(page, 'Backpack', '1', 'light');
    await addItem(page, 'Rations', '5');
    await addItem(page, 'Chain mail', '1', 'armor-carried', '3');
    await page.fill('#money-shilling', '60');
    await page.waitForSelector('.inventory-row >> nth=2');
    // Rations 5, carried chain mail its Impeding 3, 60 coins 1.
    await eventually(async () => (await num(page, '#enc-total')) === 9, '9 items counted');
    assert((await page.innerText('.inventory-row[data-name="Chain mail"] .item-count')).includes('3'), 'carried armor counts its Impeding');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert(overflow <= 0, `${name}: ${overflow}px of sideways overflow`);
    await page.screenshot({ path: `screenshots/gear-${name}.png`, fullPage: true });
    const result = await new AxeBuilder({ page }).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assertEqual(serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`).join('; '), '', `axe on ${name}`);
  }
});
