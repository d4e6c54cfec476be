//! A pack's newer version and the rows a character took from an older one (issue #32):
//! what it would change, row by row and field by field, and the update of the rows the
//! player ticked. Also the packs a character's rows came from, as the sheet lists them.
//!
//! What the character made of a row stays the character's through an update: an
//! ability's level, what was paid for it, its kind (the Experience was booked for that
//! kind), the attribute chosen and the player's own modifier; an item's quantity,
//! container and whether it is carried; whether a weapon is held; whether armor is
//! worn, and which segments. An update is never silent: every field the newer entry
//! would change is listed, the player's own edits of it included, and only the rows
//! the player ticks change (and those whose entry changes nothing of them).

use super::take::{ability, armor, heimr_ability, item, weapon, TakenRow};
use super::Pack;
use crate::model::advance::Advance;
use crate::model::combat::Combat;
use crate::rules::heimr::abilities::Ability as HeimrAbility;
use crate::rules::symbaroum::combat::{Armor, Weapon, WeaponQuality};
use crate::rules::symbaroum::derived::fmt_signed;
use crate::rules::symbaroum::encumbrance::{Item, ItemKind};
use crate::rules::symbaroum::experience::Ability;
use crate::rules::symbaroum::modifier_input::{target_from_key, target_label};
use crate::rules::symbaroum::pack_effects::{Taken, TakenEffect, CHOSEN, PACK_MULE};
use crate::rules::symbaroum::Labels;

/// Which row of a character, by its list and id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    Ability(u32),
    Item(u32),
    Weapon(u32),
    Armor(u32),
    /// A Heimr ability, by its place (its name is unique on the sheet).
    HeimrAbility(u32),
}

/// One row a newer version of its pack would change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Update {
    pub row: Row,
    /// The row's name as the character has it.
    pub name: String,
    /// Each field that would change: "notes: “…” → “…”"; empty when none would.
    pub changes: Vec<String>,
}

