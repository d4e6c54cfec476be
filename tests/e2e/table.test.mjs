// The game master's table (#60): tables kept in the browser, players seated from their
// share links (the link's question offers "Add to a table…"), foes typed as stat lines,
// the party's numbers as on their sheets, a damaged table set aside.
import AxeBuilderModule from '@axe-core/playwright';
import { assert, assertEqual, cardAction, eventually, readCopy, test } from './harness.mjs';

const AxeBuilder = AxeBuilderModule.default || AxeBuilderModule;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

async function noSeriousAxe(page, what) {
  const found = await new AxeBuilder({ page }).analyze();
  const serious = found.violations.filter((v) => ['serious', 'critical'].includes(v.impact));
  assert(serious.length === 0, `${what}: ${serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`).join('; ')}`);
}

/** A player makes a character (by label: scores) on their phone and shares it;
 *  returns their page and the link. */
async function player(t, name, ruleset, scores) {
  const page = await t.openLibrary({ context: await t.newContext(PHONE, CLIPBOARD) });
  await page.getByLabel('Ruleset', { exact: true }).selectOption(ruleset);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const [label, value] of Object.entries(scores)) await page.getByLabel(label, { exact: true }).fill(String(value));
  await page.getByRole('link', { name: 'Characters' }).click();
  const card = page.getByRole('list', { name: 'Characters' }).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  await cardAction(card, 'Share');
  await page.getByRole('status').filter({ hasText: 'copied to the clipboard' }).waitFor();
  return { page, link: await card.getByLabel('Link to share').inputValue() };
}

const playerLink = async (t, name, ruleset, scores) => (await player(t, name, ruleset, scores)).link;

/** What a QR code drawn in the page reads as, by jsQR (a QR reader, as a phone's). */
async function readQr(page, svg) {
  await page.addScriptTag({ path: 'node_modules/jsqr/dist/jsQR.js' });
  return svg.evaluate(async (el) => {
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(el)], { type: 'image/svg+xml' }));
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1000;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0, 1000, 1000);
    const { data } = ctx.getImageData(0, 0, 1000, 1000);
    return window.jsQR(data, 1000, 1000)?.data ?? null;
  });
}

const tableKeys = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sheetwright.table.')));
const member = (page, name) => page.getByRole('list', { name: 'Party' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}`), level: 3 }) });
const foe = (page, name) => page.getByRole('list', { name: 'Foes' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });

