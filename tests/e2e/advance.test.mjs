// The Symbaroum family's Gear & XP tab (#/c/<id>/gear): the Experience ledger and what
// it buys, abilities acting on the numbers, the inventory with live encumbrance, and
// Re-roll for Experience in the roll panel and on the Combat tab.
import { mkdirSync } from 'node:fs';
import AxeBuilderModule from '@axe-core/playwright';
import { assert, assertEqual, eventually, test, unfold } from './harness.mjs';

const AxeBuilder = AxeBuilderModule.default || AxeBuilderModule;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const num = async (page, sel) => Number((await page.locator(sel).first().innerText()).replace('−', '-').trim());

/** A new homebrew character with the given scores, on its Gear & XP tab; creation
 * finished unless `finish` is false (a new character starts in creation). */
async function openGear(t, { might = 10, agility = 12, viewport, ruleset, finish = true } = {}) {
  const page = await t.open({ viewport, ruleset });
  await page.fill('#attr-might', String(might));
  await page.fill('#attr-agility', String(agility));
  await page.click('.sheet-tab:has-text("Gear & XP")');
  await page.waitForSelector('#xp-unspent');
  assert(/#\/c\/[^/]+\/gear$/.test(page.url()), `on the Gear & XP tab: ${page.url()}`);
  if (finish) {
    await gearTab(page).getByRole('button', { name: 'Finish creation' }).click();
    await gearTab(page).getByText('Creation finished').waitFor();
  }
  return page;
}

/** The Gear & XP tab's panel (the Sheet tab, drawn first, has its own creation card). */
const gearTab = (page) => page.locator('.advance-sheet');

async function addItem(page, name, qty = '1', kind = 'other', impeding) {
  await unfold(page, 'Add an item…');
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

test('gear: after an add the item form starts fresh, so the next items are not containers', async (t) => {
  const page = await openGear(t, { might: 10, agility: 12 });
  await addItem(page, 'Backpack', '1', 'light');
  // The player types only a name and a quantity for the next two items.
  for (const [name, qty] of [['Rope', '1'], ['Torch', '3']]) {
    const form = page.locator('.inventory-card form');
    assertEqual(await form.getByLabel('Kind').locator('option:checked').innerText(), 'Other item', `the kind starts over before ${name}`);
    assertEqual(await form.getByLabel('Container').locator('option:checked').innerText(), 'None', `no container chosen before ${name}`);
    assertEqual(await form.getByLabel('Quantity').inputValue(), '1', `the quantity starts at 1 before ${name}`);
    await form.getByLabel('Item', { exact: true }).fill(name);
    await form.getByLabel('Quantity').fill(qty);
    await form.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('region', { name: 'Inventory' }).getByText(name, { exact: true }).waitFor();
  }
  await eventually(async () => (await num(page, '#enc-total')) === 4, 'Rope and three torches count 4, the empty backpack 0');
  const rope = page.getByRole('listitem').filter({ has: page.getByText('Rope', { exact: true }) });
  await rope.getByText('Rope', { exact: true }).click();
  assert((await rope.innerText()).includes('ordinary item: counts 1'), `Rope is an ordinary item: ${await rope.innerText()}`);
  const offered = await page.locator('#item-inside option').allInnerTexts();
  assert(offered.includes('Backpack') && !offered.includes('Rope') && !offered.includes('Torch'), `only the backpack is offered as a container: ${offered}`);
});

test('gear: an item row says what it counts as its quantity, kind and Massive change', async (t) => {
  const page = await openGear(t);
  await addItem(page, 'Axe', '2');
  const row = page.getByRole('listitem').filter({ has: page.getByText('Axe', { exact: true }) });
  await eventually(async () => (await row.innerText()).includes('counts 2'), '2 axes count 2');
  // The row is one line; tapping it opens its editor.
  assert(!(await row.getByLabel('Quantity').isVisible()), 'the editor starts closed');
  await row.getByText('Axe', { exact: true }).click();
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
  await gems.getByText('Gems', { exact: true }).click();
  await eventually(async () => (await gems.innerText()).includes('All small objects carried: 70 pieces, 1 item.'), 'the pool shows on the row');
  const pearls = page.getByRole('listitem').filter({ has: page.getByText('Pearls', { exact: true }) });
  await pearls.getByText('Pearls', { exact: true }).click();
  await pearls.getByLabel('Quantity').fill('70');
  await pearls.getByLabel('Quantity').press('Tab');
  await eventually(async () => (await gems.innerText()).includes('100 pieces, 2 items.'), 'and follows another row\'s change');
});

test('gear on a phone: an item\'s editor shows its whole price, names each choice above its box, and says in words what the item counts', async (t) => {
  const page = await openGear(t, { viewport: PHONE });
  await addItem(page, 'Backpack', '1', 'light');
  await addItem(page, 'Rope', '1');
  const row = page.getByRole('listitem').filter({ has: page.getByText('Rope', { exact: true }) });
  await row.getByText('Rope', { exact: true }).click();
  const price = row.getByLabel('Price each');
  await price.fill('1t 5s');
  await price.press('Tab');
  await eventually(async () => (await price.inputValue()) === '1 thaler 5 shillings', 'the price as money');
  const cut = await price.evaluate((el) => el.scrollWidth > el.clientWidth);
  assert(!cut, 'the whole price shows in its box');
  assert((await row.innerText()).includes('ordinary item: counts 1'), `what it counts, in words: ${await row.innerText()}`);
  // Each choice has its label on screen, above its box, and the two never read alike
  // as the "Carried" box does.
  for (const [label, name] of [['Kind', 'Kind of Rope'], ['Container', 'Container of Rope']]) {
    const text = row.getByText(label, { exact: true });
    assert(await text.isVisible(), `"${label}" is written on the row`);
    const box = row.getByRole('combobox', { name });
    const [l, b] = [await text.boundingBox(), await box.boundingBox()];
    assert(l.y + l.height <= b.y + 1 && Math.abs(l.x - b.x) < 8, `"${label}" stands above its box`);
  }
  const container = row.getByRole('combobox', { name: 'Container of Rope' });
  assertEqual(await container.locator('option:checked').innerText(), 'None', 'in no container');
  await container.selectOption({ label: 'Backpack' });
  await eventually(async () => (await row.innerText()).includes('counts 1'), 'still counts 1 inside the backpack');
  // The add form's last choice and its Add button do not touch.
  await unfold(page, 'Add an item…');
  const [last, add] = [await page.locator('#item-inside').boundingBox(), await page.locator('#add-item').boundingBox()];
  assert(add.y - (last.y + last.height) >= 8, `space between the last choice and Add: ${add.y - (last.y + last.height)} px`);
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
  await page.getByText('Add an award…', { exact: true }).click();
  await page.fill('#xp-award', '12');
  await page.fill('#xp-note', 'The Ruined Keep');
  await page.click('#xp-add');
  await eventually(async () => (await num(page, '#xp-unspent')) === 12, '12 unspent');
  assert((await page.innerText('#topbar-xp')).trim() === '12', 'unspent XP is in the sticky bar');
  await unfold(page, 'Add an ability…');
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
  await page.locator('#ability-list').getByText(/Staff Fighting/).first().click();
  await page.click('.ability-remove');
  await eventually(async () => (await num(page, '#xp-unspent')) === 12, 'removing refunds');
});

test('gear: Re-roll for Experience spends 1 XP once per roll in the roll panel', async (t) => {
  const page = await openGear(t);
  await page.getByText('Add an award…', { exact: true }).click();
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
  await page.getByText('Add an award…', { exact: true }).click();
  await page.fill('#xp-award', '3');
  await page.click('#xp-add');
  await page.check('.reroll-on');
  await page.click('.sheet-tab:has-text("Combat")');
  await page.waitForSelector('#incoming');
  await unfold(page, 'Add a weapon…');
  await page.fill('#weapon-name', 'Great axe');
  await page.fill('#weapon-damage', '1d10');
  await page.click('#add-weapon');
  await page.getByRole('region', { name: 'Weapons' }).getByText('Great axe', { exact: true }).click();
  await page.click('.weapon-roll');
  await page.click('#damage-reroll');
  await eventually(async () => (await page.innerText('#topbar-xp')).trim() === '2', '1 XP spent on the damage re-roll');
  assert(await page.isDisabled('#damage-reroll'), 'one re-roll per roll');
  await unfold(page, 'Add armor…');
  await page.fill('#armor-name', 'Chain mail');
  await page.fill('#armor-protection', '1d6');
  await page.click('#add-armor');
  await page.getByRole('region', { name: 'Armor and shields' }).getByText('Chain mail', { exact: true }).click();
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

test('gear: a used sword sells at half price into the purse and leaves the inventory', async (t) => {
  const page = await openGear(t);
  const gear = gearTab(page);
  await unfold(page, 'Add an item…');
  await gear.getByLabel('Item', { exact: true }).fill('Sword');
  await gear.getByLabel('Price each').fill('1 thaler');
  await gear.getByRole('button', { name: 'Add item' }).click();
  const sword = gear.getByRole('listitem').filter({ has: page.getByText('Sword', { exact: true }) });
  await sword.waitFor();
  await sword.getByText('Sword', { exact: true }).click();
  assertEqual(await sword.getByLabel('Price each').inputValue(), '1 thaler', 'the price is shown as money');
  // The row's line is a button that says whether its editor is open (its name starts
  // with the item: the marker is not read out); a second tap folds the editor away,
  // and a third brings it back as it was.
  await sword.getByRole('button', { name: /^Sword/, expanded: true }).click();
  await eventually(async () => !(await sword.getByLabel('Price each').isVisible()), 'a second tap folds the editor');
  await sword.getByRole('button', { name: /Sword/, expanded: false }).click();
  assertEqual(await sword.getByLabel('Price each').inputValue(), '1 thaler', 'opened again, as it was');
  await gear.getByLabel('Shillings').fill('3');
  await page.waitForTimeout(900); // a step of its own for undo
  await sword.getByRole('button', { name: 'Sell used (half price): Sword' }).click();
  await eventually(async () => (await gear.getByRole('status').filter({ hasText: 'Sold' }).innerText()) === 'Sold Sword for 5 shillings.', 'the sale is reported');
  await eventually(async () => (await sword.count()) === 0, 'the sword left the inventory');
  assertEqual(await gear.getByLabel('Shillings').inputValue(), '8', 'half of 1 thaler landed in the purse');
  // Undo takes the sale back, redo makes it again; what is saved survives a reload.
  await page.keyboard.press('Control+z');
  await eventually(async () => (await gear.getByLabel('Shillings').inputValue()) === '3', 'undo gives the coins back');
  await sword.waitFor();
  await page.keyboard.press('Control+Shift+Z');
  await eventually(async () => (await gear.getByLabel('Shillings').inputValue()) === '8', 'redo sells again');
  await page.reload();
  await page.waitForSelector('#money-shilling');
  assertEqual(await gearTab(page).getByLabel('Shillings').inputValue(), '8', 'after a reload');
  assertEqual(await gearTab(page).getByText('Sword', { exact: true }).count(), 0, 'still sold after a reload');
});

test('gear: coins change at 1 thaler = 10 shillings = 100 ortegs, with the total in all three', async (t) => {
  const page = await openGear(t);
  const gear = gearTab(page);
  await gear.getByLabel('Thalers', { exact: true }).fill('2');
  await gear.getByLabel('Ortegs').fill('35');
  await eventually(async () => (await gear.getByText('In all:').innerText()).includes('2 thalers 3 shillings 5 ortegs = 2.35 thalers = 23.5 shillings = 235 ortegs'), 'the total in all three');
  await gear.getByText('Change coins…', { exact: true }).click();
  const form = gear.getByRole('form', { name: 'Change coins' });
  await form.getByLabel('Change').fill('1');
  await form.getByLabel('Coins', { exact: true }).selectOption({ label: 'Thalers' });
  await form.getByLabel('Into').selectOption({ label: 'Shillings' });
  await form.getByRole('button', { name: 'Change coins' }).click();
  await gear.getByText('Changed 1 thaler into 10 shillings.').waitFor();
  assertEqual(await gear.getByLabel('Thalers', { exact: true }).inputValue(), '1', 'a thaler less');
  assertEqual(await gear.getByLabel('Shillings').inputValue(), '10', 'ten shillings more');
  // Upward only in whole coins: refused with the reason, nothing changes.
  await form.getByLabel('Change').fill('35');
  await form.getByLabel('Coins', { exact: true }).selectOption({ label: 'Ortegs' });
  await form.getByRole('button', { name: 'Change coins' }).click();
  await gear.getByText('35 ortegs make 3 shillings with 5 ortegs over: change a multiple of 10.').waitFor();
  assertEqual(await gear.getByLabel('Ortegs').inputValue(), '35', 'ortegs kept');
  // A negative purse is refused at the field.
  await gear.getByLabel('Ortegs').fill('-5');
  await eventually(async () => (await gear.getByText('Keeping 35').count()) === 1, 'a negative amount is refused');
  await gear.getByLabel('Ortegs').fill('35');
  await gear.getByRole('button', { name: 'Fewest coins' }).click();
  await gear.getByText('Changed into the fewest coins: 2 thalers 3 shillings 5 ortegs.').waitFor();
  assertEqual(await gear.getByLabel('Shillings').inputValue(), '3', 'shillings made into thalers');
});

test('gear: a new character is in creation until "Finish creation"; then traits close and purchases cost Experience', async (t) => {
  const page = await openGear(t, { finish: false });
  const gear = gearTab(page);
  const card = gear.getByRole('region', { name: 'In creation' });
  await card.waitFor();
  const lacking = await card.getByRole('list', { name: 'What creation still lacks' }).innerText();
  // Might 10 and Agility 12 from openGear: 82 points.
  assert(lacking.includes('No name yet.') && lacking.includes('2 attribute points over 80.'), `lacking: ${lacking}`);
  // An ability added in creation costs nothing.
  await unfold(page, 'Add an ability…');
  await gear.getByLabel('Ability', { exact: true }).fill('Recovery');
  assert(await gear.getByRole('checkbox', { name: 'Gained at creation (no Experience)' }).isChecked(), 'free by default in creation');
  await gear.getByRole('button', { name: 'Add', exact: true }).click();
  await gear.getByText('Added Recovery (novice).').waitFor();
  assertEqual(await num(page, '#xp-spent'), 0, 'nothing spent');
  // The Sheet tab says the same; a name there clears that line here.
  await page.click('.sheet-tab:has-text("Sheet")');
  const sheetCard = page.locator('.character-sheet').getByRole('region', { name: 'In creation' });
  await sheetCard.getByText('No name yet.').waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Ylva');
  await eventually(async () => (await sheetCard.getByText('No name yet.').count()) === 0, 'the name is no longer lacking');
  await page.click('.sheet-tab:has-text("Gear & XP")');
  await page.waitForTimeout(900); // finishing is an undo step of its own
  await card.getByRole('button', { name: 'Finish creation' }).click();
  await gear.getByText('Creation finished').waitFor();
  assertEqual(await card.count(), 0, 'the card is gone');
  // An ordinary edit: Undo takes it back, Redo finishes again.
  await page.keyboard.press('Control+z');
  await card.waitFor();
  await page.keyboard.press('Control+Shift+Z');
  await eventually(async () => (await card.count()) === 0, 'finished again');
  // After: no trait, nothing free, a purchase costs Experience.
  const abilities = gear.getByRole('region', { name: 'Abilities' });
  const trait = abilities.getByLabel('Kind', { exact: true }).locator('option[value="trait"]');
  assert(await trait.isDisabled(), 'the Trait kind is closed');
  assertEqual((await trait.innerText()).trim(), 'Trait (creation only)', 'and says why');
  assertEqual(await gear.getByRole('checkbox', { name: 'Gained at creation (no Experience)' }).count(), 0, 'no longer offered');
  await gear.getByText('Add an award…', { exact: true }).click();
  await gear.getByLabel('Award').fill('10');
  await gear.getByRole('button', { name: 'Add award' }).click();
  await eventually(async () => (await num(page, '#xp-unspent')) === 10, '10 unspent');
  await unfold(page, 'Add an ability…');
  await gear.getByLabel('Ability', { exact: true }).fill('Iron Fist');
  await gear.getByRole('button', { name: 'Add', exact: true }).click();
  await gear.getByText('Added Iron Fist (novice): 10 Experience.').waitFor();
  assertEqual(await num(page, '#xp-spent'), 10, 'the purchase went through the ledger');
  // Kept across a reload: still finished.
  await page.reload();
  await page.waitForSelector('#xp-spent');
  assertEqual(await gearTab(page).getByRole('region', { name: 'In creation' }).count(), 0, 'finished after a reload');
});

test('gear: the tab fits a phone and a desk, and axe-core finds no serious problem', async (t) => {
  mkdirSync('screenshots', { recursive: true });
  for (const [name, viewport] of [['phone', PHONE], ['desk', DESK]]) {
    const page = await openGear(t, { viewport });
    await page.getByText('Add an award…', { exact: true }).click();
    await page.fill('#xp-award', '30');
    await page.click('#xp-add');
    await unfold(page, 'Add an ability…');
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

test('gear: the day-by-day Travel tracker applies a Death March’s damage and a safe day’s healing, and over the carrying limit each march counts one tier worse', async (t) => {
  const page = await openGear(t, { might: 10 });
  const card = page.getByRole('region', { name: 'Travel' });
  await card.getByLabel('Use the day-by-day Travel tracker').check();
  await card.getByLabel('March').selectOption({ label: 'Death March' });
  assert((await card.innerText()).includes('1 damage a day, and a Might test or 1d6 more; no natural healing.'), 'says what it does');
  await card.getByRole('button', { name: 'Travel a day' }).click();
  const said = async () => card.getByRole('status').innerText();
  await eventually(async () => (await said()).startsWith('Day 1: Death March.'), 'a day travelled');
  const m = (await said()).match(/^Day 1: Death March\. (\d+) damage\. Toughness 10 → (\d+)\./);
  assert(m && Number(m[1]) >= 1 && Number(m[1]) <= 7 && Number(m[2]) === 10 - Number(m[1]), await said());
  await card.getByLabel('March').selectOption({ label: "Day's March" });
  assert((await card.innerText()).includes("the app's choice: the seeds give this march no harm"), 'a safe day’s healing is marked as the app’s choice');
  await card.getByRole('button', { name: 'Travel a day' }).click();
  await eventually(async () => (await said()).startsWith(`Day 2: Day's March. +1 Toughness (a day's healing). Toughness ${m[2]} → ${Number(m[2]) + 1}.`), 'a safe day heals 1');
  const log = await page.getByRole('region', { name: 'Roll log' }).innerText();
  assert(log.includes('Travel: Death March'), 'the days are logged');
  // 25 stones: 5 over the carrying limit of 20.
  const inventory = page.getByRole('region', { name: 'Inventory' });
  await unfold(page, 'Add an item…');
  await inventory.getByLabel('Item', { exact: true }).fill('Stones');
  await inventory.getByLabel('Quantity', { exact: true }).fill('25');
  // Enter in a field adds, as the Add item button does.
  await inventory.getByLabel('Quantity', { exact: true }).press('Enter');
  await eventually(async () => (await card.innerText()).includes('Counts as a Forced March: over the carrying limit by 5.'), 'one tier worse');
  // Seed 000: −1 per extra item, every one over the threshold of 10, to the test.
  assert((await page.innerText('#enc-over-limit')).includes('−15 to the Might test against Death March damage.'), 'the 15 extra items weigh on the test');
  await card.getByLabel('March').selectOption({ label: 'Death March' });
  assert((await card.innerText()).includes('Over the carrying limit, no Death March is possible.'), 'no true Death March');
});

test('gear: compact rows: each ability and item reads as one line of what matters, and tapping it opens its editor (390 and 1280)', async (t) => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const page = await openGear(t, { viewport, finish: false });
    const gear = gearTab(page);
    for (const a of ['Recovery', 'Staff Fighting', 'Loremaster', 'Iron Fist']) {
      await unfold(page, 'Add an ability…');
      await gear.getByLabel('Ability', { exact: true }).fill(a);
      await gear.getByRole('region', { name: 'Abilities' }).getByRole('button', { name: 'Add', exact: true }).click();
    }
    await gear.getByRole('button', { name: 'Finish creation' }).click();
    for (const [item, qty] of [['Rope', '1'], ['Torch', '3'], ['Bedroll', '1'], ['Waterskin', '1'], ['Rations', '5'], ['Flint', '1'], ['Blanket', '1'], ['Lantern', '1'], ['Backpack', '1']]) {
      await unfold(page, 'Add an item…');
      await gear.getByLabel('Item', { exact: true }).fill(item);
      await gear.getByRole('textbox', { name: 'Quantity', exact: true }).fill(qty);
      if (item === 'Lantern') await gear.getByRole('textbox', { name: 'Price each', exact: true }).fill('2s');
      await gear.getByRole('button', { name: 'Add item' }).click();
    }
    const abilities = gear.getByRole('region', { name: 'Abilities' }).getByRole('listitem');
    const items = gear.getByRole('region', { name: 'Inventory' }).getByRole('listitem');
    await eventually(async () => (await abilities.count()) === 4 && (await items.count()) === 9, 'four abilities and nine items');
    const heights = async (rows) => (await rows.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)));
    for (const h of [...(await heights(abilities)), ...(await heights(items))]) {
      assert(h <= 64, `a closed row is one line: ${h}px at ${viewport.width}`);
    }
    const torch = items.filter({ hasText: 'Torch' });
    assertEqual((await torch.innerText()).replace(/\s+/g, ' ').trim(), 'Torch ×3 counts 3', 'name, count and what it counts');
    const lantern = items.filter({ hasText: 'Lantern' });
    assert((await lantern.innerText()).includes('Lantern counts 1 · 2 shillings each'), `the price on the line: ${await lantern.innerText()}`);
    // Tapping opens the editor; tapping again closes it.
    assert(!(await torch.getByLabel('Quantity').isVisible()), 'closed: no controls');
    await torch.getByText('Torch', { exact: true }).click();
    await torch.getByLabel('Quantity').fill('4');
    await torch.getByLabel('Quantity').press('Tab');
    await eventually(async () => (await torch.innerText()).includes('Torch ×4 counts 4'), 'the line follows the edit');
    const recovery = abilities.filter({ hasText: 'Recovery' });
    await recovery.getByText(/^Recovery/).click();
    await recovery.getByRole('button', { name: /^Raise to adept/i }).waitFor();
    await page.screenshot({ path: `screenshots/gear-compact-${viewport.width}.png`, fullPage: true });
    // Back on the tab later (a reload): every row closed, every add form folded.
    await page.reload();
    await gear.getByRole('region', { name: 'Inventory' }).getByText('Backpack', { exact: true }).waitFor();
    for (const adder of ['Add an award…', 'Add an ability…', 'Add an item…', 'Change coins…']) {
      assert(await gear.getByText(adder, { exact: true }).isVisible(), `"${adder}" offered`);
    }
    assert(!(await gear.getByLabel('Item', { exact: true }).isVisible()), 'the add-item form is folded');
    const cards = await gear.locator('.card').evaluateAll((els) => els.map((e) => `${e.querySelector('h2')?.textContent}: ${Math.round(e.getBoundingClientRect().height)}`));
    const tall = await gear.evaluate((e) => e.getBoundingClientRect().height);
    console.log(`    Gear & XP at ${viewport.width}: ${Math.round(tall)} px (${cards.join(', ')})`);
    await page.screenshot({ path: `screenshots/gear-compact-closed-${viewport.width}.png`, fullPage: true });
    if (viewport.width === 390) assert(tall <= 2.5 * 844, `Gear & XP fits in 2.5 phone screens: ${tall} px`);
    // A tap on "Add an item…" opens the form with its first field ready to type in.
    await gear.getByText('Add an item…', { exact: true }).click();
    await eventually(async () => (await page.evaluate(() => document.activeElement?.id)) === 'item-name', 'the item field has the focus');
    await page.keyboard.type('Chalk');
    await gear.getByRole('button', { name: 'Add item' }).click();
    await eventually(async () => (await items.count()) === 10, 'added from the unfolded form');
    await gear.getByRole('region', { name: 'Inventory' }).screenshot({ path: `screenshots/gear-compact-inventory-${viewport.width}.png` });
    await page.context().close();
  }
});

test('gear: a four-digit award reads on one line in the ledger, at a desk and on a phone', async (t) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await openGear(t, { viewport });
    await page.getByText('Add an award…', { exact: true }).click();
    await page.fill('#xp-award', '2000');
    await page.fill('#xp-note', 'Many sessions');
    await page.fill('#xp-date', '2026-11-01');
    await page.click('#xp-add');
    const delta = page.getByRole('list', { name: 'Experience ledger, newest first' }).getByText('+2000', { exact: true });
    await delta.waitFor();
    // The line boxes of its text (the cell itself is as tall as its row).
    const lines = await delta.evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
    });
    assertEqual(lines, 1, `+2000 on one line at ${viewport.width} px`);
  }
});

