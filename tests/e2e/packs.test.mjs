// Campaign packs (#32): the packs page, a pack imported from a file or opened from a
// link (asked about before anything is stored), a refused pack's problems, delete
// with Undo, and a pack's newer version.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilderModule from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { bigPack } from '../../bench/fixtures.mjs';
import { assert, assertEqual, commitAt, eventually, killChromium, startChromium, test, unfold } from './harness.mjs';

const AxeBuilder = AxeBuilderModule.default || AxeBuilderModule;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const FIXTURE = readFileSync(new URL('../fixtures/pack-v1.json', import.meta.url), 'utf8');
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

/** Opens the packs page in a fresh browser (or `context`), at `path` (`#/packs`, or a
 * pack's link). */
async function openPacks(t, { viewport = PHONE, context, path = '#/packs' } = {}) {
  context = context || (await t.newContext(viewport));
  const page = await t.openLibrary({ context });
  await page.goto(t.url + path);
  await page.getByRole('heading', { name: 'Campaign packs', level: 1 }).waitFor();
  return page;
}

const packKeys = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sheetwright.pack.')));
const yours = (page) => page.getByRole('list', { name: 'Your packs' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
const packCard = (page, name) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });

async function noSeriousAxe(page, what) {
  const found = await new AxeBuilder({ page }).analyze();
  const serious = found.violations.filter((v) => ['serious', 'critical'].includes(v.impact));
  assert(serious.length === 0, `${what}: ${serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`).join('; ')}`);
}

function importPack(page, text, name = 'pack.json') {
  return page.setInputFiles('#pack-file', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

test('packs: the list leads to the packs page, whose built-in packs say what the seeds give', async (t) => {
  const page = await t.openLibrary({ viewport: PHONE });
  await page.getByRole('link', { name: 'Campaign packs' }).click();
  await page.getByRole('heading', { name: 'Campaign packs', level: 1 }).waitFor();
  assertEqual(await page.evaluate(() => location.hash), '#/packs', 'its own address');
  assert(await page.getByText('No packs yet').isVisible(), 'none of your own yet');
  const homebrew = packCard(page, 'Rules as written (Homebrew)');
  assert((await homebrew.innerText()).includes('version 1 · 20 entries'), await homebrew.innerText());
  assert(!(await homebrew.getByRole('button', { name: 'Delete' }).count()), 'a built-in pack cannot be deleted');
  await homebrew.getByRole('button', { name: 'Show entries' }).click();
  const robust = homebrew.getByRole('listitem').filter({ hasText: 'Robust' });
  const text = (await robust.innerText()).replace(/\s+/g, ' ');
  for (const want of ['Trait', 'Novice: Defense −2', 'Adept: Defense −3', 'Master: Defense −4']) {
    assert(text.includes(want), `Robust says ${want}: ${text}`);
  }
  const symbaroum = packCard(page, 'Rules as written (Symbaroum)');
  await symbaroum.getByRole('button', { name: 'Show entries' }).click();
  const exceptional = (await symbaroum.getByRole('listitem').filter({ hasText: 'Exceptional Attribute' }).innerText()).replace(/\s+/g, ' ');
  assert(exceptional.includes('Master: +3 to the attribute you choose'), exceptional);
  const muleSays = (await symbaroum.getByRole('listitem').filter({ hasText: 'Pack-mule' }).innerText()).replace(/\s+/g, ' ');
  assert(muleSays.includes('Strong × 1.5'), `in Symbaroum's words: ${muleSays}`);
  const heimr = packCard(page, 'Rules as written (Heimr)');
  await heimr.getByRole('button', { name: 'Show entries' }).click();
  assert((await heimr.innerText()).includes('Heimr weapons (8)'), 'the armoury');
  await page.screenshot({ path: 'screenshots/packs-phone.png', fullPage: true });
  await noSeriousAxe(page, 'the packs page');
  await page.getByRole('link', { name: 'Back to the characters' }).click();
  await page.waitForSelector('[data-screen=library]');
});

test('packs: a pack file is offered, stored only when the player says so, and kept across a reload', async (t) => {
  for (const [size, viewport] of [['desk', DESK], ['phone', PHONE]]) {
    const page = await openPacks(t, { viewport });
    await importPack(page, FIXTURE);
    const offer = page.getByRole('alertdialog');
    const asked = (await offer.innerText()).replace(/\s+/g, ' ');
    assert(asked.includes('Add “The Marches”?') && asked.includes('version 3, 12 entries'), asked);
    assertEqual((await packKeys(page)).length, 0, 'nothing stored before the answer');
    await offer.getByText('What it holds').click();
    assert((await offer.innerText()).includes('Iron Hide'), 'what it holds can be read first');
    await page.screenshot({ path: `screenshots/packs-offer-${size}.png`, fullPage: true });
    await noSeriousAxe(page, `the offer (${size})`);
    await offer.getByRole('button', { name: 'Not now' }).click();
    await page.getByText('“The Marches” was not added.').waitFor();
    assertEqual((await packKeys(page)).length, 0, 'declined: nothing stored');

    await importPack(page, FIXTURE);
    await page.getByRole('button', { name: 'Add the pack' }).click();
    await page.getByText('“The Marches” added.').waitFor();
    assertEqual(await yours(page).count(), 1, 'listed');
    await page.reload();
    await page.getByRole('heading', { name: 'The Marches', level: 3 }).waitFor();
    const card = packCard(page, 'The Marches');
    assert((await card.innerText()).includes('version 3 · 12 entries'), await card.innerText());
    // The same file again changes nothing.
    await importPack(page, FIXTURE);
    await page.getByText('You have “The Marches” version 3 already. Nothing changed.').waitFor();
  }
});

