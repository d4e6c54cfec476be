//! Taking a pack's entries into a character (issue #32, "use"), and updating the
//! copies when the pack's next version comes.
//!
//! A taken row is a copy: its name, kind, action and what the entry says (as the row's
//! notes), and for an ability its effects on the numbers at every level, so the
//! character keeps working in a browser that never saw the pack. The row remembers the
//! pack, the entry and the version ([`Taken`]). What the character made of it stays
//! the character's through an update: an ability's level, what was paid for it, its
//! kind (the Experience was booked for that kind), the attribute chosen, the player's
//! own modifier; an item's quantity, container and whether it is carried.
//!
//! An update is never silent: [`updates`] lists, row by row, every field the newer
//! entry would change, including fields the player changed since taking it, and
//! [`update`] changes only the rows the player ticked.

use super::{AbilityEntry, ItemClass, ItemEntry, Pack};
use crate::model::advance::Advance;
use crate::rules::symbaroum::encumbrance::{Item, ItemKind};
use crate::rules::symbaroum::experience::{Ability, Level};
use crate::rules::symbaroum::modifier_input::{target_from_key, target_label};
use crate::rules::symbaroum::pack_effects::{Taken, TakenEffect, CHOSEN, PACK_MULE};
use crate::rules::symbaroum::Labels;

/// Which row of a character: an ability or an inventory item, by its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    Ability(u32),
    Item(u32),
}

/// The lists of a character's sheet that take a pack's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum List {
    Abilities,
    Items,
}

/// An entry picked in an add form, as the copy the form adds (with the form's level,
/// quantity and container).
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    Ability(Ability),
    Item(Item),
}

/// One entry a pack offers a list: its name, the pack's name and what it is ("trait",
/// "item"), and the copy that picking it gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    pub name: String,
    pub pack: String,
    pub what: String,
    pub pick: Pick,
}

/// What `packs` offer a list whose name box holds `query`: every entry whose name
/// holds it (ignoring case), names starting with it first, at most `most`.
pub fn offers(packs: &[Pack], list: List, query: &str, l: &Labels, most: usize) -> Vec<Offer> {
    let q = query.trim().to_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let names = |p: &Pack| -> Vec<String> {
        match list {
            List::Abilities => p.abilities.iter().map(|e| e.name.clone()).collect(),
            List::Items => p.items.iter().map(|e| e.name.clone()).collect(),
        }
    };
    // (whether the name only holds the query, pack, entry), in the packs' order.
    let mut found: Vec<(bool, usize, usize)> = Vec::new();
    for (pi, p) in packs.iter().enumerate() {
        for (ei, name) in names(p).iter().enumerate() {
            let lower = name.to_lowercase();
            if lower.contains(&q) {
                found.push((!lower.starts_with(&q), pi, ei));
            }
        }
    }
    found.sort_by_key(|f| f.0);
    found
        .into_iter()
        .take(most)
        .map(|(_, pi, ei)| {
            let p = &packs[pi];
            let (name, what, pick) = match list {
                List::Abilities => {
                    let e = &p.abilities[ei];
                    let what = e.kind.name_in(l).to_lowercase();
                    (e.name.clone(), what, Pick::Ability(ability(p, e, l)))
                }
                List::Items => {
                    let e = &p.items[ei];
                    (
                        e.name.clone(),
                        e.class.label().to_string(),
                        Pick::Item(item(p, e)),
                    )
                }
            };
            Offer {
                name,
                pack: p.name.clone(),
                what,
                pick,
            }
        })
        .collect()
}

/// The entries `packs` hold for a list.
pub fn entries_for(packs: &[Pack], list: List) -> usize {
    packs
        .iter()
        .map(|p| match list {
            List::Abilities => p.abilities.len(),
            List::Items => p.items.len(),
        })
        .sum()
}

/// What taking `entry` of pack `p` remembers.
fn taken(p: &Pack, entry: u32, effects: Vec<TakenEffect>) -> Taken {
    Taken {
        pack: p.id.clone(),
        name: p.name.clone(),
        entry,
        version: p.version,
        effects,
        unknown: Default::default(),
    }
}

/// An ability entry's effects on the numbers, at every level.
fn ability_effects(e: &AbilityEntry) -> Vec<TakenEffect> {
    let every = e.effects.iter().map(|s| (None, s));
    let levels = Level::ALL.into_iter().flat_map(|l| {
        e.level(l)
            .into_iter()
            .flat_map(move |at| at.effects.iter().map(move |s| (Some(l), s)))
    });
    every
        .chain(levels)
        .filter_map(|(level, s)| TakenEffect::of(s.effect.as_ref()?, level))
        .collect()
}