test('gear: a scene\'s award as seed 004 gives it: 1, +1d4 for something cool, +1d10 for the boss, booked with its dice; not offered in symbaroum', async (t) => {
  const page = await t.open();
  await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Gear & XP' }).click();
  const card = page.getByRole('region', { name: 'Experience' });
  await unfold(page, 'Add an award…');
  await card.getByLabel('For', { exact: true }).fill('The ruined keep');
  await card.getByRole('button', { name: 'Award the scene' }).click();
  await eventually(async () => (await card.getByRole('status').innerText()) === 'Added 1 Experience (1).', 'a plain scene is 1');
  assertEqual(await card.locator('#xp-earned').innerText(), '1', 'earned');
  await card.getByLabel('+1d4: something really cool or intense').check();
  await card.getByLabel('+1d10: the big bad boss').check();
  await card.getByRole('button', { name: 'Award the scene' }).click();
  let said = '';
  await eventually(async () => /^Added \d+ Experience \(1 \+ cool 1d4: \d+ \+ boss 1d10: \d+\)\.$/.test((said = await card.getByRole('status').innerText())), 'both dice rolled');
  const [, n, d4, d10] = said.match(/^Added (\d+) Experience \(1 \+ cool 1d4: (\d+) \+ boss 1d10: (\d+)\)/).map(Number);
  assert(d4 >= 1 && d4 <= 4 && d10 >= 1 && d10 <= 10 && n === 1 + d4 + d10, `the total is 1 + the dice: ${said}`);
  assertEqual(await card.locator('#xp-earned').innerText(), String(1 + n), 'earned adds up');
  assert((await card.locator('#xp-ledger').innerText()).includes('Award: Scene (1 + cool 1d4:'), 'the ledger keeps the dice');
  assert(!(await card.getByLabel('+1d4: something really cool or intense').isChecked()), 'the dice are unticked after');
  const log = page.getByRole('region', { name: 'Roll log' });
  assert((await log.getByRole('listitem').first().innerText()).includes('Scene award'), 'the dice are in the roll log');
  // It is the homebrew's practice: the symbaroum ruleset does not offer it.
  await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Sheet' }).click();
  await page.getByLabel('Ruleset').selectOption('symbaroum');
  await page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Gear & XP' }).click();
  assertEqual(await card.getByRole('button', { name: 'Award the scene' }).count(), 0, 'not in symbaroum');
});