test('packs: a bad pack file is refused with each problem where it is, and nothing is stored', async (t) => {
  const page = await openPacks(t, { viewport: PHONE });
  const doc = JSON.parse(FIXTURE);
  doc.abilities[2].kind = 'spell';
  doc.armor[0].impeding = 40;
  doc.abilities[0].master.effects[0].amount = 'lots';
  await importPack(page, JSON.stringify(doc));
  const alert = page.getByRole('alert').filter({ hasText: 'This pack has 2 problems, so nothing was imported' });
  await alert.waitFor();
  const items = await alert.getByRole('listitem').allInnerTexts();
  assertEqual(items.length, 2, `one line each: ${items.join(' | ')}`);
  assert(items[0].startsWith('Abilities › #1 “Iron Hide”'), items[0]);
  assert(items[1].startsWith('Abilities › #3 “Gifted”') && items[1].includes('“spell” is not one of the choices'), items[1]);
  await page.screenshot({ path: 'screenshots/packs-refused-phone.png', fullPage: true });
  // Entries that read but break the rules are named too.
  doc.abilities[2].kind = 'ability';
  doc.abilities[0].master.effects[0].amount = 6;
  await importPack(page, JSON.stringify(doc));
  await page.getByRole('alert').getByText('Armor › #1 “Boiled leather”: Impeding from 0 to 20 (got 40)').waitFor();
  await importPack(page, '{"format":"sheetwright","characters":[]}', 'characters.json');
  await page.getByRole('alert').getByText('This is a character file, not a pack').waitFor();
  assertEqual((await packKeys(page)).length, 0, 'nothing stored');
});

test('packs: shared by a link, a pack reaches a fresh browser only when asked; delete has Undo', async (t) => {
  const page = await openPacks(t, { context: await t.newContext(DESK, CLIPBOARD) });
  await importPack(page, FIXTURE);
  await page.getByRole('button', { name: 'Add the pack' }).click();
  const card = packCard(page, 'The Marches');
  await card.getByRole('button', { name: 'Copy link' }).click();
  await page.getByText('Link to “The Marches” copied to the clipboard').waitFor();
  const link = await card.getByLabel('Link to share').inputValue();
  assert(link.startsWith(`${t.url}#/pack/`), link);
  assertEqual(await page.evaluate(() => navigator.clipboard.readText()), link, 'on the clipboard');

  // Another device.
  const other = await openPacks(t, { viewport: PHONE, path: link.slice(t.url.length) });
  const offer = other.getByRole('alertdialog');
  await offer.waitFor();
  assert((await offer.innerText()).includes('Add “The Marches”?'), await offer.innerText());
  assertEqual((await packKeys(other)).length, 0, 'nothing stored before the answer');
  await eventually(async () => (await other.evaluate(() => location.hash)) === '#/packs', 'the link is left behind');
  await offer.getByRole('button', { name: 'Add the pack' }).click();
  await other.getByText('“The Marches” added.').waitFor();
  assertEqual((await packKeys(other)).length, 1, 'stored once asked');

  // A newer version by link: offered as an update.
  const newer = JSON.parse(FIXTURE);
  newer.version = 4;
  newer.items.push({ id: 9, name: 'Lantern' });
  await importPack(page, JSON.stringify(newer));
  await page.getByRole('button', { name: 'Update' }).click();
  await page.getByText('“The Marches” updated from version 3 to 4.').waitFor();
  await card.getByRole('button', { name: 'Copy link' }).click();
  await page.getByText('Link to “The Marches” copied').waitFor();
  const link4 = await packCard(page, 'The Marches').getByLabel('Link to share').inputValue();
  await other.goto(link4);
  const update = other.getByRole('alertdialog');
  await update.getByText('You have version 3 of “The Marches”. Update it to version 4 (13 entries)?').waitFor();
  // What it changes, before anything does.
  assertEqual(JSON.stringify(await update.getByRole('listitem').filter({ hasText: 'Lantern' }).allInnerTexts()), '["Items: added Lantern"]', 'the change said');
  await update.getByRole('button', { name: 'Update' }).click();
  await other.getByText('“The Marches” updated from version 3 to 4.').waitFor();
  // The older link now asks before going back.
  await other.goto(link);
  await other.getByRole('alertdialog').getByText('You have a newer version of “The Marches” (4)').waitFor();
  await other.getByRole('alertdialog').getByText('Items: removed Lantern').waitFor();
  await other.getByRole('button', { name: 'Keep yours' }).click();
  await other.getByText('You kept your “The Marches”.').waitFor();
  assert((await packCard(other, 'The Marches').innerText()).includes('version 4'), 'kept');

  // Delete, then Undo.
  await packCard(other, 'The Marches').getByRole('button', { name: 'Delete' }).click();
  await other.getByText('“The Marches” deleted.').waitFor();
  assertEqual(await yours(other).count(), 0, 'gone from the list');
  await other.getByRole('button', { name: 'Undo' }).click();
  await other.getByText('“The Marches” is back.').waitFor();
  assertEqual(await yours(other).count(), 1, 'back');
  await other.reload();
  await other.getByRole('heading', { name: 'The Marches', level: 3 }).waitFor();
  // A damaged link says so and stores nothing more.
  const data = link.split('#/pack/')[1];
  await other.goto(`${t.url}#/pack/${data.slice(0, Math.floor(data.length / 2))}`);
  await other.getByRole('alert').filter({ hasText: 'damaged or incomplete' }).waitFor();
  assertEqual((await packKeys(other)).length, 1, 'nothing more stored');
});