/// What an ability entry says, as the row's notes: its text, then each level's text
/// and effects ("Adept: … (Toughness +5)"), in the ruleset's words.
pub fn ability_notes(e: &AbilityEntry, l: &Labels) -> String {
    let effects = |list: &[super::SavedEffect]| {
        let said: Vec<String> = super::known(list).iter().map(|x| x.says(l)).collect();
        (!said.is_empty()).then(|| format!("({})", said.join("; ")))
    };
    let mut lines: Vec<String> = [Some(e.says.clone()), effects(&e.effects)]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect();
    for level in Level::ALL {
        if let Some(at) = e.level(level) {
            let text: Vec<String> = [Some(at.says.clone()), effects(&at.effects)]
                .into_iter()
                .flatten()
                .filter(|s| !s.is_empty())
                .collect();
            if !text.is_empty() {
                lines.push(format!("{}: {}", level.title(), text.join(" ")));
            }
        }
    }
    lines.join("\n")
}

/// The copy of an ability entry, at novice (the add form sets the level, the action
/// and the chosen attribute as for any ability).
pub fn ability(p: &Pack, e: &AbilityEntry, l: &Labels) -> Ability {
    let mut a = Ability::new(e.name.clone(), e.kind, Some(Level::Novice));
    a.action = e.action;
    a.notes = ability_notes(e, l);
    a.from = Some(taken(p, e.id, ability_effects(e)));
    a
}

/// Whether a taken ability raises the attribute its player chooses (the add form then
/// asks which, as for Exceptional Attribute).
pub fn chooses_attribute(a: &Ability) -> bool {
    a.from
        .as_ref()
        .is_some_and(|f| f.effects.iter().any(|e| e.target == CHOSEN))
}

fn item_kind(c: ItemClass) -> ItemKind {
    match c {
        ItemClass::Clothing => ItemKind::Clothing,
        ItemClass::LightContainer => ItemKind::LightContainer,
        ItemClass::BulkyContainer => ItemKind::BulkyContainer,
        ItemClass::SmallObjects => ItemKind::SmallObjects,
        ItemClass::Other => ItemKind::Other,
    }
}

/// The copy of an item entry (its id is given when it is added).
pub fn item(p: &Pack, e: &ItemEntry) -> Item {
    let mut it = Item::new(0, e.name.clone(), item_kind(e.class)).massive(e.massive);
    it.value = e.value;
    it.from = Some(taken(p, e.id, Vec::new()));
    it
}

/// The ability row as the newer entry has it, with what the character made of it kept.
fn refreshed_ability(row: &Ability, p: &Pack, e: &AbilityEntry, l: &Labels) -> Ability {
    let fresh = ability(p, e, l);
    let mut a = row.clone();
    a.name = fresh.name;
    a.action = fresh.action;
    a.notes = fresh.notes;
    let unknown = row.from.as_ref().map(|f| f.unknown.clone());
    a.from = fresh.from.map(|mut f| {
        f.unknown = unknown.unwrap_or_default();
        f
    });
    a
}

fn refreshed_item(row: &Item, p: &Pack, e: &ItemEntry) -> Item {
    let fresh = item(p, e);
    let mut it = row.clone();
    it.name = fresh.name;
    if !matches!(row.kind, ItemKind::Armor { .. } | ItemKind::Weapon { .. }) {
        it.kind = fresh.kind;
    }
    it.massive = fresh.massive;
    it.value = fresh.value;
    let unknown = row.from.as_ref().map(|f| f.unknown.clone());
    it.from = fresh.from.map(|mut f| {
        f.unknown = unknown.unwrap_or_default();
        f
    });
    it
}

/// A taken effect in words: "adept: Toughness +5".
fn effect_words(e: &TakenEffect, l: &Labels) -> String {
    let amount = if e.amount > 0 {
        format!("+{}", e.amount)
    } else {
        crate::rules::symbaroum::derived::fmt_signed(e.amount)
    };
    let what = match e.target.as_str() {
        PACK_MULE => format!("{} × 1.5", l.encumbrance_threshold),
        CHOSEN => format!("{amount} to the attribute chosen"),
        key => match target_from_key(key) {
            Some(t) => format!("{} {amount}", target_label(t, l)),
            None => format!("{key} {amount}"),
        },
    };
    match e.level {
        Some(level) => format!("{}: {what}", level.name()),
        None => what,
    }
}

fn effects_words(from: &Option<Taken>, l: &Labels) -> String {
    let list = from.as_ref().map(|f| f.effects.as_slice()).unwrap_or(&[]);
    let words: Vec<String> = list.iter().map(|e| effect_words(e, l)).collect();
    if words.is_empty() {
        "none".into()
    } else {
        words.join("; ")
    }
}

/// One row a newer version of its pack would change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Update {
    pub row: Row,
    /// The row's name as the character has it.
    pub name: String,
    /// Each field that would change: "notes: “…” → “…”".
    pub changes: Vec<String>,
}

