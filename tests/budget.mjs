// The byte gates: the gzip size of what a visit fetches, printed, and failing above
// its gate. Deterministic: the same build always gives the same numbers.
//  - The start path: everything a first visit to the list fetches (index.html and
//    what it links and imports, plus the service worker it registers). Its gate is
//    never raised: a new feature goes into a chunk (src/ui/chunks.rs). 300 KB at the
//    split of the sheets (297.5 KB reached); 180 KB since the documents moved into a
//    chunk of their own and the list reads only each character's head (173.8 KB
//    reached; issue #27's target was 250 KB).
//  - A cold deep link to a Symbaroum-family sheet and to a Heimr sheet: the start
//    path plus the documents' chunks, that family's chunks and the sheet's
//    stylesheet. 600 and 475 KB at the split of the sheets; 622 and 494 KB since the
//    documents' chunk (619.8 and 491.6 KB reached: the same code in one more file
//    costs about 20 KB of glue between the files and of gzip's lost context); 625 and
//    497 KB since every part of a saved character keeps the fields a newer version
//    wrote (622.3 and 494.2 KB reached, issue #28). 450 KB each, the target of issue
//    #27, since a sheet's Combat and Gear & XP tabs and the roll panel are chunks of
//    their own (fetched in idle time once the sheet is drawn) and the splitter puts
//    code the sheets share with the documents into the documents' file (423.9 and
//    431.1 KB reached).
//  - A cold deep link to a sheet's Combat or Gear & XP tab: the same plus that tab's
//    chunks (Symbaroum 533.3 and 504.9 KB, Heimr 481.2 and 453.5 KB reached). The
//    Symbaroum one at 545 KB since weapons are keyed by id like the items and
//    abilities (#29): the keyed-list code (`long_list::Keyed`, a keyed `<For>` over
//    row keys) is then shared by both tabs, and the splitter moves it from the Gear &
//    XP file into the file both tabs fetch (+5.9 KB there, −4.7 KB in Gear & XP;
//    543.2 and 512.1 KB reached). At 552 KB since the phone pass (#31): the messages'
//    timing and page in the start path (+0.8 KB in every deep link), the section
//    chips marking the section on screen (their DOM calls' glue is in the start
//    path's JS, +0.7 KB), the Combat tab's folds (optional rules' cards, add forms,
//    the Toughness card's order); 550.1 KB reached. The next Combat feature needs
//    size work on the Combat tab's own file first. The Heimr one at 491 KB since its
//    phone pass (#31): the phone layouts of both sheets are CSS in the one sheet
//    stylesheet every deep link fetches (a sheet's deep link +0.9 KB, 0.3 of it the
//    list's '⋯' menu in the start path), and its Combat tab's folds say
//    what is in force and whom the character guards (490.0 KB reached, with 488.2
//    before). Its next Combat feature needs size work first too. The Symbaroum one
//    back down to 549 KB when every list keyed by row ids (weapons, armor, shields,
//    the initiative list, abilities, items, modifiers) came to draw through one
//    `long_list::KeyedRows` (Leptos's keyed-list code in the build once, not once
//    per list and key type) and initiative's three sorts became one (547.5 KB
//    reached, with armor, shields and combatants keyed by id since). At 550 KB since
//    the thirteen abilities the seeds name act where they are used (#30): on the
//    Combat tab a medic's own Medicus button, "Stand up" under Prone with Acrobatics,
//    what Trapper and Pyrotechnics may set, the healing sources offered, and the
//    one table of named abilities both tabs read (549.9 KB reached, 548.3 before;
//    drawing the new buttons always and hiding them, rather than a `<Show>` or an
//    optional view, saved 1.3 KB of it).
//    At 551 KB since "This turn" (#30, the action economy): its code is in the roll
//    panel's file (a split point of the same name, fetched in idle time), but the
//    pieces the Combat tab shares with it (the turn's signal and "Next turn", which
//    the Maneuvers card calls too, and their glue between files) move into the file
//    both fetch (550.9 KB reached, 549.8 before).
//    At 556 KB since campaign packs (#32), 566 KB since taking their entries: see below.
//  - Heimr's sheet at 413 KB and its tabs at 478 KB since its dice panel is a chunk of
//    its own, as the Symbaroum family's roll panel is (fetched in idle time once the
//    sheet is drawn): 410.1 and 476.5 KB reached, with 439.8 and 490.4 before, and with
//    the one roll log both families now share (its "Show all" and "Clear log", +4.7 KB
//    in every deep link of a Heimr sheet) paid for. The start path +0.3 KB, the glue
//    of one more split point. Its tabs at 479 KB since an attack with a weapon whose
//    abilities are not on the sheet says it rolls Brawl (#30, its row keyed by its
//    default ability too, so adding the ability draws it anew) and the dice panel is
//    laid out as the Symbaroum one (#29): 478.0 KB reached, with 477.2 before. At 481
//    KB since "This turn", the chase and forced movement (#30): in the dice panel's
//    file like the Symbaroum family's, with what the Combat tab shares with them
//    (New turn's reset of the turn, the positions' setter, the number fields' signal,
//    their glue) moved into the file both fetch (480.8 KB reached, 478.7 before).
//  - Campaign packs (#32) raised every sheet's deep link by about 4 KB: Heimr's sheet
//    to 418 KB and its tabs to 485 KB, the Symbaroum family's tabs to 556 KB (417.1,
//    484.9 and 555.2 KB reached with the pack editor; 413.0, 480.9 and 550.9 before). The packs page is a
//    chunk of its own, but what it shares with the documents' chunk (reading a saved
//    document with its fields in the player's words, localStorage, the serde code of
//    the fields a newer version wrote, `Attr`) can no longer be inlined there, and
//    the documents' file grew by 3 KB beside the 2.3 KB of sharing a character by
//    link, which moved out of the start path into it (the start path fell from 178.0
//    to 176.2 KB with the packs' route and page loader in it); the tabs' shared file
//    took 1 KB of Leptos code the page shares with them. The pack editor's fields
//    read closures, not `Signal<String>`s, whose code the sheets' cards would then
//    share from a file every sheet loads (+0.2 KB there when tried).
//  - Taking a pack's entries into a character (#32, "use") raised the Symbaroum
//    family's sheet to 455 KB and its tabs to 566 KB, Heimr's sheet to 425 KB and its
//    tabs to 493 KB (454.7, 565.5 / 565.3, 424.4 and 492.0 KB reached; 446.9, 555.3 /
//    552.7, 417.0 and 484.8 before). A taken ability (a Heimr one too), item, weapon
//    or armor remembers its entry
//    (`from`: the pack, the entry, the version and an ability's effects at every
//    level, each keeping the fields a newer version writes), and that reading code is
//    in the documents' file every deep link fetches, Heimr's too (+3.6 KB; reading
//    `from` through a JSON value instead was tried: 2.2 KB more). The offers under the
//    add forms and the "Campaign packs" card are a chunk of their own (`pack_use`,
//    loaded by the Gear & XP tab; the packs page is loaded within it), but the Leptos
//    code the tabs share with them goes into their files (+4 KB on each tab's deep
//    link, the Combat tab's forms offering weapons and armor) and a little into the
//    file both tabs share (+1 KB). The start path
//    rose 0.5 KB (two more parts' loaders) and stays under its gate. Tried and
//    dropped: one `pack_use` split point for both families, within nothing (so that
//    Heimr's Gear & XP tab could load it too): the code it shares with the sheets
//    went into the files every deep link fetches, +21 to +23 KB on each. Heimr's
//    Gear & XP tab loads `pack_use` with the Symbaroum family's sheet and tab chunks
//    it is within, when its add form is first opened; the part both families' tabs
//    then share (the later part's loader and the picked entry) is +1.2 KB in the file
//    both sheets load. An add form fetches the offers only once it is opened, and the
//    "Campaign packs" card shows only once a row came from a pack, so a sheet whose
//    player never adds anything never fetches the packs' chunk (nor says it could not):
//    +1.3 KB more there (one closure per kind of row; one shared function was tried:
//    0.4 KB more still).
//    The third pass on a 500-item inventory (#28 item 5) raised nothing: 454.9,
//    565.8 / 565.7, 424.6 and 492.2 KB reached, after taking back the parts of it
//    whose code cost more than they measurably saved (bench/README.md). The fourth
//    (Fx hashing, the rows' reasons worded where shown, rows as buttons) raised
//    nothing either: 454.3, 565.5 / 565.6, 425.0 and 492.9 KB; the Heimr sheet is
//    within bytes of its gate (its CSS grew by the rows' button, 60 bytes). The
//    fifth (undo steps recorded in idle time, the unstable sort for stored keys,
//    which paid for it) raised nothing: 454.2, 565.2 / 565.6, 424.9 and 492.8 KB.
//    The sixth (cards and forms contained on screen, one idle callback per edit)
//    raised nothing: 454.1, 565.1 / 565.6, 424.7 and 492.7 KB.
//    wasm-opt told that the app never uses memory's first kilobyte (the stack is
//    first, from 1 MiB down) gave room back: 452.1, 562.2 / 562.7, 422.9 and 490.5 KB,
//    the start path 176.6 KB. The items as a store field of their own (an item's
//    change wakes no reader of the abilities, Experience or purse) took some of it:
//    452.6, 562.7 / 564.4, 423.0 and 490.6 KB.
//  - The whole build (what the service worker caches for offline), printed.
// Before the split (issue #27) the one bundle was 670.2 KB under a 672 KB gate.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildFiles, chunkManifest, deepLinkFiles, firstVisitFiles } from './first-visit.mjs';