test('packs: a game master makes a pack, with undo, refusals at the field and nothing lost by a reload, and shares it', async (t) => {
  const page = await openPacks(t, { context: await t.newContext(PHONE, CLIPBOARD) });
  await page.getByText('New pack…').click();
  await page.getByRole('button', { name: 'Create pack' }).click();
  assertEqual(await page.locator('#new-pack-error').innerText(), 'Enter a name.', 'a name is needed');
  await page.getByLabel('Name', { exact: true }).fill('The Marches');
  await page.getByRole('button', { name: 'Create pack' }).click();
  await page.getByRole('heading', { name: 'The Marches', level: 1 }).waitFor();
  assert((await page.evaluate(() => location.hash)).startsWith('#/packs/'), 'the editor has its own address');

  // An ability whose adept level raises Toughness by 4.
  await page.getByLabel("New ability's name").fill('Iron Hide');
  await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Trait' });
  await page.getByRole('button', { name: 'Add ability' }).click();
  const row = page.getByRole('listitem').filter({ has: page.locator('summary', { hasText: 'Iron Hide' }) });
  await row.locator('summary').click();
  const adept = row.getByRole('group', { name: 'Adept' });
  await adept.getByLabel('Changes').selectOption({ label: 'Toughness' });
  await adept.getByLabel('By').fill('lots');
  await adept.getByRole('button', { name: 'Add effect' }).click();
  await adept.getByText('“lots” is not a whole number from −99 to +99.').waitFor();
  await adept.getByLabel('By').fill('+4');
  await adept.getByRole('button', { name: 'Add effect' }).click();
  await adept.getByText('Toughness +4').waitFor();
  await adept.getByLabel('What it says').fill('Hard to hurt.');
  await adept.getByLabel('What it says').blur();
  // A second ability of the same name is refused where it was typed.
  await page.getByLabel("New ability's name").fill('iron hide');
  await page.getByRole('button', { name: 'Add ability' }).click();
  await page.locator('#new-ability-name-error').getByText('Another entry of this list has the same name.').waitFor();

  // An item, with a price typed wrong and then right.
  await page.getByLabel("New item's name").fill('Waxed cloak');
  await page.getByRole('button', { name: 'Add item' }).click();
  const item = page.getByRole('listitem').filter({ has: page.locator('summary', { hasText: 'Waxed cloak' }) });
  await item.locator('summary').click();
  await item.getByLabel('Price of one (ortegs)').fill('a dozen');
  await item.getByLabel('Price of one (ortegs)').blur();
  await item.getByText('The price must be a whole number').waitFor();
  await item.getByLabel('Price of one (ortegs)').fill('12');
  await item.getByLabel('Price of one (ortegs)').blur();
  await item.getByLabel('Counts as', { exact: true }).selectOption({ label: 'clothing (counts 0)' });

  // Undo takes back the last change, Redo brings it back.
  await page.getByRole('button', { name: 'Undo' }).click();
  assert((await item.locator('summary').innerText()).includes('item'), 'undone: an item again');
  await page.getByRole('button', { name: 'Redo' }).click();
  assert((await item.locator('summary').innerText()).includes('clothing'), 'redone');
  await page.getByRole('button', { name: 'Make this version 2' }).click();
  await page.screenshot({ path: 'screenshots/pack-editor-phone.png', fullPage: true });
  await noSeriousAxe(page, 'the pack editor');

  // Every change was saved at once: a reload (or a browser killed) keeps them.
  await page.reload();
  await page.getByRole('heading', { name: 'The Marches', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Back to the packs' }).click();
  const card = packCard(page, 'The Marches');
  assert((await card.innerText()).includes('version 2 · 2 entries'), await card.innerText());
  await card.getByRole('button', { name: 'Show entries' }).click();
  const shown = (await card.innerText()).replace(/\s+/g, ' ');
  assert(shown.includes('Adept: Hard to hurt. Toughness +4'), shown);
  assert(shown.includes('clothing (counts 0), 12 ortegs'), shown);

  // Shared: a player's fresh browser gets the same entries.
  await card.getByRole('button', { name: 'Copy link' }).click();
  await page.getByText('Link to “The Marches” copied').waitFor();
  const link = await card.getByLabel('Link to share').inputValue();
  const other = await openPacks(t, { viewport: DESK, path: link.slice(t.url.length) });
  await other.getByRole('button', { name: 'Add the pack' }).click();
  const theirs = packCard(other, 'The Marches');
  await theirs.getByRole('button', { name: 'Show entries' }).click();
  assert((await theirs.innerText()).replace(/\s+/g, ' ').includes('Adept: Hard to hurt. Toughness +4'), 'the same entries');

  // The player takes both into a new character, whose numbers change as they say.
  const sheet = await t.open({ context: other.context() });
  await sheet.fill('#attr-might', '12');
  await sheet.click('.sheet-tab:has-text("Combat")');
  await eventually(async () => (await sheet.locator('#toughness-max').innerText()).trim() === '12', 'Toughness 12 before');
  await sheet.click('.sheet-tab:has-text("Gear & XP")');
  const gear = sheet.locator('.advance-sheet');
  const abilities = gear.getByRole('region', { name: 'Abilities' });
  await unfold(abilities, 'Add an ability…');
  await abilities.getByLabel('Ability', { exact: true }).fill('iron');
  const offered = abilities.getByRole('list', { name: 'From your campaign packs' });
  await offered.getByRole('button', { name: /Iron Hide/ }).click();
  assertEqual(await abilities.getByLabel('Ability', { exact: true }).inputValue(), 'Iron Hide', 'the entry fills the form');
  assertEqual(await abilities.getByLabel('Kind', { exact: true }).inputValue(), 'trait', 'with its kind');
  await abilities.locator('#ability-says').getByText('From “The Marches”, version 2.').waitFor();
  await abilities.getByLabel('Level', { exact: true }).selectOption('adept');
  await abilities.getByRole('button', { name: 'Add', exact: true }).click();
  await gear.getByText('Added Iron Hide (adept).').waitFor();
  const inventory = gear.getByRole('region', { name: 'Inventory' });
  await unfold(inventory, 'Add an item…');
  await inventory.getByLabel('Item', { exact: true }).fill('cloak');
  await inventory.getByRole('list', { name: 'From your campaign packs' }).getByRole('button', { name: /Waxed cloak/ }).click();
  assertEqual(await inventory.getByLabel('Price each').inputValue(), '12', 'its price');
  await inventory.getByRole('button', { name: 'Add item' }).click();
  const cloak = gear.locator('#inventory-list > li').filter({ hasText: 'Waxed cloak' });
  const cloakSays = async () => (await cloak.innerText()).replace(/\s+/g, ' ');
  await eventually(async () => (await cloakSays()).includes('counts 0') && (await cloakSays()).includes('1 shilling 2 ortegs each'), 'clothing counts nothing, at its price');
  const packsCard = gear.getByRole('region', { name: 'Campaign packs' });
  await packsCard.getByText('The Marches, version 2').waitFor();
  // Read as a player reads it, on screen: Gear & XP's cards off screen are not drawn
  // (content-visibility), and their text is not rendered text until they are.
  await packsCard.scrollIntoViewIfNeeded();
  await eventually(async () => (await packsCard.innerText()).includes('Iron Hide, Waxed cloak'), 'the card names the rows the pack gave');
  await sheet.screenshot({ path: 'screenshots/pack-use-desk.png', fullPage: true });
  await sheet.click('.sheet-tab:has-text("Combat")');
  await eventually(async () => (await sheet.locator('#toughness-max').innerText()).trim() === '16', 'Iron Hide (adept): Toughness +4');

  // The game master's version 3: Iron Hide at adept gives +5. The player adds it,
  // and the character's card offers the change; nothing changes until asked.
  await card.getByRole('link', { name: 'Edit' }).click();
  const hide = page.getByRole('listitem').filter({ has: page.locator('summary', { hasText: 'Iron Hide' }) });
  await hide.locator('summary').click();
  const adept2 = hide.getByRole('group', { name: 'Adept' });
  await adept2.getByRole('button', { name: 'Remove' }).click();
  await adept2.getByLabel('Changes').selectOption({ label: 'Toughness' });
  await adept2.getByLabel('By').fill('+5');
  await adept2.getByRole('button', { name: 'Add effect' }).click();
  await adept2.getByText('Toughness +5').waitFor();
  await page.getByRole('button', { name: 'Make this version 3' }).click();
  await page.getByRole('link', { name: 'Back to the packs' }).click();
  await packCard(page, 'The Marches').getByRole('button', { name: 'Copy link' }).click();
  const link3 = await packCard(page, 'The Marches').getByLabel('Link to share').inputValue();
  const again = await openPacks(t, { context: other.context(), path: link3.slice(t.url.length) });
  await again.getByRole('button', { name: 'Update', exact: true }).click();
  await again.close();
  await sheet.click('.sheet-tab:has-text("Gear & XP")');
  const offer = packsCard.locator('.pack-update');
  await offer.getByText('This browser has version 3 of “The Marches”').waitFor();
  await offer.scrollIntoViewIfNeeded();
  const said = async () => (await offer.innerText()).replace(/\s+/g, ' ');
  await eventually(async () => (await said()).includes('effects: “adept: Toughness +4” → “adept: Toughness +5”'), 'the offer says what changes');
  await sheet.click('.sheet-tab:has-text("Combat")');
  await eventually(async () => (await sheet.locator('#toughness-max').innerText()).trim() !== '', 'the Combat tab shown');
  assertEqual((await sheet.locator('#toughness-max').innerText()).trim(), '16', 'not changed before the player says so');
  await sheet.click('.sheet-tab:has-text("Gear & XP")');
  await offer.getByRole('button', { name: 'Update to version 3' }).click();
  await packsCard.getByText('Updated 2 entries to “The Marches” version 3.').waitFor();
  await sheet.click('.sheet-tab:has-text("Combat")');
  await eventually(async () => (await sheet.locator('#toughness-max').innerText()).trim() === '17', 'updated: Toughness +5');
  // One Undo takes the update back whole.
  await sheet.waitForTimeout(900); // an undo step of its own
  await sheet.keyboard.press('Control+z');
  await eventually(async () => (await sheet.locator('#toughness-max').innerText()).trim() === '16', 'undone: Toughness +4 again');
  await sheet.click('.sheet-tab:has-text("Gear & XP")');
  await packsCard.getByText('The Marches, version 2').waitFor();
});

test('packs: a Heimr pack holds the campaign\'s abilities, conditions and maxima', async (t) => {
  const page = await openPacks(t, { viewport: DESK });
  await page.getByText('New pack…').click();
  await page.getByLabel('Name', { exact: true }).fill('North of Heimr');
  await page.getByLabel('For').selectOption({ label: 'Heimr' });
  await page.getByRole('button', { name: 'Create pack' }).click();
  await page.getByRole('heading', { name: 'North of Heimr', level: 1 }).waitFor();
  await page.getByLabel('HP maximum').fill('2000');
  await page.getByLabel('HP maximum').blur();
  await page.getByText('The HP maximum must be between 1 and 999').waitFor();
  await page.getByLabel('HP maximum').fill('12');
  await page.getByLabel('HP maximum').blur();
  await page.getByLabel("New ability's name").fill('Brawl');
  await page.getByRole('button', { name: 'Add ability' }).click();
  await page.getByText('Every sheet has this standard ability already.').waitFor();
  await page.getByLabel("New ability's name").fill('Sailing');
  await page.getByRole('button', { name: 'Add ability' }).click();
  const sailing = page.getByRole('listitem').filter({ has: page.locator('summary', { hasText: 'Sailing' }) });
  await sailing.locator('summary').click();
  await sailing.getByLabel('Dexterity').check();
  await sailing.getByLabel('Intelligence').check();
  await sailing.getByLabel(/Base consistency/).fill('−1');
  await sailing.getByLabel(/Base consistency/).blur();
  await page.getByLabel("New condition's name").fill('Seasick');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByRole('link', { name: 'Back to the packs' }).click();
  const card = packCard(page, 'North of Heimr');
  await card.getByRole('button', { name: 'Show entries' }).click();
  const shown = (await card.innerText()).replace(/\s+/g, ' ');
  for (const want of ['Sailing · Dexterity + Intelligence, base consistency −1', 'Seasick', 'HP 12']) {
    assert(shown.includes(want), `${want}: ${shown}`);
  }
});

test("packs: a pack's weapon and armor are taken on the Combat tab, as the pack has them", async (t) => {
  const context = await t.newContext(PHONE);
  const packs = await openPacks(t, { context });
  await importPack(packs, FIXTURE);
  await packs.getByRole('button', { name: 'Add the pack' }).click();
  const sheet = await t.open({ context });
  await sheet.fill('#attr-agility', '11');
  await sheet.click('.sheet-tab:has-text("Combat")');
  const weapons = sheet.getByRole('region', { name: 'Weapons' });
  await unfold(weapons, 'Add a weapon…');
  await weapons.getByLabel('Weapon', { exact: true }).fill('spear');
  await weapons.getByRole('list', { name: 'From your campaign packs' }).getByRole('button', { name: /Border spear/ }).click();
  assertEqual(await weapons.getByLabel('Damage').inputValue(), '1d8', 'its damage fills the form');
  await weapons.getByRole('button', { name: 'Add weapon' }).click();
  const spear = weapons.locator('.weapon-row').filter({ hasText: 'Border spear' });
  await spear.waitFor();
  const spearSays = (await spear.innerText()).replace(/\s+/g, ' ');
  assert(spearSays.includes('Long') && spearSays.includes('Jagged'), `its qualities: ${spearSays}`);
  const armor = sheet.getByRole('region', { name: /and shields/ });
  const before = await armor.locator('#armor-defense').innerText();
  await unfold(armor, 'Add armor…');
  await armor.getByLabel('Armor', { exact: true }).fill('leather');
  await armor.getByRole('list', { name: 'From your campaign packs' }).getByRole('button', { name: /Boiled leather/ }).click();
  assertEqual(await armor.getByLabel('Protection').inputValue(), '1d4', 'its protection fills the form');
  await armor.getByRole('button', { name: 'Add armor' }).click();
  // The first armor is worn: its Impeding 2 lowers Defense by 2.
  await eventually(async () => Number((await armor.locator('#armor-defense').innerText()).replace('−', '-')) === Number(before.replace('−', '-')) - 2, 'Defense −2');
  // Worn in segments, the suit's listed price is shared as its Impeding is.
  await armor.getByLabel(/^Armor segments rule/).check();
  await armor.getByText('Boiled leather', { exact: true }).click();
  const segments = armor.getByRole('group', { name: 'Segments of Boiled leather worn' });
  for (const part of ['Right arm', 'Left arm', 'Right leg', 'Left leg']) {
    await segments.getByRole('checkbox', { name: new RegExp(`^${part}`) }).uncheck();
  }
  await eventually(async () => (await segments.innerText()).includes('Price of the segments worn: 3 shillings (60 % of 5 shillings)'), 'helmet and cuirass: 60 % of 50 ortegs');
  await sheet.screenshot({ path: 'screenshots/pack-use-combat-phone.png', fullPage: true });
  await sheet.click('.sheet-tab:has-text("Gear & XP")');
  const card = sheet.locator('.advance-sheet').getByRole('region', { name: 'Campaign packs' });
  await card.getByText('The Marches, version 3').waitFor();
  await card.scrollIntoViewIfNeeded();
  await eventually(async () => (await card.innerText()).includes('Border spear, Boiled leather'), 'the card names the weapon and armor the pack gave');

  // A pack ability's dice act in the roll: Butcher's Cut makes the spear's d8 a d10 and
  // adds 1d4 to each hit.
  const abilities = sheet.locator('.advance-sheet').getByRole('region', { name: 'Abilities' });
  await unfold(abilities, 'Add an ability…');
  await abilities.getByLabel('Ability', { exact: true }).fill('butcher');
  await abilities.getByRole('list', { name: 'From your campaign packs' }).getByRole('button', { name: /Butcher's Cut/ }).click();
  await abilities.getByRole('button', { name: 'Add', exact: true }).click();
  await sheet.locator('.advance-sheet').getByText(/^Added Butcher's Cut/).waitFor();
  await sheet.click('.sheet-tab:has-text("Combat")');
  const spearOption = await sheet.locator('#attack-weapon option', { hasText: 'Border spear' }).getAttribute('value');
  await sheet.getByLabel('Attack with').selectOption(spearOption);
  await sheet.getByRole('button', { name: /^Attack \[/ }).click();
  const panel = sheet.getByRole('dialog');
  const said = panel.locator('#roll-polearm');
  await eventually(async () => (await said.innerText()).length > 0, 'said before the roll');
  const hint = await said.innerText();
  assert(hint.includes('d10') && hint.includes('1d4'), `the larger die and the extra dice, before the roll: ${hint}`);
  await panel.getByLabel("Opponent's Defense").fill('-20');
  // Seed 001, "Weapons ready": the Long spear's Free Attack in the first turn of melee, offered.
  const ready = panel.getByRole('button', { name: /^First turn of melee: a Free Attack with your Long weapon/ });
  await ready.click();
  assertEqual(await ready.getAttribute('aria-pressed'), 'true', 'taken');
  assert(await panel.getByLabel(/^A Free Attack/).isChecked(), 'as a Free Attack');
  // Without Hit Locations, damage through the armor past the target's Pain Threshold
  // offers the seed's choice.
  await panel.getByLabel("Target's armor (if known)").fill('0');
  await panel.getByLabel(/^Target's Pain Threshold/).fill('1');
  await panel.getByRole('button', { name: 'Roll', exact: true }).click();
  const damage = await panel.locator('#roll-damage').innerText();
  assert(damage.includes('1d10+1d4'), `rolled with them: ${damage}`);
  const through = Number(damage.match(/Damage (\d+)/)[1]);
  await eventually(async () => (await panel.innerText()).includes(`${through} damage > the target's Pain Threshold 1: the target is knocked down, or you make an immediate Free Attack against it (your choice).`), `the pain's choice: ${await panel.innerText()}`);
  for (const scheme of ['light', 'dark']) {
    await sheet.emulateMedia({ colorScheme: scheme });
    await noSeriousAxe(sheet, `the Attack with a pack's ability (${scheme})`);
  }
  await panel.getByRole('button', { name: 'Close', exact: true }).last().click();
  const logged = await sheet.getByRole('region', { name: 'Roll log' }).getByRole('listitem').first().innerText();
  assert(logged.includes('Free Attack (Long weapon, first turn of melee)'), `the log names it: ${logged}`);
});

test("packs: a Heimr pack's ability is taken into a Heimr character with its attributes and base consistency", async (t) => {
  const context = await t.newContext(PHONE);
  const packs = await openPacks(t, { context });
  await importPack(packs, readFileSync(new URL('../fixtures/pack-v1-heimr.json', import.meta.url), 'utf8'));
  await packs.getByRole('button', { name: 'Add the pack' }).click();
  const sheet = await t.open({ context, ruleset: 'heimr' });
  await sheet.click('.sheet-tab:has-text("Gear & XP")');
  const campaign = sheet.getByRole('region', { name: 'Campaign abilities' });
  await unfold(campaign, "Add the campaign's own ability…");
  await campaign.getByLabel('Ability name').fill('sail');
  await campaign.getByRole('list', { name: 'From your campaign packs' }).getByRole('button', { name: /Sailing/ }).click();
  assert(await campaign.getByRole('checkbox', { name: 'Dexterity' }).isChecked(), 'Dexterity, as the pack says');
  assert(await campaign.getByRole('checkbox', { name: 'Intelligence' }).isChecked(), 'and Intelligence');
  assertEqual(await campaign.getByLabel('Base consistency (−2 to +3)').inputValue(), '-1', 'its base consistency');
  await campaign.getByRole('button', { name: 'Add ability' }).click();
  await campaign.getByText('Added Sailing.').waitFor();
  const card = sheet.getByRole('region', { name: 'Campaign packs' });
  await card.getByText('North of Heimr, version 1').waitFor();
  assert((await card.innerText()).includes('Sailing'), await card.innerText());
  await sheet.screenshot({ path: 'screenshots/pack-use-heimr-phone.png', fullPage: true });

  // Version 2 sets Sailing's base consistency to 0: offered, and taken when asked.
  const v2 = JSON.parse(readFileSync(new URL('../fixtures/pack-v1-heimr.json', import.meta.url), 'utf8'));
  v2.version = 2;
  v2.heimr_abilities[0].base_consistency = 0;
  await packs.goto(t.url + '#/packs');
  await importPack(packs, JSON.stringify(v2));
  await packs.getByRole('button', { name: 'Update', exact: true }).click();
  await card.locator('.pack-update').getByText('base consistency: “−1” → “0”').waitFor();
  await card.getByRole('button', { name: 'Update to version 2' }).click();
  await card.getByText('Updated 1 entry to “North of Heimr” version 2.').waitFor();
});

test('packs: a browser killed a second after a pack edit keeps the edit', async (t) => {
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  const profile = mkdtempSync(join(tmpdir(), 'sheetwright-pack-'));
  let chrome = await startChromium(profile);
  try {
    let browser = await chromium.connectOverCDP(chrome.ws);
    let page = await browser.contexts()[0].newPage();
    await page.goto(`${t.url}#/packs`);
    await page.getByText('New pack…').click();
    await page.getByLabel('Name', { exact: true }).fill('Kept');
    await page.getByRole('button', { name: 'Create pack' }).click();
    await page.getByRole('heading', { name: 'Kept', level: 1 }).waitFor();
    await sleep(1000);
    await page.getByLabel('Description').fill('Typed just before the crash');
    await page.getByLabel('Description').blur();
    // Before Chromium commits localStorage to disk (about 5 s after a write).
    await sleep(1000);
    await killChromium(chrome.proc);

    chrome = await startChromium(profile);
    browser = await chromium.connectOverCDP(chrome.ws);
    page = await browser.contexts()[0].newPage();
    await page.goto(`${t.url}#/packs`);
    const card = packCard(page, 'Kept');
    await eventually(async () => (await card.innerText({ timeout: 500 })).includes('Typed just before the crash'), 'the edit kept', 8000);
    await eventually(async () => (await page.evaluate(() => JSON.stringify(localStorage))).includes('Typed just before the crash'), 'written back to localStorage');
  } finally {
    await killChromium(chrome.proc);
    rmSync(profile, { recursive: true, force: true });
  }
});

test("packs: a pack's weapons, armor and qualities, each refused at its field when wrong", async (t) => {
  const page = await openPacks(t, { viewport: PHONE });
  await page.getByText('New pack…').click();
  await page.getByLabel('Name', { exact: true }).fill('Smiths of Karvosti');
  await page.getByRole('button', { name: 'Create pack' }).click();
  await page.getByRole('heading', { name: 'Smiths of Karvosti', level: 1 }).waitFor();
  await page.getByLabel("New weapon's name").fill('Border spear');
  await page.getByLabel('Damage', { exact: true }).fill('1d0');
  await page.getByRole('button', { name: 'Add weapon' }).click();
  await page.locator('#new-weapon-name-error').filter({ hasText: /\S/ }).waitFor();
  await page.getByLabel('Damage', { exact: true }).fill('1d8');
  await page.getByRole('button', { name: 'Add weapon' }).click();
  const spear = page.getByRole('listitem').filter({ has: page.locator('summary', { hasText: 'Border spear' }) });
  await spear.locator('summary').click();
  await spear.getByLabel('Long', { exact: true }).check();
  await spear.getByLabel('Other qualities, comma-separated').fill('Jagged');
  await spear.getByLabel('Other qualities, comma-separated').blur();
  await page.getByLabel("New armor's name").fill('Boiled leather');
  await page.getByLabel('Protection', { exact: true }).fill('1d4');
  await page.getByLabel('Impeding', { exact: true }).fill('40');
  await page.getByRole('button', { name: 'Add armor' }).click();
  await page.getByText('Impeding must be between 0 and 20 (got 40).').waitFor();
  await page.getByLabel('Impeding', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add armor' }).click();
  await page.getByLabel("New quality's name").fill('Jagged');
  await page.getByRole('button', { name: 'Add quality' }).click();
  const jagged = page.getByRole('listitem').filter({ has: page.locator('summary', { hasText: 'Jagged' }) });
  await jagged.locator('summary').click();
  await jagged.getByLabel('What it does').fill('Tears flesh.');
  await jagged.getByLabel('What it does').blur();
  await page.getByRole('link', { name: 'Back to the packs' }).click();
  const card = packCard(page, 'Smiths of Karvosti');
  await card.getByRole('button', { name: 'Show entries' }).click();
  const shown = (await card.innerText()).replace(/\s+/g, ' ');
  for (const want of ['Border spear · 1d8, Long, Jagged', 'Boiled leather · Armor 1d4, Impeding 2', 'Jagged Tears flesh.']) {
    assert(shown.includes(want), `${want}: ${shown}`);
  }
});

test("packs: the list remembers the ruleset last chosen, and a pack is shown in that ruleset's words", async (t) => {
  const context = await t.newContext(PHONE);
  const list = await t.openLibrary({ context });
  await list.getByLabel('Ruleset').selectOption({ label: 'Symbaroum' });
  await list.reload();
  await list.waitForSelector('[data-screen=library]');
  assertEqual(await list.getByLabel('Ruleset').locator('option:checked').innerText(), 'Symbaroum', 'offered again after a reload');
  const page = await openPacks(t, { context });
  await page.getByText('New pack…').click();
  await page.getByLabel('Name', { exact: true }).fill('Ambrian arms');
  await page.getByRole('button', { name: 'Create pack' }).click();
  await page.getByRole('heading', { name: 'Ambrian arms', level: 1 }).waitFor();
  assertEqual(await page.getByLabel('In the words of').locator('option:checked').innerText(), 'Symbaroum', 'the words of the ruleset last chosen');
  await page.getByLabel("New weapon's name").fill('Spear');
  await page.getByLabel('Damage', { exact: true }).fill('1d8');
  await page.getByRole('button', { name: 'Add weapon' }).click();
  const weapon = () => page.getByRole('listitem').filter({ has: page.locator('summary', { hasText: 'Spear' }) });
  await weapon().locator('summary').click();
  await weapon().getByLabel('Attacks with').waitFor();
  const attacks = await weapon().getByLabel('Attacks with').locator('option').allInnerTexts();
  assert(attacks.includes('Accurate') && !attacks.includes('Exactitude'), `Symbaroum's names: ${attacks}`);
  await page.getByLabel('In the words of').selectOption({ label: 'Homebrew' });
  await weapon().locator('summary').click();
  await weapon().getByLabel('Attacks with').waitFor();
  const homebrew = await weapon().getByLabel('Attacks with').locator('option').allInnerTexts();
  assert(homebrew.includes('Exactitude') && !homebrew.includes('Accurate'), `the homebrew's names once chosen: ${homebrew}`);
});

test('packs: two tabs: a pack added or changed in one shows in the other, and edits committed at the same moment in both are all kept, also on a slow CPU', async (t) => {
  const context = await t.newContext(DESK);
  const a = await openPacks(t, { context });
  const b = await openPacks(t, { context });
  await importPack(a, FIXTURE);
  await a.getByRole('button', { name: 'Add the pack' }).click();
  await b.getByRole('heading', { name: 'The Marches', level: 3 }).waitFor();
  for (const page of [a, b]) {
    await packCard(page, 'The Marches').getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'The Marches', level: 1 }).waitFor();
  }
  // One after the other: B's description shows in A, then A's replaces it in B.
  await b.getByLabel('Description').fill("B's words");
  await b.getByLabel('Description').blur();
  await a.getByText('This pack was changed in another tab').waitFor();
  assertEqual(await a.getByLabel('Description').inputValue(), "B's words", "A shows B's version");
  await a.getByLabel('Description').fill("A's words");
  await a.getByLabel('Description').blur();
  await eventually(async () => (await b.getByLabel('Description').inputValue()) === "A's words", "B shows A's version");
  assert(await b.getByRole('button', { name: 'Undo' }).isDisabled(), 'no Undo that would drop the other tab\'s edit');
  // At the same moment on a shared clock, each tab commits a different field: the
  // pack's name in A and its description in B, then an entry's price in A and another
  // entry's name in B; with both pages' CPU four times slower.
  for (const p of [a, b]) {
    const cdp = await context.newCDPSession(p);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const stored = () => a.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('sheetwright.pack.')))));
  // Each tab opens the two items it edits.
  for (const p of [a, b]) {
    for (const name of ['Waxed cloak', 'Sea chest']) await p.locator('summary', { hasText: name }).click();
    await p.locator('#item-2-name').waitFor();
  }
  for (const [[sa, va], [sb, vb], check] of [
    [['#pack-name', 'The Border'], ['#pack-about', 'Both words'], (p) => p.name === 'The Border' && p.about === 'Both words'],
    [['#item-1-price', '15'], ['#item-2-name', 'Iron chest'], (p) => p.items[0].value === 15 && p.items[1].name === 'Iron chest' && p.name === 'The Border'],
  ]) {
    const at = Date.now() + 500;
    await Promise.all([commitAt(a, sa, va, at, 'change'), commitAt(b, sb, vb, at, 'change')]);
    await eventually(async () => check(await stored()), `the store keeps both edits (${sa}, ${sb})`, 10000);
    for (const [page, name] of [[a, 'A'], [b, 'B']]) {
      await eventually(async () => (await page.locator(sa).inputValue()) === va && (await page.locator(sb).inputValue()) === vb, `tab ${name} shows both`, 10000);
    }
  }
});

test('packs: on a phone the page and the editor fit the width, and every control is a full tap', async (t) => {
  const page = await openPacks(t, { viewport: PHONE });
  await importPack(page, FIXTURE);
  await page.getByRole('button', { name: 'Add the pack' }).click();
  const check = async (where) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `${where}: ${overflow}px wider than the phone`);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('button, input, select, textarea, a[href], summary')]
        .filter((el) => el.offsetParent !== null)
        // A checkbox is tapped with its label: its row is the target.
        .map((el) => ({ el: el.id || el.textContent.trim().slice(0, 30) || el.tagName, h: (el.type === 'checkbox' ? el.parentElement : el).getBoundingClientRect().height }))
        .filter((x) => x.h < 44),
    );
    assert(small.length === 0, `${where}: controls under 44px: ${JSON.stringify(small)}`);
  };
  await packCard(page, 'The Marches').getByRole('button', { name: 'Show entries' }).click();
  await check('the packs page');
  await packCard(page, 'The Marches').getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('heading', { name: 'The Marches', level: 1 }).waitFor();
  for (const name of ['Iron Hide', 'Waxed cloak', 'Border spear', 'Boiled leather', 'Jagged']) {
    await page.locator('summary', { hasText: name }).first().click();
  }
  await page.locator('#quality-1-name').waitFor();
  await check('the editor');
});