test("game master's table: seat players from share links, type foes, see the party's numbers", async (t) => {
  const ylva = await playerLink(t, 'Ylva', 'symbaroum', { Strong: 15, Quick: 13 });
  const gm = await t.openLibrary({ viewport: DESK });
  await gm.getByRole('link', { name: "Game master's table" }).click();
  await gm.getByRole('heading', { name: "Game master's tables", level: 1 }).waitFor();
  await gm.getByText('No tables yet').waitFor();
  // A name is needed.
  await gm.getByRole('button', { name: 'Create table' }).click();
  await gm.getByText('Enter a name.').waitFor();
  assertEqual((await tableKeys(gm)).length, 0, 'nothing stored without a name');
  await gm.getByLabel('Name', { exact: true }).fill('Thistle Hold');
  await gm.getByRole('button', { name: 'Create table' }).click();
  await gm.getByRole('heading', { name: 'Thistle Hold', level: 1 }).waitFor();
  await gm.getByText('No one is seated yet').waitFor();

  // Ylva's link opened in the game master's browser: imported nowhere, seated at the table.
  await gm.goto(ylva);
  const offer = gm.getByRole('alertdialog');
  await offer.getByRole('link', { name: 'Add to a table…' }).click();
  const seat = gm.getByRole('alertdialog');
  await seat.getByText('Seat \u201cYlva\u201d').waitFor();
  const asked = (await seat.innerText()).replace(/\s+/g, ' ');
  assert(asked.includes('Toughness 15/15'), `the question names her numbers: ${asked}`);
  await seat.getByRole('button', { name: 'Seat at \u201cThistle Hold\u201d' }).click();
  await gm.getByRole('heading', { name: 'Thistle Hold', level: 1 }).waitFor();
  const ylvaCard = member(gm, 'Ylva');
  const numbers = (await ylvaCard.innerText()).replace(/\s+/g, ' ');
  // Strong 15: Toughness 15, Pain Threshold 8; Quick 13: Defense 13.
  for (const shown of ['Toughness 15 / 15', 'Pain Threshold 8', 'Defense 13', 'Unspent Experience']) {
    assert(numbers.includes(shown), `her card shows ${shown}: ${numbers}`);
  }
  assertEqual(await gm.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sheetwright.character.')).length), 0, 'not imported as a character');

  // A second player pasted into the table's box; a pasted non-link is refused at the box.
  const stig = await playerLink(t, 'Stig', 'homebrew', { Might: 11, Agility: 12 });
  await gm.getByLabel("A player's share link").fill('not a link');
  await gm.getByRole('button', { name: 'Seat the player' }).click();
  await gm.getByText("Paste a player's share link: it has").waitFor();
  await gm.getByLabel("A player's share link").fill(stig);
  await gm.getByRole('button', { name: 'Seat the player' }).click();
  await member(gm, 'Stig').waitFor();
  // The same player twice is refused in words.
  await gm.getByLabel("A player's share link").fill(stig);
  await gm.getByRole('button', { name: 'Seat the player' }).click();
  await gm.getByText('Stig is already at this table. Nothing was added.').waitFor();

  // Foes: a wrong box is named, nothing added; then two goblins.
  const box = (label) => gm.getByLabel(label, { exact: true });
  await box('Name').last().fill('Goblin');
  for (const [label, value] of [['Agility (Quick)', 13], ['Vigilance (Vigilant)', 10], ['Defense', 'thirteen'], ['Toughness', 10], ['Pain Threshold', 5], ['Armor', '1d4'], ['Attack', 'Spear'], ['Accuracy (Accurate)', 10], ['Damage', '1d8']]) {
    await box(label).fill(String(value));
  }
  await gm.getByRole('button', { name: 'Add the foe' }).click();
  await gm.getByText('Defense must be a whole number, like 2 or −1 (got "thirteen").').waitFor();
  assertEqual(await gm.getByRole('list', { name: 'Foes' }).getByRole('listitem').count(), 0, 'no foe from a wrong box');
  await box('Defense').fill('13');
  await gm.getByRole('button', { name: 'Add the foe' }).click();
  await foe(gm, 'Goblin').waitFor();
  const goblin = (await foe(gm, 'Goblin').innerText()).replace(/\s+/g, ' ');
  assert(goblin.includes('Toughness 10 / 10') && goblin.includes('Spear 1d8, accuracy 10'), `the goblin's line: ${goblin}`);
  // The goblin's chances against each member before the roll, as the roll panel has
  // them: Ylva's Defense 13 against its Accurate 10 passes on 13 or less, so it hits 35%.
  const odds = (await foe(gm, 'Goblin').getByRole('group', { name: 'Chances in melee against Goblin' }).innerText()).replace(/\s+/g, ' ');
  assert(odds.includes('Spear hits Ylva 35%'), `the spear's chance on Ylva: ${odds}`);
  assert(/Ylva hits Goblin \d+%/.test(odds) && /Spear hits Stig \d+%/.test(odds) && /Stig hits Goblin \d+%/.test(odds), `each member both ways: ${odds}`);
  await box('Name').last().fill('Goblin chief');
  await gm.getByRole('button', { name: 'Add the foe' }).click();
  await foe(gm, 'Goblin chief').waitFor();

  // Initiative across members and foes, then the turn passes on.
  await gm.getByRole('button', { name: 'Roll initiative' }).click();
  await gm.getByText('Round 1', { exact: true }).waitFor();
  assertEqual(await gm.getByRole('list', { name: 'Turn order' }).getByRole('listitem').count(), 4, 'two members and two foes in the order');
  const first = await gm.locator('.turn-order li[aria-current=true]').innerText();
  await gm.getByRole('button', { name: 'Next turn' }).click();
  const second = await gm.locator('.turn-order li[aria-current=true]').innerText();
  assert(first !== second, `the turn passed on: ${first} → ${second}`);
  await gm.getByText(`Round 1: ${second}'s turn.`).waitFor();

  // Damage to both members at once, each rolling their own armor; one Undo for both.
  const acts = gm.getByRole('region', { name: 'Act on the party' });
  await acts.getByLabel('Ylva').check();
  await acts.getByLabel('Stig').check();
  await acts.getByLabel('Dice, amount or name').fill('3d6+10');
  await acts.getByRole('button', { name: 'Apply' }).click();
  await acts.getByText(/^Ylva: \d+ damage taken/).waitFor();
  await acts.getByText(/^Stig: \d+ damage taken/).waitFor();
  const hurt = (await member(gm, 'Ylva').innerText()).replace(/\s+/g, ' ');
  assert(!hurt.includes('Toughness 15 / 15'), `Ylva took damage: ${hurt}`);
  await acts.getByRole('button', { name: 'Undo' }).click();
  await acts.getByText('Taken back for everyone it touched.').waitFor();
  assert((await member(gm, 'Ylva').innerText()).replace(/\s+/g, ' ').includes('Toughness 15 / 15'), 'Undo healed her');
  // Experience for Ylva only.
  await acts.getByLabel('Stig').uncheck();
  await acts.getByLabel('What').selectOption('xp');
  await acts.getByLabel('Dice, amount or name').fill('3');
  await acts.getByRole('button', { name: 'Apply' }).click();
  await acts.getByText('Ylva: Added 3 Experience.').waitFor();
  assert((await member(gm, 'Ylva').innerText()).replace(/\s+/g, ' ').includes('Unspent Experience 3'), 'her unspent Experience');
  assert((await member(gm, 'Stig').innerText()).replace(/\s+/g, ' ').includes('Unspent Experience 0'), 'not his');
  // The homebrew's scene award for Stig: 1 and 1d4 for something really cool.
  await acts.getByLabel('Ylva').uncheck();
  await acts.getByLabel('Stig').check();
  await acts.getByLabel('What').selectOption('scene-cool');
  await acts.getByLabel('Dice, amount or name').fill('The bridge');
  await acts.getByRole('button', { name: 'Apply' }).click();
  const scene = await acts.getByText(/^Stig: Added \d Experience/).innerText();
  const got = Number(/Added (\d)/.exec(scene)[1]);
  assert(got >= 2 && got <= 5, `1 + 1d4: ${scene}`);
  assert((await member(gm, 'Stig').innerText()).replace(/\s+/g, ' ').includes(`Unspent Experience ${got}`), 'his unspent Experience');
  await acts.getByRole('button', { name: 'Undo' }).click();
  await acts.getByText('Taken back for everyone it touched.').waitFor();

  // Ylva opened from her card: her own sheet's tabs, as the table holds her, read only.
  const stored = await gm.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
  await member(gm, 'Ylva').getByRole('link', { name: 'Ylva' }).click();
  await gm.getByRole('heading', { name: 'Ylva', level: 1 }).waitFor();
  await gm.getByText('Ylva as the table holds them, read only.').waitFor();
  const sheet = gm.getByRole('group', { name: 'Ylva\u2019s sheet, read only' });
  assertEqual(await sheet.getByLabel('Strong', { exact: true }).inputValue(), '15', 'her Strong as on her sheet');
  assert(await sheet.getByLabel('Strong', { exact: true }).isDisabled(), 'her Strong cannot be changed here');
  assert(await sheet.getByLabel('Name', { exact: true }).isDisabled(), 'nor her name');
  await gm.getByRole('link', { name: 'Gear & XP' }).click();
  assert(gm.url().endsWith('/gear'), `the tab is a route: ${gm.url()}`);
  await sheet.getByText('Experience', { exact: true }).first().waitFor();
  // A deep link to her tab, as a reload makes one.
  await gm.reload();
  await gm.getByRole('link', { name: 'Gear & XP', exact: true }).and(gm.locator('[aria-current=page]')).waitFor();
  await sheet.getByText('Award: At the table').waitFor();
  const gear = (await sheet.innerText()).replace(/\s+/g, ' ');
  assert(gear.includes('Unspent 3') && gear.includes('Award: At the table'), `the table's award in her ledger: ${gear.slice(0, 400)}`);
  for (const [size, viewport] of [['desk', DESK], ['phone', PHONE]]) {
    await gm.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await gm.emulateMedia({ colorScheme: theme });
      await gm.screenshot({ path: `screenshots/table-member-${size}-${theme}.png`, fullPage: true });
      await noSeriousAxe(gm, `a member's sheet (${size}, ${theme})`);
    }
  }
  await gm.emulateMedia({ colorScheme: 'light' });
  await gm.setViewportSize(DESK);
  await gm.getByRole('link', { name: 'Thistle Hold' }).click();
  await gm.getByRole('heading', { name: 'Thistle Hold', level: 1 }).waitFor();
  assertEqual(await gm.evaluate(() => JSON.stringify(Object.entries(localStorage).sort())), stored, 'nothing stored changed by looking');

  for (const [size, viewport] of [['desk', DESK], ['phone', PHONE]]) {
    await gm.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await gm.emulateMedia({ colorScheme: theme });
      await gm.screenshot({ path: `screenshots/table-${size}-${theme}.png`, fullPage: true });
      await noSeriousAxe(gm, `the table (${size}, ${theme})`);
    }
  }
  await gm.emulateMedia({ colorScheme: 'light' });

  // Printed on one page: the numbers and the order, not the forms for acting.
  await gm.setViewportSize(DESK);
  await gm.getByRole('button', { name: 'Print' }).waitFor();
  await gm.emulateMedia({ media: 'print' });
  assert(!(await gm.getByRole('region', { name: 'Act on the party' }).isVisible()), 'no actions on paper');
  assert(await member(gm, 'Ylva').isVisible(), 'the party on paper');
  const pdf = (await gm.pdf({ format: 'A4' })).toString('latin1');
  assertEqual((pdf.match(/\/Type\s*\/Page[^s]/g) || []).length, 1, 'pages printed');
  await gm.emulateMedia({ media: 'screen' });

  // Kept: a reload shows the same table; the crash-safe copy holds it.
  const [key] = await tableKeys(gm);
  await eventually(async () => (await readCopy(gm, key))?.value?.includes('Goblin chief'), 'the crash-safe copy');
  await gm.reload();
  await member(gm, 'Ylva').waitFor();
  await member(gm, 'Stig').waitFor();
  await foe(gm, 'Goblin chief').waitFor();

  // Taken from the table: the member goes, the player's character was never here.
  await member(gm, 'Stig').getByRole('button', { name: 'Remove Stig from the table' }).click();
  await eventually(async () => (await member(gm, 'Stig').count()) === 0, 'Stig gone');
  await gm.getByRole('link', { name: 'All tables' }).click();
  const row = gm.getByRole('list', { name: 'Your tables' }).getByRole('listitem');
  assert((await row.innerText()).includes('1 member · 2 foes'), await row.innerText());
  // Deleted, then Undo.
  await row.getByRole('button', { name: 'Delete Thistle Hold' }).click();
  await gm.getByText('Deleted \u201cThistle Hold\u201d.').waitFor();
  assertEqual((await tableKeys(gm)).length, 0, 'deleted');
  await gm.getByRole('button', { name: 'Undo' }).click();
  await gm.getByRole('link', { name: 'Thistle Hold' }).waitFor();
  assertEqual((await tableKeys(gm)).length, 1, 'back');

  // Exported as a file and imported again: a copy beside it, never over it.
  const [download] = await Promise.all([gm.waitForEvent('download'), gm.getByRole('button', { name: 'Export Thistle Hold' }).click()]);
  assertEqual(download.suggestedFilename(), 'thistle-hold.sheetwright-table.json', 'the file name');
  const file = await download.path();
  const pick = gm.getByLabel('Import a table…');
  await pick.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"sheetwright","characters":[]}') });
  await gm.getByText('This file cannot be imported: it is not a Sheetwright table. Nothing was imported.').waitFor();
  assertEqual((await tableKeys(gm)).length, 1, 'nothing from a wrong file');
  await pick.setInputFiles(file);
  await gm.getByText('Imported \u201cThistle Hold (2)\u201d.').waitFor();
  const copy = gm.getByRole('list', { name: 'Your tables' }).getByRole('listitem').filter({ has: gm.getByRole('link', { name: 'Thistle Hold (2)' }) });
  assert((await copy.innerText()).includes('1 member · 2 foes'), await copy.innerText());
  assertEqual((await tableKeys(gm)).length, 2, 'the copy is stored');
});