/// What an update may change of a row: its fields as words.
type Facts = Vec<(&'static str, String)>;

/// What an update does with a row taken from a pack.
trait Refresh: TakenRow + Sized {
    fn row(&self) -> Row;
    /// The copy of entry `entry` of `p`, if `p` still has it.
    fn copy_of(p: &Pack, entry: u32, l: &Labels) -> Option<Self>;
    /// Puts what the character made of `self` into the `fresh` copy.
    fn keep_into(&self, fresh: &mut Self);
    fn facts(&self, l: &Labels) -> Facts;
}

/// A listed price as an update says it: "120 ortegs", or nothing when none is listed.
fn price_words(value: Option<u32>) -> String {
    value.map(|v| format!("{v} ortegs")).unwrap_or_default()
}

fn yes(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

impl Refresh for Ability {
    fn row(&self) -> Row {
        Row::Ability(self.id)
    }
    fn copy_of(p: &Pack, entry: u32, l: &Labels) -> Option<Self> {
        let e = p.abilities.iter().find(|e| e.id == entry)?;
        Some(ability(p, e, l))
    }
    fn keep_into(&self, fresh: &mut Self) {
        let taken = (fresh.name.clone(), fresh.action, fresh.notes.clone());
        let from = fresh.from.take();
        *fresh = self.clone();
        (fresh.name, fresh.action, fresh.notes) = taken;
        fresh.from = from;
    }
    fn facts(&self, l: &Labels) -> Facts {
        let action = self.action.map_or("—", |a| a.key()).to_string();
        vec![
            ("name", self.name.clone()),
            ("action", action),
            ("notes", self.notes.clone()),
            ("effects", effects_words(&self.from, l)),
        ]
    }
}

/// How an item counts, as the inventory's kinds say it.
fn counts_as(k: ItemKind) -> &'static str {
    match k {
        ItemKind::Clothing => "clothing",
        ItemKind::LightContainer => "light container",
        ItemKind::BulkyContainer => "bulky container",
        ItemKind::SmallObjects => "small objects",
        ItemKind::Armor { .. } => "armor",
        ItemKind::Weapon { .. } => "weapon",
        ItemKind::Other => "other item",
    }
}

impl Refresh for Item {
    fn row(&self) -> Row {
        Row::Item(self.id)
    }
    fn copy_of(p: &Pack, entry: u32, _: &Labels) -> Option<Self> {
        let e = p.items.iter().find(|e| e.id == entry)?;
        Some(item(p, e))
    }
    fn keep_into(&self, fresh: &mut Self) {
        fresh.id = self.id;
        fresh.quantity = self.quantity;
        fresh.carried = self.carried;
        fresh.inside = self.inside;
        fresh.protection = self.protection.clone();
    }
    fn facts(&self, _: &Labels) -> Facts {
        vec![
            ("name", self.name.clone()),
            ("counts as", counts_as(self.kind).into()),
            ("massive", yes(self.massive)),
            ("price", price_words(self.value)),
        ]
    }
}

impl Refresh for Weapon {
    fn row(&self) -> Row {
        Row::Weapon(self.id)
    }
    fn copy_of(p: &Pack, entry: u32, _: &Labels) -> Option<Self> {
        let e = p.weapons.iter().find(|e| e.id == entry)?;
        Some(weapon(p, e))
    }
    fn keep_into(&self, fresh: &mut Self) {
        fresh.id = self.id;
        fresh.state = self.state;
    }
    fn facts(&self, l: &Labels) -> Facts {
        let qualities: Vec<&str> = self.qualities.iter().map(WeaponQuality::name).collect();
        vec![
            ("name", self.name.clone()),
            ("damage", self.damage.to_string()),
            ("qualities", qualities.join(", ")),
            ("ranged", yes(self.ranged)),
            ("attacks with", l.attr(self.attack_attr()).into()),
            ("note", self.note.clone()),
        ]
    }
}

impl Refresh for Armor {
    fn row(&self) -> Row {
        Row::Armor(self.id)
    }
    fn copy_of(p: &Pack, entry: u32, _: &Labels) -> Option<Self> {
        let e = p.armor.iter().find(|e| e.id == entry)?;
        Some(armor(p, e))
    }
    fn keep_into(&self, fresh: &mut Self) {
        fresh.id = self.id;
        fresh.worn = self.worn;
        fresh.segments = self.segments.clone();
    }
    fn facts(&self, l: &Labels) -> Facts {
        vec![
            ("name", self.name.clone()),
            ("protection", self.protection.to_string()),
            (l.impeding, self.impeding.to_string()),
            ("qualities", self.qualities.join(", ")),
            ("price", price_words(self.value)),
        ]
    }
}

impl Refresh for HeimrAbility {
    fn row(&self) -> Row {
        // A Heimr ability has no id: its name is unique on the sheet, so the row is
        // found by the entry it was taken from.
        Row::HeimrAbility(self.from.as_ref().map_or(0, |f| f.entry))
    }
    fn copy_of(p: &Pack, entry: u32, _: &Labels) -> Option<Self> {
        let e = p.heimr_abilities.iter().find(|e| e.id == entry)?;
        Some(heimr_ability(p, e))
    }
    fn keep_into(&self, fresh: &mut Self) {
        fresh.trained_consistency = self.trained_consistency;
        fresh.trained_potential = self.trained_potential;
        // Attributes the entry left to the player stay the player's.
        if fresh.attributes.is_empty() {
            fresh.attributes = self.attributes.clone();
        }
    }
    fn facts(&self, _: &Labels) -> Facts {
        let names: Vec<&str> = self.attributes.iter().map(|a| a.name()).collect();
        vec![
            ("name", self.name.clone()),
            ("based on", names.join(" + ")),
            ("base consistency", fmt_signed(self.base_consistency)),
        ]
    }
}

/// A taken effect in words: "adept: Toughness +5".
fn effect_words(e: &TakenEffect, l: &Labels) -> String {
    let amount = if e.amount > 0 {
        format!("+{}", e.amount)
    } else {
        fmt_signed(e.amount)
    };
    let what = match e.target.as_str() {
        _ if e.for_roll().is_some() => e.for_roll().map(|x| x.says(l)).unwrap_or_default(),
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

/// The entry a row was taken from, when it was taken from another version of `p`.
fn behind<R: Refresh>(row: &R, p: &Pack) -> Option<u32> {
    row.taken()
        .as_ref()
        .filter(|f| f.pack == p.id && f.version != p.version)
        .map(|f| f.entry)
}

/// The row as `p` has its entry now, with what the character made of it kept (and
/// what a newer version wrote beside the remembered entry); None when the entry left
/// the pack.
fn refreshed<R: Refresh>(row: &R, p: &Pack, l: &Labels) -> Option<R> {
    let mut fresh = R::copy_of(p, behind(row, p)?, l)?;
    row.keep_into(&mut fresh);
    Some(fresh)
}

fn list_updates<R: Refresh>(rows: &[R], p: &Pack, l: &Labels, out: &mut Vec<Update>) {
    for r in rows.iter().filter(|r| behind(*r, p).is_some()) {
        let changes = match refreshed(r, p, l) {
            Some(new) => r
                .facts(l)
                .into_iter()
                .zip(new.facts(l))
                .filter(|(old, new)| old.1 != new.1)
                .map(|((what, old), (_, new))| format!("{what}: “{old}” → “{new}”"))
                .collect(),
            None => vec![format!("no longer in “{}”: kept as it is", p.name)],
        };
        out.push(Update {
            row: r.row(),
            name: r.name().to_string(),
            changes,
        });
    }
}

/// The rows taken from another version of `p`, each with what `p` would change of
/// it, in words. A row whose entry left the pack is listed with that said.
pub fn updates(adv: &Advance, combat: &Combat, p: &Pack, l: &Labels) -> Vec<Update> {
    let mut out = Vec::new();
    list_updates(&adv.abilities, p, l, &mut out);
    list_updates(&adv.items, p, l, &mut out);
    list_updates(&combat.weapons, p, l, &mut out);
    list_updates(&combat.armor, p, l, &mut out);
    out
}

fn list_update<R: Refresh>(
    rows: &mut [R],
    p: &Pack,
    l: &Labels,
    take: &dyn Fn(Row) -> bool,
) -> usize {
    let mut n = 0;
    for r in rows.iter_mut() {
        if let Some(new) = refreshed(r, p, l).filter(|_| take(r.row())) {
            *r = new;
            n += 1;
        }
    }
    n
}

/// Whether `row` is brought up: ticked by the player, or changed in nothing.
fn taken_now(listed: &[Update], ticked: &[Row], row: Row) -> bool {
    listed
        .iter()
        .any(|u| u.row == row && (u.changes.is_empty() || ticked.contains(&row)))
}

/// Brings the ticked rows up to `p`'s version, and every row of `p` whose entry
/// changes nothing of it. Rows whose entry left the pack stay as they are. Returns
/// how many rows were brought up.
pub fn update(
    adv: &mut Advance,
    combat: &mut Combat,
    p: &Pack,
    l: &Labels,
    ticked: &[Row],
) -> usize {
    let listed = updates(adv, combat, p, l);
    let take = |row: Row| taken_now(&listed, ticked, row);
    list_update(&mut adv.abilities, p, l, &take)
        + list_update(&mut adv.items, p, l, &take)
        + list_update(&mut combat.weapons, p, l, &take)
        + list_update(&mut combat.armor, p, l, &take)
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

fn list_sources<R: TakenRow>(rows: &[R], out: &mut Vec<Source>) {
    for r in rows {
        let Some(f) = r.taken() else { continue };
        match out.iter_mut().find(|s| s.pack == f.pack) {
            Some(s) => {
                s.version = s.version.min(f.version);
                s.rows.push(r.name().to_string());
            }
            None => out.push(Source {
                pack: f.pack.clone(),
                name: f.name.clone(),
                version: f.version,
                rows: vec![r.name().to_string()],
            }),
        }
    }
}

/// The packs a character's rows came from, in the order first taken (abilities,
/// items, weapons, armor).
pub fn sources(adv: &Advance, combat: &Combat) -> Vec<Source> {
    let mut out = Vec::new();
    list_sources(&adv.abilities, &mut out);
    list_sources(&adv.items, &mut out);
    list_sources(&combat.weapons, &mut out);
    list_sources(&combat.armor, &mut out);
    out
}

/// A Heimr character's abilities taken from another version of `p`, as [`updates`].
pub fn heimr_updates(abilities: &[HeimrAbility], p: &Pack, l: &Labels) -> Vec<Update> {
    let mut out = Vec::new();
    list_updates(abilities, p, l, &mut out);
    out
}

/// A Heimr character's ticked abilities brought up to `p`'s version, as [`update`].
pub fn heimr_update(abilities: &mut [HeimrAbility], p: &Pack, l: &Labels, ticked: &[Row]) -> usize {
    let listed = heimr_updates(abilities, p, l);
    let take = |row: Row| taken_now(&listed, ticked, row);
    list_update(abilities, p, l, &take)
}

/// The packs a Heimr character's abilities came from.
pub fn heimr_sources(abilities: &[HeimrAbility]) -> Vec<Source> {
    let mut out = Vec::new();
    list_sources(abilities, &mut out);
    out
}