test('packs: a catalogue of 5 × 1,000 entries opens its editor, finds an entry by name, takes edits, and is read and offered in windows', async (t) => {
  const pack = bigPack();
  const page = await openPacks(t);
  await page.evaluate((p) => localStorage.setItem(`sheetwright.pack.${p.id}`, JSON.stringify(p)), pack);
  await page.reload();
  const card = packCard(page, 'The whole catalogue');
  assert((await card.innerText()).includes('5000 entries'), await card.innerText());
  await card.getByRole('button', { name: 'Show entries' }).click();
  // Each list shows its first entries and a line for the rest.
  await card.getByText('950 more entries').first().waitFor();
  assertEqual(await card.getByText(/^\d+ more entries$/).count(), 5, 'a line under each of the five lists');
  await card.getByRole('button', { name: 'Show 50' }).first().click();
  await card.getByText('900 more entries').first().waitFor();
  await noSeriousAxe(page, 'a large pack on the packs page');

  await card.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('heading', { name: 'The whole catalogue', level: 1 }).waitFor();
  const abilities = page.getByRole('region', { name: 'Abilities' });
  await abilities.getByText('950 more abilities').waitFor();
  // Found by name, opened and renamed; saved at once.
  await abilities.getByLabel('Find abilities by name').fill('technique 999');
  await abilities.getByText('1 of 1000 abilities hold “technique 999”.').waitFor();
  await abilities.locator('summary', { hasText: 'Technique 999' }).click();
  await abilities.getByLabel('Name', { exact: true }).fill('Thousand Cuts');
  await abilities.getByLabel('Name', { exact: true }).blur();
  await abilities.locator('summary', { hasText: 'Thousand Cuts' }).waitFor();
  const stored = () => page.evaluate((id) => JSON.parse(localStorage.getItem(`sheetwright.pack.${id}`)), pack.id);
  await eventually(async () => (await stored()).abilities.find((a) => a.id === 999).name === 'Thousand Cuts', 'the rename is stored');
  await page.emulateMedia({ colorScheme: 'dark' });
  await noSeriousAxe(page, 'a large pack in the editor, found by name (dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: 'screenshots/pack-editor-large-phone.png' });
  // A list holds at most 1,000 entries: one removed, found by name, makes room.
  const items = page.getByRole('region', { name: 'Items' });
  await items.getByLabel("New item's name").fill('Brass lantern');
  await items.getByRole('button', { name: 'Add item' }).click();
  await items.getByText('At most 1000 entries (got 1001).').waitFor();
  await items.getByLabel('Find items by name').fill('item 12');
  await items.getByText('11 of 1000 items hold “item 12”.').waitFor();
  await items.locator('summary', { hasText: /^Item 12 ·/ }).click();
  await items.getByRole('button', { name: 'Remove “Item 12”' }).click();
  await items.getByText('10 of 999 items hold “item 12”.').waitFor();
  // An entry added is drawn at once, the find box emptied for it.
  await items.getByRole('button', { name: 'Add item' }).click();
  await items.locator('summary', { hasText: 'Brass lantern' }).waitFor();
  assertEqual(await items.getByLabel('Find items by name').inputValue(), '', 'the find box emptied');
  await items.getByText('949 more items').waitFor();
  // Undo takes the new item back, as with a small pack.
  await page.getByRole('button', { name: 'Undo' }).click();
  await eventually(async () => (await items.locator('summary', { hasText: 'Brass lantern' }).count()) === 0, 'undone');
  await noSeriousAxe(page, 'a large pack in the editor');

  // A character's add form offers the catalogue's entries as a name is typed.
  const sheet = await t.open({ context: page.context() });
  await sheet.click('.sheet-tab:has-text("Gear & XP")');
  const gear = sheet.locator('.advance-sheet').getByRole('region', { name: 'Abilities' });
  await unfold(gear, 'Add an ability…');
  await gear.getByLabel('Ability', { exact: true }).fill('technique 99');
  await gear.getByRole('list', { name: 'From your campaign packs' }).getByRole('button', { name: /Technique 99\b/ }).waitFor();
});
