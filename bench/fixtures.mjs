// Characters for the benchmark, as the app saves them (schema 1).

let seq = 0;
const id = () => (Date.now().toString(16) + (seq++).toString(16).padStart(8, '0')).padEnd(32, '0').slice(0, 32);

/** A fresh homebrew character named `name`. */
export function small(name = 'Small') {
  return {
    schema: 1,
    id: id(),
    name,
    ruleset: 'homebrew',
    updated: Date.now(),
    attributes: { agility: 13, charisma: 7, exactitude: 15, resolve: 9, might: 11, subtlety: 5, vigilance: 10, wit: 10 },
    modifiers: [],
    notes: '',
    roll_log: [],
  };
}

/** The heavy one of issue 16: 500 inventory items (in 20 containers), 100 abilities,
 * 500 roll log entries. `count` items instead of 500 (at least 20: the containers). */
export function heavy(name = 'Heavy', count = 500) {
  const c = small(name);
  const items = [];
  for (let i = 1; i <= 20; i++) items.push({ kind: 'light_container', name: `Bag ${i}`, id: i, quantity: 1 });
  for (let i = 21; i <= count; i++) {
    items.push({ kind: 'other', name: `Thing ${i}`, id: i, quantity: 1 + (i % 3), inside: 1 + (i % 20) });
  }
  const abilities = [];
  for (let i = 1; i <= 100; i++) {
    abilities.push({ kind: 'ability', name: `Technique ${i}`, level: 'novice', action: 'passive' });
  }
  const roll_log = [];
  for (let i = 0; i < 500; i++) {
    roll_log.push({ time: Date.now() - i * 60000, what: `Roll ${i}`, dice: 'd20: 7', target: 12, passed: true, outcome: 'Pass' });
  }
  c.advance = { xp: [{ kind: 'award', note: 'Many sessions', date: '2026-11-01', amount: 2000 }], abilities, items };
  c.roll_log = roll_log;
  return c;
}

/** A phone-sized page (390×844) of a fresh context with the heavy character stored,
 * opened at its sheet's `route` ('' for the Sheet tab, '/gear' …). For the developer
 * tools beside the benchmark. */
export async function heavyOnPhone(browser, url, route = '') {
  const c = heavy();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((c) => localStorage.setItem(`sheetwright.character.${c.id}`, JSON.stringify(c)), c);
  const page = await context.newPage();
  await page.goto(`${url}#/c/${c.id}${route}`);
  return { context, page };
}

/** A phone-sized page (390×844) of plain HTML, no app: a list of `n` rows like closed
 * inventory rows and an Add button, in the middle of the screen as the item form is,
 * whose one-line handler adds a row. What a frame costs the browser at the least, to
 * read the item figures against (`run.mjs`, `frame-floor.mjs`). */
export async function plainListOnPhone(browser, n) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const rows = Array.from({ length: n }, (_, i) => `<li><button><strong>Thing ${i}</strong> ×2 <span>counts 1</span></button></li>`).join('');
  await page.setContent(`<style>li{padding:8px;border-bottom:1px solid #ccc}</style><h1>Floor</h1><ul id=l>${rows}</ul><button id=add>Add</button>`);
  await page.evaluate(() => {
    document.querySelector('#add').onclick = () => {
      const li = document.createElement('li');
      li.innerHTML = '<button><strong>New</strong> <span>counts 1</span></button>';
      document.querySelector('#l').append(li);
    };
    document.querySelector('#add').scrollIntoView({ block: 'center' });
  });
  return { context, page };
}

/** A Symbaroum-family campaign pack as a game master who typed in a whole catalogue
 * has it: `per` abilities, items, weapons, armor and weapon qualities (5 × 1,000 by
 * default), every one with a line of text, the abilities with an effect at each level. */
export function bigPack(name = 'The whole catalogue', per = 1000) {
  const list = (make) => Array.from({ length: per }, (_, i) => make(i + 1));
  return {
    format: 'sheetwright-pack',
    schema: 1,
    id: id(),
    name,
    family: 'symbaroum',
    version: 1,
    updated: Date.now(),
    about: `${per} of each kind of entry.`,
    abilities: list((n) => ({
      id: n,
      name: `Technique ${n}`,
      kind: 'ability',
      action: 'active',
      says: `What technique ${n} does, in a sentence or two as a rulebook gives it.`,
      novice: { effects: [{ kind: 'modifier', target: 'toughness', amount: 1 }] },
      adept: { effects: [{ kind: 'modifier', target: 'toughness', amount: 2 }] },
      master: { effects: [{ kind: 'modifier', target: 'toughness', amount: 3 }] },
    })),
    qualities: list((n) => ({ id: n, name: `Quality ${n}`, says: `What quality ${n} does.` })),
    items: list((n) => ({ id: n, name: `Item ${n}`, class: 'other', value: n, says: `Item ${n}, as the price list has it.` })),
    weapons: list((n) => ({ id: n, name: `Weapon ${n}`, damage: '1d8', qualities: ['long'], attack_with: 'might', value: 10 + n, says: `Weapon ${n}.` })),
    armor: list((n) => ({ id: n, name: `Armor ${n}`, protection: '1d4', impeding: 2, value: 50 + n, says: `Armor ${n}.` })),
  };
}
