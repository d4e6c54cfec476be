//! Taking a pack's entries into a character (issue #32, "use"): the entries an add
//! form offers as its name is typed, and the copy a picked entry gives.
//!
//! A taken row is a copy: its name, kind, action and what the entry says (as an
//! ability's notes or a weapon's note), an item's, weapon's or armor's numbers, and for
//! an ability its effects on the numbers at every level, so the character keeps working
//! in a browser that never saw the pack. The row remembers the pack, the entry and the
//! version ([`Taken`]); a newer version updates it through [`super::update`].

use super::{AbilityEntry, ArmorEntry, HeimrAbilityEntry, ItemClass, ItemEntry, Pack, WeaponEntry};
use crate::rules::heimr::abilities::Ability as HeimrAbility;
use crate::rules::symbaroum::combat::{Armor, Weapon};
use crate::rules::symbaroum::encumbrance::{Item, ItemKind};
use crate::rules::symbaroum::experience::{Ability, Level};
use crate::rules::symbaroum::pack_effects::{Taken, TakenEffect, CHOSEN};
use crate::rules::symbaroum::Labels;

/// The lists of a character's sheet that take a pack's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum List {
    Abilities,
    Items,
    Weapons,
    Armor,
    /// A Heimr character's campaign abilities.
    HeimrAbilities,
}

/// An entry picked in an add form, as the copy the form adds (with the form's level,
/// quantity and container).
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    Ability(Ability),
    Item(Item),
    Weapon(Weapon),
    Armor(Armor),
    HeimrAbility(HeimrAbility),
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
    // (whether the name only holds the query, pack, entry), in the packs' order.
    let mut found: Vec<(bool, usize, usize)> = Vec::new();
    for (pi, p) in packs.iter().enumerate() {
        for (ei, name) in names(p, list).into_iter().enumerate() {
            let lower = name.to_lowercase();
            if lower.contains(&q) {
                found.push((!lower.starts_with(&q), pi, ei));
            }
        }
    }
    crate::order::sort_by(&mut found, |a, b| a.0.cmp(&b.0));
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
                List::Weapons => {
                    let e = &p.weapons[ei];
                    let what = format!("damage {}", e.damage);
                    (e.name.clone(), what, Pick::Weapon(weapon(p, e)))
                }
                List::Armor => {
                    let e = &p.armor[ei];
                    let what =
                        format!("protection {}, {} {}", e.protection, l.impeding, e.impeding);
                    (e.name.clone(), what, Pick::Armor(armor(p, e)))
                }
                List::HeimrAbilities => {
                    let e = &p.heimr_abilities[ei];
                    let names: Vec<&str> = e.attributes.iter().map(|a| a.name()).collect();
                    let what = if names.is_empty() {
                        "ability".to_string()
                    } else {
                        names.join(" + ")
                    };
                    (
                        e.name.clone(),
                        what,
                        Pick::HeimrAbility(heimr_ability(p, e)),
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
    packs.iter().map(|p| names(p, list).len()).sum()
}

/// The names of `p`'s entries for `list`, in its order.
fn names(p: &Pack, list: List) -> Vec<&str> {
    fn of<T>(entries: &[T], name: fn(&T) -> &str) -> Vec<&str> {
        entries.iter().map(name).collect()
    }
    match list {
        List::Abilities => of(&p.abilities, |e| &e.name),
        List::Items => of(&p.items, |e| &e.name),
        List::Weapons => of(&p.weapons, |e| &e.name),
        List::Armor => of(&p.armor, |e| &e.name),
        List::HeimrAbilities => of(&p.heimr_abilities, |e| &e.name),
    }
}

/// What taking `entry` of pack `p` remembers.
pub(super) fn taken(p: &Pack, entry: u32, effects: Vec<TakenEffect>) -> Taken {
    Taken {
        pack: p.id.clone(),
        name: p.name.clone(),
        entry,
        version: p.version,
        effects,
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

/// The copy of a weapon entry (its id is given when it is added; sheathed, as every
/// new weapon).
pub fn weapon(p: &Pack, e: &WeaponEntry) -> Weapon {
    let mut w = Weapon::new(e.name.clone(), e.damage.clone());
    w.qualities = e.qualities.clone();
    w.ranged = e.ranged;
    w.attack_with = e.attack_with;
    w.note = e.says.clone();
    w.from = Some(taken(p, e.id, Vec::new()));
    w
}

/// The copy of an armor entry (its id is given when it is added; the add form says
/// whether it is worn).
pub fn armor(p: &Pack, e: &ArmorEntry) -> Armor {
    Armor {
        id: 0,
        name: e.name.clone(),
        protection: e.protection.clone(),
        impeding: e.impeding,
        worn: false,
        qualities: e.qualities.clone(),
        segments: None,
        value: e.value,
        from: Some(taken(p, e.id, Vec::new())),
    }
}

/// The copy of a Heimr ability entry: its attributes, and its base consistency (0
/// when the entry leaves it to the table, as the add form says), untrained. An entry
/// that lists no attributes leaves them to the player, in the add form.
pub fn heimr_ability(p: &Pack, e: &HeimrAbilityEntry) -> HeimrAbility {
    HeimrAbility {
        name: e.name.clone(),
        attributes: e.attributes.clone(),
        base_consistency: e.base_consistency.unwrap_or(0),
        trained_consistency: 0,
        trained_potential: 0,
        from: Some(taken(p, e.id, Vec::new())),
    }
}

/// A row of a character that may have been taken from a pack: an ability, an item, a
/// weapon or armor.
pub trait TakenRow: Clone {
    /// The entry it was taken from, if it was.
    fn taken(&self) -> &Option<Taken>;
    fn taken_mut(&mut self) -> &mut Option<Taken>;
    fn name(&self) -> &str;
}

macro_rules! taken_row {
    ($($t:ty),*) => {$(
        impl TakenRow for $t {
            fn taken(&self) -> &Option<Taken> {
                &self.from
            }
            fn taken_mut(&mut self) -> &mut Option<Taken> {
                &mut self.from
            }
            fn name(&self) -> &str {
                &self.name
            }
        }
    )*};
}

taken_row!(Ability, Item, Weapon, Armor, HeimrAbility);