const START_GATE = 180 * 1024;
const DEEP_LINK_GATES = { symbaroum: 455 * 1024, heimr: 425 * 1024 };
const TAB_GATES = { symbaroum: 566 * 1024, heimr: 493 * 1024 };
const dist = process.argv[2] || 'dist';
const kb = (n) => (n / 1024).toFixed(1);
const gz = (p) => gzipSync(readFileSync(p), { level: 9 }).length;
const sum = (files) => files.reduce((n, p) => n + gz(p), 0);
let failed = false;

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`budget: no ${join(dist, 'index.html')}: build first`);
  process.exit(1);
}
const start = firstVisitFiles(dist);
if (!start.some((p) => p.endsWith('.wasm'))) {
  console.error('budget: index.html loads no wasm');
  process.exit(1);
}
if (!chunkManifest(dist)) {
  console.error('budget: index.html has no chunk manifest: the build was not split (scripts/split.mjs)');
  process.exit(1);
}
const gate = (name, files, limit) => {
  const total = sum(files);
  console.log(`${name}: ${kb(total)} KB gzip (gate ${kb(limit)} KB)`);
  if (total > limit) {
    console.error(`budget: ${name} is over its gate by ${kb(total - limit)} KB (${total - limit} bytes)`);
    failed = true;
  }
};
console.log('Start path (a first visit to the list):');
for (const p of start) {
  console.log(`  ${relative(dist, p).padEnd(48)} ${String(statSync(p).size).padStart(9)} B raw ${String(gz(p)).padStart(8)} B gzip`);
}
gate('Start path', start, START_GATE);
for (const family of ['symbaroum', 'heimr']) {
  const files = deepLinkFiles(dist, family);
  const extra = files.filter((p) => !start.includes(p)).map((p) => `${relative(dist, p)} ${kb(gz(p))} KB`);
  console.log(`  ${family} sheet adds: ${extra.join(', ')}`);
  gate(`Cold deep link to a ${family} sheet`, files, DEEP_LINK_GATES[family]);
  for (const tab of ['combat', 'gear']) {
    const withTab = deepLinkFiles(dist, family, tab);
    const more = withTab.filter((p) => !files.includes(p)).map((p) => `${relative(dist, p)} ${kb(gz(p))} KB`);
    console.log(`  its ${tab} tab adds: ${more.join(', ')}`);
    gate(`Cold deep link to a ${family} sheet's ${tab} tab`, withTab, TAB_GATES[family]);
  }
}
console.log(`Whole build (cached for offline): ${kb(sum(buildFiles(dist)))} KB gzip`);
if (failed) process.exit(1);