test("game master's table: a damaged table is set aside byte for byte, the others open", async (t) => {
  const gm = await t.openLibrary({ viewport: PHONE });
  const damaged = '{"format":"sheetwright-table","schema":1,"id":"t9","name":';
  await gm.evaluate((d) => localStorage.setItem('sheetwright.table.t9', d), damaged);
  await gm.goto(`${t.url}#/table`);
  await gm.getByRole('heading', { name: 'Tables that could not be read' }).waitFor();
  assertEqual(await gm.evaluate(() => localStorage.getItem('sheetwright.table-quarantine.t9')), damaged, 'kept byte for byte');
  assertEqual(await gm.evaluate(() => localStorage.getItem('sheetwright.table.t9')), null, 'no longer read as a table');
  // A Heimr table is for Heimr characters only.
  await gm.getByLabel('Name', { exact: true }).fill('Heimr night');
  await gm.getByLabel('Plays').selectOption('heimr');
  await gm.getByRole('button', { name: 'Create table' }).click();
  await gm.getByRole('heading', { name: 'Heimr night', level: 1 }).waitFor();
  const ylva = await playerLink(t, 'Ylva', 'symbaroum', {});
  await gm.getByLabel("A player's share link").fill(ylva);
  await gm.getByRole('button', { name: 'Seat the player' }).click();
  await gm.getByText('this table is for Heimr. Nothing was added.').waitFor();
  await gm.getByLabel('HP', { exact: true }).waitFor();
  // A Heimr member's sheet, read only, from Heimr's own chunk.
  await gm.getByLabel("A player's share link").fill(await playerLink(t, 'Brann', 'heimr', {}));
  await gm.getByRole('button', { name: 'Seat the player' }).click();
  await member(gm, 'Brann').getByRole('link', { name: 'Brann' }).click();
  await gm.getByRole('heading', { name: 'Brann', level: 1 }).waitFor();
  const his = gm.getByRole('group', { name: 'Brann\u2019s sheet, read only' });
  assert(await his.getByLabel('Current HP').filter({ visible: true }).isDisabled(), 'his HP cannot be changed here');
  // No hint to tap what cannot be tapped here.
  const shown = (await his.innerText()).replace(/\s+/g, ' ');
  assert(shown.includes('No rolls yet.') && !/Tap ⚄|Tap C or P/.test(shown), `no tap hints on a read-only sheet: ${shown.slice(0, 600)}`);
  await gm.getByRole('link', { name: 'Combat' }).click();
  assert(await his.getByRole('button', { name: /Roll initiative/ }).isDisabled(), 'nor rolled for');
  await gm.screenshot({ path: 'screenshots/table-member-heimr-phone.png', fullPage: true });
  await noSeriousAxe(gm, "a Heimr member's sheet");
});