test('gear: the app\'s choices where the seeds are silent are marked where they show: a principle bond\'s price, a shield not in use, the Precise quality', async (t) => {
  const page = await t.open();
  const tabs = page.getByRole('navigation', { name: 'Sheet tabs' });
  await tabs.getByRole('link', { name: 'Gear & XP' }).click();
  await page.locator('.advance-sheet').getByRole('button', { name: 'Finish creation' }).click();
  const abilities = page.getByRole('region', { name: 'Abilities' });
  await unfold(page, 'Add an ability…');
  await abilities.getByLabel('Kind', { exact: true }).selectOption('principle_bond');
  await eventually(async () => (await page.locator('#ability-cost').innerText()).includes("The app's choice: the seeds give a principle bond no price"), 'the price is marked as the app\'s');
  await abilities.getByLabel('Kind', { exact: true }).selectOption('ability');
  assert(!(await page.locator('#ability-cost').innerText()).includes("app's choice"), 'an ability\'s price is the seeds\'');
  // A shield on the Combat tab: its inventory line says how it is counted.
  await tabs.getByRole('link', { name: 'Combat' }).click();
  const armorCard = page.getByRole('region', { name: 'Armor and shields' });
  await armorCard.getByText('Add a shield…', { exact: true }).click();
  await page.fill('#shield-name', 'Round shield');
  await page.click('#add-shield');
  await page.waitForSelector('.shield-row');
  // And Precise on a weapon says no seed names it.
  await unfold(page, 'Add a weapon…');
  await page.getByLabel('Weapon', { exact: true }).fill('Rapier');
  await page.getByLabel('Damage', { exact: true }).fill('1d8');
  await page.getByRole('button', { name: 'Add weapon' }).click();
  const weapons = page.getByRole('region', { name: 'Weapons' });
  await weapons.getByText('Rapier', { exact: true }).click();
  await weapons.getByRole('checkbox', { name: 'Precise' }).check();
  await eventually(async () => (await weapons.innerText()).includes("Precise: The app's choice: no seed names it"), 'Precise is marked');
  await tabs.getByRole('link', { name: 'Gear & XP' }).click();
  const line = page.locator('.inventory-row.from-combat[data-name="Round shield"]');
  await eventually(async () => (await line.innerText()).includes("The app's choice: a shield in use is held; one not in use is carried like a sheathed weapon."), 'the shield\'s line says how it is counted');
});
