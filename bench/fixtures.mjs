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
 * 500 roll log entries. */
export function heavy(name = 'Heavy') {
  const c = small(name);
  const items = [];
  for (let i = 1; i <= 20; i++) items.push({ kind: 'light_container', name: `Bag ${i}`, id: i, quantity: 1 });
  for (let i = 21; i <= 500; i++) {
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