test("game master's table: changes go back to the players by link and QR code, taken field by field, a clash never overwritten", async (t) => {
  const ylva = await player(t, 'Ylva', 'symbaroum', { Strong: 15, Quick: 13 });
  const stig = await player(t, 'Stig', 'symbaroum', { Strong: 12, Quick: 11 });
  const gm = await t.openLibrary({ viewport: DESK, context: await t.newContext(DESK, CLIPBOARD) });
  await gm.getByRole('link', { name: "Game master's table" }).click();
  await gm.getByLabel('Name', { exact: true }).fill('Thistle Hold');
  await gm.getByRole('button', { name: 'Create table' }).click();
  await gm.getByRole('heading', { name: 'Thistle Hold', level: 1 }).waitFor();
  for (const [name, link] of [['Ylva', ylva.link], ['Stig', stig.link]]) {
    await gm.getByLabel("A player's share link").fill(link);
    await gm.getByRole('button', { name: 'Seat the player' }).click();
    await member(gm, name).waitFor();
  }
  // Nothing to send back before the table changed anyone.
  assertEqual(await gm.getByRole('button', { name: /^Send back .* changes to their player$/ }).count(), 0, 'no Send back yet');
  const box = (label) => gm.getByLabel(label, { exact: true });
  for (const name of ['Goblin', 'Goblin chief']) {
    await box('Name').last().fill(name);
    for (const [label, value] of [['Agility (Quick)', 13], ['Vigilance (Vigilant)', 10], ['Defense', 13], ['Toughness', 10], ['Pain Threshold', 5], ['Armor', '1d4'], ['Attack', 'Spear'], ['Accuracy (Accurate)', 10], ['Damage', '1d8']]) await box(label).fill(String(value));
    await gm.getByRole('button', { name: 'Add the foe' }).click();
    await foe(gm, name).waitFor();
  }
  await gm.getByRole('button', { name: 'Roll initiative' }).click();
  await gm.getByText('Round 1', { exact: true }).waitFor();

  // Meanwhile Stig's player takes 2 damage on his own sheet.
  await stig.page.getByRole('link', { name: /^Stig/ }).first().click();
  await stig.page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Combat' }).click();
  await stig.page.getByLabel('Incoming damage').fill('2');
  await stig.page.getByLabel('Incoming damage').press('Enter');
  await eventually(async () => (await stig.page.getByRole('region', { name: 'Toughness' }).innerText()).includes('10 / 12'), 'Stig at 10 of 12');

  // Both take 15 (no armor), Ylva is healed 4, both are awarded 3 Experience.
  const acts = gm.getByRole('region', { name: 'Act on the party' });
  await acts.getByLabel('Ylva').check();
  await acts.getByLabel('Stig').check();
  await acts.getByLabel('Dice, amount or name').fill('5');
  await acts.getByRole('button', { name: 'Apply' }).click();
  await acts.getByText(/^Ylva: 5 damage taken/).waitFor();
  await acts.getByLabel('What').selectOption('xp');
  await acts.getByLabel('Dice, amount or name').fill('3');
  await acts.getByRole('button', { name: 'Apply' }).click();
  await acts.getByText('Stig: Added 3 Experience.').waitFor();
  await acts.getByLabel('Stig').uncheck();
  await acts.getByLabel('What').selectOption('heal');
  await acts.getByLabel('Dice, amount or name').fill('2');
  await acts.getByRole('button', { name: 'Apply' }).click();
  await eventually(async () => (await member(gm, 'Ylva').innerText()).replace(/\s+/g, ' ').includes('Toughness 12 / 15'), 'Ylva at 15 − 5 + 2');

  // Ylva's update: a link, and a QR code that reads as the same link.
  await member(gm, 'Ylva').getByRole('button', { name: 'Send back Ylva’s changes to their player' }).click();
  const ylvaUpdate = await member(gm, 'Ylva').getByRole('textbox', { name: 'Update link for Ylva' }).inputValue();
  assert(ylvaUpdate.includes('#/update/'), ylvaUpdate);
  const code = member(gm, 'Ylva').getByRole('img', { name: 'QR code of the update link for Ylva' });
  assertEqual(await readQr(gm, code), ylvaUpdate, 'the QR code read by a QR reader');
  await member(gm, 'Ylva').getByRole('button', { name: 'Copy the link' }).click();
  await member(gm, 'Ylva').getByText('Copied.').waitFor();
  await gm.setViewportSize(PHONE);
  await gm.screenshot({ path: 'screenshots/table-send-back-phone-light.png', fullPage: true });
  await gm.setViewportSize(DESK);
  await member(gm, 'Stig').getByRole('button', { name: 'Send back Stig’s changes to their player' }).click();
  const stigUpdate = await member(gm, 'Stig').getByRole('textbox', { name: 'Update link for Stig' }).inputValue();

  // A link for a character this browser does not have, or a damaged one: refused in words.
  await stig.page.goto(ylvaUpdate);
  await stig.page.getByText('This update from “Thistle Hold” is for a character this browser does not have. Nothing was changed.').waitFor();
  const mid = ylvaUpdate.indexOf('#/update/') + Math.floor((ylvaUpdate.length - ylvaUpdate.indexOf('#/update/')) / 2);
  const cut = ylvaUpdate.slice(0, mid) + (ylvaUpdate[mid] === 'A' ? 'B' : 'A') + ylvaUpdate.slice(mid + 1);
  await ylva.page.goto(cut);
  await ylva.page.getByRole('alert').filter({ hasText: 'Nothing was changed.' }).waitFor();

  // Ylva's player takes the damage and the heal, not the Experience.
  await ylva.page.goto(ylvaUpdate);
  const question = ylva.page.getByRole('region', { name: '“Thistle Hold” sends changes to Ylva' });
  await question.waitFor();
  const rows = question.getByRole('checkbox');
  assert((await rows.count()) >= 3, `damage, Experience and the log: ${await question.innerText()}`);
  for (const box of await rows.all()) assert(await box.isChecked(), 'every change ticked: no clash here');
  const asked = (await question.innerText()).replace(/\s+/g, ' ');
  assert(asked.includes('Damage taken Now: 0 · the table’s: 3') && asked.includes('Experience Now: nothing · the table’s: 3 (At the table)'), `in the player's words: ${asked}`);
  await question.getByRole('checkbox', { name: 'Experience', exact: true }).uncheck();
  await ylva.page.emulateMedia({ colorScheme: 'dark' });
  await ylva.page.screenshot({ path: 'screenshots/update-phone-dark.png', fullPage: true });
  await noSeriousAxe(ylva.page, 'the update question (phone, dark)');
  await ylva.page.emulateMedia({ colorScheme: 'light' });
  await ylva.page.setViewportSize(DESK);
  await ylva.page.screenshot({ path: 'screenshots/update-desk-light.png', fullPage: true });
  await noSeriousAxe(ylva.page, 'the update question (desk, light)');
  await ylva.page.setViewportSize(PHONE);
  await question.getByRole('button', { name: 'Accept the ticked changes' }).click();
  await ylva.page.getByText(/^Took \d+ changes from “Thistle Hold” into Ylva\.$/).waitFor();
  // Meanwhile she writes a note in a second tab: Undo takes back the update, not that.
  const stored = () => ylva.page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('sheetwright.character.')).map(([, v]) => JSON.parse(v)).find((c) => c.name === 'Ylva'));
  const second = await ylva.page.context().newPage();
  await second.goto(new URL(await ylva.page.getByRole('link', { name: 'Open Ylva’s sheet' }).getAttribute('href'), ylva.page.url()).href);
  await second.getByRole('textbox', { name: 'Notes' }).fill('Owes Stig a drink');
  await eventually(async () => (await stored())?.notes === 'Owes Stig a drink', 'her note saved');
  assertEqual((await stored()).combat?.damage, 3, 'the damage taken');
  // One Undo takes it all back, and the same link can be taken again.
  await ylva.page.getByRole('button', { name: 'Undo' }).click();
  await ylva.page.getByText('Ylva is as before the update.').waitFor();
  await eventually(async () => {
    const c = await stored();
    return c.notes === 'Owes Stig a drink' && (c.combat?.damage ?? 0) === 0;
  }, 'the damage taken back, her note kept');
  await second.close();
  await ylva.page.goto(`${t.url}#/`);
  await ylva.page.goto(ylvaUpdate);
  await question.getByRole('checkbox', { name: 'Experience', exact: true }).uncheck();
  await question.getByRole('button', { name: 'Accept the ticked changes' }).click();
  await ylva.page.getByRole('link', { name: 'Open Ylva’s sheet' }).click();
  await ylva.page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Combat' }).click();
  await eventually(async () => (await ylva.page.getByRole('region', { name: 'Toughness' }).innerText()).includes('12 / 15'), 'her sheet: 15 − 5 + 2');
  await ylva.page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: /Gear/ }).click();
  assert(!(await ylva.page.getByText('Unspent Experience 3').count()), 'the Experience she did not tick was not taken');
  // The same link again: taken already.
  await ylva.page.goto(ylvaUpdate);
  await ylva.page.getByText('You accepted this update from “Thistle Hold” already. Nothing was changed.').waitFor();

  // Stig's damage clashes with his own: shown, not ticked, and his 2 stays.
  await stig.page.goto(stigUpdate);
  const his = stig.page.getByRole('region', { name: '“Thistle Hold” sends changes to Stig' });
  const clash = his.getByRole('listitem').filter({ hasText: 'You changed this since the game master took their copy' });
  await clash.waitFor();
  assert(!(await clash.getByRole('checkbox').isChecked()), 'a clash is not ticked for him');
  assert((await clash.innerText()).includes('Now: 2'), await clash.innerText());
  await his.getByRole('button', { name: 'Accept the ticked changes' }).click();
  await stig.page.getByRole('link', { name: 'Open Stig’s sheet' }).click();
  await stig.page.getByRole('navigation', { name: 'Sheet tabs' }).getByRole('link', { name: 'Combat' }).click();
  await eventually(async () => (await stig.page.getByRole('region', { name: 'Toughness' }).innerText()).includes('10 / 12'), 'his own 2 damage kept');

  // His new share link refreshes the table's copy with the same question the other way:
  // the table's 5 damage and his 2 clash; the game master takes his.
  await stig.page.getByRole('link', { name: 'Characters' }).click();
  const card = stig.page.getByRole('list', { name: 'Characters' }).getByRole('listitem').filter({ has: stig.page.getByText('Stig', { exact: true }) });
  await cardAction(card, 'Share');
  await stig.page.getByRole('status').filter({ hasText: 'copied to the clipboard' }).waitFor();
  const again = await card.getByLabel('Link to share').inputValue();
  await gm.getByLabel("A player's share link").fill(again);
  await gm.getByRole('button', { name: 'Seat the player' }).click();
  const refresh = gm.getByRole('alertdialog', { name: 'Stig’s new link changes the table’s copy. Tick the changes to take.' });
  const theirs = refresh.getByRole('listitem').filter({ hasText: 'Damage taken' });
  await theirs.waitFor();
  assert((await theirs.innerText()).replace(/\s+/g, ' ').includes('Now: 5 · their link’s: 2'), await theirs.innerText());
  assert(!(await theirs.getByRole('checkbox').isChecked()), 'a clash is not ticked for the game master either');
  await gm.screenshot({ path: 'screenshots/table-refresh-desk-light.png', fullPage: true });
  await noSeriousAxe(gm, 'the question about a new link (desk, light)');
  await theirs.getByRole('checkbox').check();
  await refresh.getByRole('button', { name: 'Take the ticked changes' }).click();
  await gm.getByText(/^Took \d+ of the changes in Stig’s link\.$/).waitFor();
  await eventually(async () => (await member(gm, 'Stig').innerText()).replace(/\s+/g, ' ').includes('Toughness 10 / 12'), 'the table has his 2 damage');
});