fn change(what: &str, old: &str, new: &str, out: &mut Vec<String>) {
    if old != new {
        out.push(format!("{what}: “{old}” → “{new}”"));
    }
}

/// Whether a row was taken from pack `p` at another version than `p`'s.
fn behind(from: &Option<Taken>, p: &Pack) -> Option<u32> {
    from.as_ref()
        .filter(|f| f.pack == p.id && f.version != p.version)
        .map(|f| f.entry)
}

/// The rows taken from an older (or other) version of `p` that its entries would
/// change, each with its changes in words. Rows whose entry is no longer in the pack
/// are listed with that said, and are never changed.
pub fn updates(adv: &Advance, p: &Pack, l: &Labels) -> Vec<Update> {
    let mut out = Vec::new();
    for a in &adv.abilities {
        let Some(entry) = behind(&a.from, p) else {
            continue;
        };
        let mut changes = Vec::new();
        match p.abilities.iter().find(|e| e.id == entry) {
            Some(e) => {
                let new = refreshed_ability(a, p, e, l);
                change("name", &a.name, &new.name, &mut changes);
                let action = |x: &Ability| x.action.map(|t| t.key()).unwrap_or("—").to_string();
                change("action", &action(a), &action(&new), &mut changes);
                change("notes", &a.notes, &new.notes, &mut changes);
                let (old_fx, new_fx) = (effects_words(&a.from, l), effects_words(&new.from, l));
                change("effects", &old_fx, &new_fx, &mut changes);
            }
            None => changes.push(format!("no longer in “{}”: kept as it is", p.name)),
        }
        out.push(Update {
            row: Row::Ability(a.id),
            name: a.name.clone(),
            changes,
        });
    }
    for it in &adv.items {
        let Some(entry) = behind(&it.from, p) else {
            continue;
        };
        let mut changes = Vec::new();
        match p.items.iter().find(|e| e.id == entry) {
            Some(e) => {
                let new = refreshed_item(it, p, e);
                change("name", &it.name, &new.name, &mut changes);
                let yes = |b: bool| if b { "yes" } else { "no" };
                change("massive", yes(it.massive), yes(new.massive), &mut changes);
                let price = |v: Option<u32>| v.map(|v| format!("{v} ortegs")).unwrap_or_default();
                change("price", &price(it.value), &price(new.value), &mut changes);
                if new.kind != it.kind {
                    changes.push("how it counts toward encumbrance".into());
                }
            }
            None => changes.push(format!("no longer in “{}”: kept as it is", p.name)),
        }
        out.push(Update {
            row: Row::Item(it.id),
            name: it.name.clone(),
            changes,
        });
    }
    out
}

/// Brings the ticked rows up to `p`'s version (and every row of `p` whose entry
/// changes nothing). Rows whose entry is gone stay as they are. Returns how many rows
/// changed.
pub fn update(adv: &mut Advance, p: &Pack, l: &Labels, ticked: &[Row]) -> usize {
    let listed = updates(adv, p, l);
    let take = |row: Row| {
        listed
            .iter()
            .any(|u| u.row == row && (ticked.contains(&row) || u.changes.is_empty()))
    };
    let mut n = 0;
    for a in adv.abilities.iter_mut() {
        let Some(e) = behind(&a.from, p).and_then(|id| p.abilities.iter().find(|e| e.id == id))
        else {
            continue;
        };
        if take(Row::Ability(a.id)) {
            *a = refreshed_ability(a, p, e, l);
            n += 1;
        }
    }
    for it in adv.items.iter_mut() {
        let Some(e) = behind(&it.from, p).and_then(|id| p.items.iter().find(|e| e.id == id)) else {
            continue;
        };
        if take(Row::Item(it.id)) {
            *it = refreshed_item(it, p, e);
            n += 1;
        }
    }
    n
}

/// A pack a character took entries from, as the sheet lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub pack: String,
    pub name: String,
    /// The oldest version its entries were taken at.
    pub version: u32,
    /// The rows taken from it, by name.
    pub rows: Vec<String>,
}

/// The packs a character's rows came from, in the order first taken.
pub fn sources(adv: &Advance) -> Vec<Source> {
    let mut out: Vec<Source> = Vec::new();
    let rows = adv
        .abilities
        .iter()
        .map(|a| (&a.from, &a.name))
        .chain(adv.items.iter().map(|i| (&i.from, &i.name)));
    for (from, name) in rows {
        let Some(f) = from else { continue };
        match out.iter_mut().find(|s| s.pack == f.pack) {
            Some(s) => {
                s.version = s.version.min(f.version);
                s.rows.push(name.clone());
            }
            None => out.push(Source {
                pack: f.pack.clone(),
                name: f.name.clone(),
                version: f.version,
                rows: vec![name.clone()],
            }),
        }
    }
    out
}