test("an update's Undo, once the character was deleted in another tab, brings nothing back", async (t) => {
  const ylva = await player(t, 'Ylva', 'symbaroum', { Strong: 15 });
  const gm = await t.openLibrary({ viewport: DESK });
  await gm.getByRole('link', { name: "Game master's table" }).click();
  await gm.getByLabel('Name', { exact: true }).fill('Thistle Hold');
  await gm.getByRole('button', { name: 'Create table' }).click();
  await gm.getByLabel("A player's share link").fill(ylva.link);
  await gm.getByRole('button', { name: 'Seat the player' }).click();
  const acts = gm.getByRole('region', { name: 'Act on the party' });
  await acts.getByLabel('Ylva').check();
  await acts.getByLabel('Dice, amount or name').fill('5');
  await acts.getByRole('button', { name: 'Apply' }).click();
  await acts.getByText(/^Ylva: 5 damage taken/).waitFor();
  await member(gm, 'Ylva').getByRole('button', { name: 'Send back Ylva’s changes to their player' }).click();
  const link = await member(gm, 'Ylva').getByRole('textbox', { name: 'Update link for Ylva' }).inputValue();
  await ylva.page.goto(link);
  await ylva.page.getByRole('region', { name: '“Thistle Hold” sends changes to Ylva' }).getByRole('button', { name: 'Accept the ticked changes' }).click();
  await ylva.page.getByText(/^Took \d+ changes? from “Thistle Hold” into Ylva\.$/).waitFor();
  // Later, once the update is saved, she deletes Ylva in a second tab; Undo in the
  // first then brings nothing back.
  const stored = () => ylva.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sheetwright.character.')).length);
  await eventually(() => ylva.page.evaluate(() => Object.entries(localStorage).some(([k, v]) => k.startsWith('sheetwright.character.') && JSON.parse(v).combat?.damage === 5)), 'the update saved');
  const second = await ylva.page.context().newPage();
  await second.goto(`${t.url}#/`);
  await cardAction(second.locator('.character-card'), 'Delete');
  await eventually(async () => (await stored()) === 0, 'deleted in the second tab');
  await ylva.page.waitForTimeout(500); // the first tab hears of it
  await ylva.page.getByRole('button', { name: 'Undo' }).click();
  await ylva.page.getByText('This character is no longer in this browser. Nothing was changed.').waitFor();
  await ylva.page.waitForTimeout(500);
  assertEqual(await stored(), 0, 'not brought back');
});
