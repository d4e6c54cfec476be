//! The Symbaroum family's advancement and gear, kept with the character: the
//! Experience ledger, abilities, inventory, money and the per-character optional rules
//! (Encumbrance, Re-roll for Experience). Also the one place that puts a character's
//! numbers together: every modifier (the player's and the abilities'), encumbrance,
//! and the derived values with encumbrance in Defense.

use super::character::{Character, NAME_MAX};
use super::part::{Codec, Stored};
use crate::rules::symbaroum::abilities::{effects, Effects};
use crate::rules::symbaroum::combat::{defense_shield, worn_impeding, WeaponState};
use crate::rules::symbaroum::derived::{derive, effective, Derived, Inputs};
use crate::rules::symbaroum::encumbrance::{
    encumbrance, over_threshold, Encumbrance, Item, ItemKind,
};
use crate::rules::symbaroum::experience::{
    totals, Ability, AbilityKind, AbilityModifier, ActionType, Level, RerollRules, XpEntry,
    XpTotals,
};
use crate::rules::symbaroum::modifier_input::{target_from_key, target_key};
use crate::rules::symbaroum::{labels, Attr, Modifier};
use serde::de::{Error as _, IgnoredAny, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cell::Cell;

/// The most abilities or inventory items a sheet keeps.
pub const ITEMS_MAX: usize = 300;
/// The most ledger lines a sheet keeps (awards, purchases, re-rolls).
pub const LEDGER_MAX: usize = 5_000;
/// The biggest single award, and the most of one coin or item.
pub const AMOUNT_MAX: i32 = 100_000;
/// The longest ability description or ledger note.
pub const TEXT_MAX: usize = 2_000;
/// Item ids from here up name the rows made from weapons, armor, shields and coins.
pub const DERIVED_ROW: u32 = 0xF000_0000;
const WEAPON_ROW: u32 = DERIVED_ROW;
const ARMOR_ROW: u32 = DERIVED_ROW + 0x0100_0000;
const SHIELD_ROW: u32 = DERIVED_ROW + 0x0200_0000;
/// The row that counts the purse.
pub const COINS_ROW: u32 = DERIVED_ROW + 0x0300_0000;

/// Coins by kind. RULES.md and the seeds name no currency; these are Symbaroum's,
/// which the homebrew shares. Every coin is one piece for encumbrance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Money {
    pub thaler: u32,
    pub shilling: u32,
    pub orteg: u32,
}

impl Money {
    pub fn pieces(&self) -> u32 {
        self.thaler
            .saturating_add(self.shilling)
            .saturating_add(self.orteg)
    }
}

/// Saved as [`AdvanceWire`] (the codec below writes it; nothing else does).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Advance {
    /// Awards, purchases, refunds, burdens and re-rolls, oldest first.
    pub xp: Vec<XpEntry>,
    pub abilities: Vec<Ability>,
    pub items: Vec<Item>,
    pub money: Money,
    /// The Encumbrance optional rule is on by default; this switches it off.
    pub encumbrance_off: bool,
    pub reroll: RerollRules,
}

impl Advance {
    pub fn totals(&self) -> XpTotals {
        totals(&self.xp)
    }

    /// An id no item uses yet.
    pub fn next_item_id(&self) -> u32 {
        self.items.iter().map(|i| i.id + 1).max().unwrap_or(1)
    }

    pub fn check(&self) -> Result<(), String> {
        for (what, n, max) in [
            ("ledger lines", self.xp.len(), LEDGER_MAX),
            ("abilities", self.abilities.len(), ITEMS_MAX),
            ("items", self.items.len(), ITEMS_MAX),
        ] {
            if n > max {
                return Err(format!("{n} {what} is more than the {max} a sheet keeps"));
            }
        }
        let amount_ok = |n: i32| (-AMOUNT_MAX..=AMOUNT_MAX).contains(&n);
        for e in &self.xp {
            let (amount, note) = match e {
                XpEntry::Award { amount, note, .. }
                | XpEntry::Inherited { amount, note }
                | XpEntry::Refund { amount, note, .. } => (*amount, note),
                XpEntry::Purchase { cost, note, .. } => (*cost, note),
                XpEntry::Burden { note }
                | XpEntry::BurdenDropped { note }
                | XpEntry::Reroll { note } => (0, note),
            };
            if !amount_ok(amount) || note.chars().count() > TEXT_MAX {
                return Err("an Experience entry is out of range".into());
            }
        }
        for a in &self.abilities {
            if a.name.chars().count() > NAME_MAX || a.notes.chars().count() > TEXT_MAX {
                return Err(format!("the ability “{}” is too long", a.name));
            }
            if !amount_ok(a.paid) || a.modifier.is_some_and(|m| m.amount.abs() > 99) {
                return Err(format!("the ability “{}” is out of range", a.name));
            }
        }
        for i in &self.items {
            if i.name.chars().count() > NAME_MAX {
                return Err(format!("an item's name is over {NAME_MAX} characters"));
            }
            if i.id >= DERIVED_ROW || i.quantity > AMOUNT_MAX as u32 {
                return Err(format!("the item “{}” is out of range", i.name));
            }
        }
        let m = self.money;
        if [m.thaler, m.shilling, m.orteg]
            .iter()
            .any(|&n| n > AMOUNT_MAX as u32 * 100)
        {
            return Err("the purse holds more coins than a sheet keeps".into());
        }
        Ok(())
    }
}

/// The saved shape of the gear part: plain fields, and the three lists (ledger,
/// abilities, items) as lists of one flat [`Record`] shape.
///
/// Both are read and written by hand (below) rather than derived: one record type,
/// values that are only text, whole numbers or true/false, and no tagged enums keep
/// the code small, and it ships on every page that shows a Symbaroum-family
/// character. The tests pin the format.
#[derive(Default)]
struct AdvanceWire {
    xp: Vec<Record>,
    abilities: Vec<Record>,
    items: Vec<Record>,
    thaler: u32,
    shilling: u32,
    orteg: u32,
    encumbrance_off: bool,
    /// Re-roll for Experience, and the table's two exceptions.
    reroll: bool,
    reroll_death_tests: bool,
    reroll_fumbled_defense: bool,
}

/// One ledger line, ability or item as saved: `kind` says which fields apply.
///
/// - Ledger: `kind` award / inherited / burden / burden_dropped / purchase / refund /
///   reroll, with `amount`, `note`, `date` (awards), `credits` (burden credits used or
///   given back).
/// - Ability: `kind` ability / boon / burden / trait / mystical_power / ritual /
///   principle_bond, with `name`, `level`, `action`, `notes`, `paid`, `credits`,
///   `attr` (Exceptional Attribute), `target` and `amount` (its own modifier).
/// - Item: `kind` clothing / light_container / bulky_container / small_objects /
///   armor / weapon / other, with `id`, `name`, `quantity`, `state` (weapons),
///   `impeding` and `worn` (armor), `massive`, `carried`, `inside`.
///
/// Text fields are empty and numbers 0 when absent.
struct Record {
    kind: String,
    name: String,
    id: Option<u32>,
    amount: i32,
    note: String,
    date: String,
    credits: u32,
    level: String,
    action: String,
    notes: String,
    paid: i32,
    attr: String,
    target: String,
    state: String,
    impeding: i32,
    worn: bool,
    quantity: u32,
    massive: bool,
    carried: bool,
    inside: Option<u32>,
}

impl Default for Record {
    fn default() -> Self {
        Record {
            kind: String::new(),
            name: String::new(),
            id: None,
            amount: 0,
            note: String::new(),
            date: String::new(),
            credits: 0,
            level: String::new(),
            action: String::new(),
            notes: String::new(),
            paid: 0,
            attr: String::new(),
            target: String::new(),
            state: String::new(),
            impeding: 0,
            worn: false,
            // What an item without these fields is: one, carried.
            quantity: 1,
            massive: false,
            carried: true,
            inside: None,
        }
    }
}

/// A whole number in the range of `T`, or the error to report.
fn whole<'de, A: MapAccess<'de>, T: TryFrom<i64>>(map: &mut A, key: &str) -> Result<T, A::Error> {
    let n: i64 = map.next_value()?;
    T::try_from(n).map_err(|_| A::Error::custom(format!("“{key}” is out of range ({n})")))
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Record;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a ledger line, ability or item")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Record, A::Error> {
                let mut r = Record::default();
                while let Some(key) = map.next_key::<std::borrow::Cow<str>>()? {
                    let k = key.as_ref();
                    match k {
                        "kind" => r.kind = map.next_value()?,
                        "name" => r.name = map.next_value()?,
                        "note" => r.note = map.next_value()?,
                        "date" => r.date = map.next_value()?,
                        "level" => r.level = map.next_value()?,
                        "action" => r.action = map.next_value()?,
                        "notes" => r.notes = map.next_value()?,
                        "attr" => r.attr = map.next_value()?,
                        "target" => r.target = map.next_value()?,
                        "state" => r.state = map.next_value()?,
                        "id" => r.id = Some(whole(&mut map, k)?),
                        "amount" => r.amount = whole(&mut map, k)?,
                        "credits" => r.credits = whole(&mut map, k)?,
                        "paid" => r.paid = whole(&mut map, k)?,
                        "impeding" => r.impeding = whole(&mut map, k)?,
                        "quantity" => r.quantity = whole(&mut map, k)?,
                        "inside" => r.inside = Some(whole(&mut map, k)?),
                        "worn" => r.worn = map.next_value()?,
                        "massive" => r.massive = map.next_value()?,
                        "carried" => r.carried = map.next_value()?,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(r)
            }
        }
        d.deserialize_map(V)
    }
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        for (k, v) in [
            ("kind", &self.kind),
            ("name", &self.name),
            ("note", &self.note),
            ("date", &self.date),
            ("level", &self.level),
            ("action", &self.action),
            ("notes", &self.notes),
            ("attr", &self.attr),
            ("target", &self.target),
            ("state", &self.state),
        ] {
            if !v.is_empty() {
                m.serialize_entry(k, v)?;
            }
        }
        let item = self.id.is_some();
        for (k, v, keep) in [
            ("id", self.id.unwrap_or(0) as i64, item),
            ("amount", self.amount as i64, false),
            ("credits", self.credits as i64, false),
            ("paid", self.paid as i64, false),
            ("impeding", self.impeding as i64, false),
            (
                "quantity",
                if item { self.quantity as i64 } else { 0 },
                item,
            ),
            (
                "inside",
                self.inside.unwrap_or(0) as i64,
                self.inside.is_some(),
            ),
        ] {
            if v != 0 || keep {
                m.serialize_entry(k, &v)?;
            }
        }
        for (k, v) in [
            ("worn", self.worn),
            ("massive", self.massive),
            ("carried", self.carried || !item),
        ] {
            // Written only when it differs from what an absent field means.
            if v != (k == "carried") {
                m.serialize_entry(k, &v)?;
            }
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for AdvanceWire {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = AdvanceWire;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the Experience and gear of a character")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<AdvanceWire, A::Error> {
                let mut w = AdvanceWire::default();
                while let Some(key) = map.next_key::<std::borrow::Cow<str>>()? {
                    let k = key.as_ref();
                    match k {
                        "xp" => w.xp = map.next_value()?,
                        "abilities" => w.abilities = map.next_value()?,
                        "items" => w.items = map.next_value()?,
                        "thaler" => w.thaler = whole(&mut map, k)?,
                        "shilling" => w.shilling = whole(&mut map, k)?,
                        "orteg" => w.orteg = whole(&mut map, k)?,
                        "encumbrance_off" => w.encumbrance_off = map.next_value()?,
                        "reroll" => w.reroll = map.next_value()?,
                        "reroll_death_tests" => w.reroll_death_tests = map.next_value()?,
                        "reroll_fumbled_defense" => w.reroll_fumbled_defense = map.next_value()?,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(w)
            }
        }
        d.deserialize_map(V)
    }
}

impl Serialize for AdvanceWire {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        for (k, v) in [
            ("xp", &self.xp),
            ("abilities", &self.abilities),
            ("items", &self.items),
        ] {
            if !v.is_empty() {
                m.serialize_entry(k, v)?;
            }
        }
        for (k, v) in [
            ("thaler", self.thaler),
            ("shilling", self.shilling),
            ("orteg", self.orteg),
        ] {
            if v != 0 {
                m.serialize_entry(k, &(v as i64))?;
            }
        }
        for (k, v) in [
            ("encumbrance_off", self.encumbrance_off),
            ("reroll", self.reroll),
            ("reroll_death_tests", self.reroll_death_tests),
            ("reroll_fumbled_defense", self.reroll_fumbled_defense),
        ] {
            if v {
                m.serialize_entry(k, &v)?;
            }
        }
        m.end()
    }
}

fn unknown(what: &str, k: &str) -> String {
    format!("unknown {what} “{k}”")
}

fn xp_from(r: Record) -> Result<XpEntry, String> {
    let (amount, note, credits) = (r.amount, r.note, r.credits);
    Ok(match r.kind.as_str() {
        "award" => XpEntry::Award {
            amount,
            note,
            date: r.date,
        },
        "inherited" => XpEntry::Inherited { amount, note },
        "burden" => XpEntry::Burden { note },
        "burden_dropped" => XpEntry::BurdenDropped { note },
        "purchase" => XpEntry::Purchase {
            cost: amount,
            note,
            credits,
        },
        "refund" => XpEntry::Refund {
            amount,
            note,
            credits,
        },
        "reroll" => XpEntry::Reroll { note },
        k => return Err(unknown("Experience entry", k)),
    })
}

fn xp_to(e: XpEntry) -> Record {
    let (kind, amount, note, date, credits) = match e {
        XpEntry::Award { amount, note, date } => ("award", amount, note, date, 0),
        XpEntry::Inherited { amount, note } => ("inherited", amount, note, String::new(), 0),
        XpEntry::Burden { note } => ("burden", 0, note, String::new(), 0),
        XpEntry::BurdenDropped { note } => ("burden_dropped", 0, note, String::new(), 0),
        XpEntry::Purchase {
            cost,
            note,
            credits,
        } => ("purchase", cost, note, String::new(), credits),
        XpEntry::Refund {
            amount,
            note,
            credits,
        } => ("refund", amount, note, String::new(), credits),
        XpEntry::Reroll { note } => ("reroll", 0, note, String::new(), 0),
    };
    Record {
        kind: kind.into(),
        amount,
        note,
        date,
        credits,
        ..Record::default()
    }
}

fn ability_from(r: Record) -> Result<Ability, String> {
    let kind = AbilityKind::from_key(&r.kind).ok_or_else(|| unknown("ability kind", &r.kind))?;
    let level = match r.level.as_str() {
        "" => None,
        l => Some(Level::from_name(l).ok_or_else(|| unknown("level", l))?),
    };
    let action = match r.action.as_str() {
        "" => None,
        a => Some(ActionType::from_key(a).ok_or_else(|| unknown("action type", a))?),
    };
    Ok(Ability {
        name: r.name,
        kind,
        level,
        action,
        notes: r.notes,
        paid: r.paid,
        credits: r.credits,
        attr: match r.attr.as_str() {
            "" => None,
            a => Some(Attr::from_key(a).ok_or_else(|| unknown("attribute", a))?),
        },
        modifier: match r.target.as_str() {
            "" => None,
            t => Some(AbilityModifier {
                target: target_from_key(t).ok_or_else(|| unknown("modifier target", t))?,
                amount: r.amount,
            }),
        },
    })
}

fn ability_to(a: Ability) -> Record {
    Record {
        kind: a.kind.key().into(),
        name: a.name,
        level: a.level.map(|l| l.name().to_string()).unwrap_or_default(),
        action: a.action.map(|t| t.key().to_string()).unwrap_or_default(),
        notes: a.notes,
        paid: a.paid,
        credits: a.credits,
        attr: a.attr.map(|x| x.key().to_string()).unwrap_or_default(),
        target: a
            .modifier
            .map(|m| target_key(m.target).to_string())
            .unwrap_or_default(),
        amount: a.modifier.map(|m| m.amount).unwrap_or(0),
        ..Record::default()
    }
}

fn item_from(r: Record) -> Result<Item, String> {
    let kind = match r.kind.as_str() {
        "clothing" => ItemKind::Clothing,
        "light_container" => ItemKind::LightContainer,
        "bulky_container" => ItemKind::BulkyContainer,
        "small_objects" => ItemKind::SmallObjects,
        "armor" => ItemKind::Armor {
            impeding: r.impeding,
            worn: r.worn,
        },
        "weapon" => ItemKind::Weapon {
            state: match r.state.as_str() {
                "held" => WeaponState::Held,
                "packed" => WeaponState::Packed,
                "sheathed" | "" => WeaponState::Sheathed,
                k => return Err(unknown("weapon state", k)),
            },
        },
        "other" => ItemKind::Other,
        k => return Err(unknown("item kind", k)),
    };
    Ok(Item {
        id: r.id.ok_or("an item has no id")?,
        name: r.name,
        kind,
        quantity: r.quantity,
        massive: r.massive,
        carried: r.carried,
        inside: r.inside,
    })
}

fn item_to(i: Item) -> Record {
    let (kind, state, impeding, worn) = match i.kind {
        ItemKind::Clothing => ("clothing", "", 0, false),
        ItemKind::LightContainer => ("light_container", "", 0, false),
        ItemKind::BulkyContainer => ("bulky_container", "", 0, false),
        ItemKind::SmallObjects => ("small_objects", "", 0, false),
        ItemKind::Armor { impeding, worn } => ("armor", "", impeding, worn),
        ItemKind::Weapon { state } => (
            "weapon",
            match state {
                WeaponState::Held => "held",
                WeaponState::Sheathed => "sheathed",
                WeaponState::Packed => "packed",
            },
            0,
            false,
        ),
        ItemKind::Other => ("other", "", 0, false),
    };
    Record {
        kind: kind.into(),
        id: Some(i.id),
        name: i.name,
        quantity: i.quantity,
        state: state.into(),
        impeding,
        worn,
        massive: i.massive,
        carried: i.carried,
        inside: i.inside,
        ..Record::default()
    }
}

fn all<T>(records: Vec<Record>, f: fn(Record) -> Result<T, String>) -> Result<Vec<T>, String> {
    records.into_iter().map(f).collect()
}

impl TryFrom<AdvanceWire> for Advance {
    type Error = String;
    fn try_from(w: AdvanceWire) -> Result<Self, String> {
        Ok(Advance {
            xp: all(w.xp, xp_from)?,
            abilities: all(w.abilities, ability_from)?,
            items: all(w.items, item_from)?,
            money: Money {
                thaler: w.thaler,
                shilling: w.shilling,
                orteg: w.orteg,
            },
            encumbrance_off: w.encumbrance_off,
            reroll: RerollRules {
                enabled: w.reroll,
                allow_death_tests: w.reroll_death_tests,
                allow_fumbled_defense: w.reroll_fumbled_defense,
            },
        })
    }
}

impl From<Advance> for AdvanceWire {
    fn from(a: Advance) -> Self {
        AdvanceWire {
            xp: a.xp.into_iter().map(xp_to).collect(),
            abilities: a.abilities.into_iter().map(ability_to).collect(),
            items: a.items.into_iter().map(item_to).collect(),
            thaler: a.money.thaler,
            shilling: a.money.shilling,
            orteg: a.money.orteg,
            encumbrance_off: a.encumbrance_off,
            reroll: a.reroll.enabled,
            reroll_death_tests: a.reroll.allow_death_tests,
            reroll_fumbled_defense: a.reroll.allow_fumbled_defense,
        }
    }
}

thread_local! {
    static CODEC: Cell<Option<Codec<Advance>>> = const { Cell::new(None) };
}

impl Stored for Advance {
    fn codec() -> Option<Codec<Self>> {
        CODEC.with(Cell::get)
    }

    fn is_empty(&self) -> bool {
        self.xp.is_empty()
            && self.abilities.is_empty()
            && self.items.is_empty()
            && self.money.pieces() == 0
            && !self.encumbrance_off
            && self.reroll == RerollRules::default()
    }
}

/// Reads the gear part from its saved text, and checks it.
pub fn read_advance(text: &str) -> Result<Advance, String> {
    let w: AdvanceWire = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let a = Advance::try_from(w)?;
    a.check()?;
    Ok(a)
}

/// Writes the gear part as saved text.
pub fn write_advance(a: &Advance) -> Result<String, String> {
    serde_json::to_string(&AdvanceWire::from(a.clone())).map_err(|e| e.to_string())
}

/// Lets this page (this thread, in tests) read and change the Symbaroum family's
/// Experience and gear (see [`super::part`]). The list and the Symbaroum-family pages
/// call it at start-up.
pub fn enable() {
    CODEC.with(|c| {
        c.set(Some(Codec {
            read: read_advance,
            write: write_advance,
        }))
    });
}

/// What a page without the codec sees of a character's gear: nothing.
static NONE: Advance = Advance {
    xp: Vec::new(),
    abilities: Vec::new(),
    items: Vec::new(),
    money: Money {
        thaler: 0,
        shilling: 0,
        orteg: 0,
    },
    encumbrance_off: false,
    reroll: RerollRules {
        enabled: false,
        allow_death_tests: false,
        allow_fumbled_defense: false,
    },
};

/// The inventory as counted: the items, then a row for each weapon, armor and shield
/// of the Combat tab, then the coins.
///
/// A shield in use is held (0); one not in use is carried on the back and counts like
/// a sheathed weapon (1). RULES.md is silent on shields; this is what a player expects.
pub fn inventory_rows(c: &Character) -> Vec<Item> {
    let f = &c.combat;
    let gear = c.advance();
    let mut rows = gear.items.clone();
    for (i, w) in f.weapons.iter().enumerate() {
        rows.push(Item::from_weapon(WEAPON_ROW + i as u32, w));
    }
    for (i, a) in f.armor.iter().enumerate() {
        rows.push(Item::from_armor(ARMOR_ROW + i as u32, a));
    }
    for (i, s) in f.shields.iter().enumerate() {
        let state = if s.in_use {
            WeaponState::Held
        } else {
            WeaponState::Sheathed
        };
        rows.push(Item::new(
            SHIELD_ROW + i as u32,
            s.name.clone(),
            ItemKind::Weapon { state },
        ));
    }
    let pieces = gear.money.pieces();
    if pieces > 0 {
        rows.push(Item::new(COINS_ROW, "Coins", ItemKind::SmallObjects).quantity(pieces));
    }
    rows
}

impl Character {
    /// The Experience, abilities and gear (empty on pages that do not read them).
    pub fn advance(&self) -> &Advance {
        self.advance.get().unwrap_or(&NONE)
    }

    /// The Experience, abilities and gear, to change; None on a page without the codec
    /// (it could not save them, and changing unread ones would lose what was saved).
    pub fn advance_mut(&mut self) -> Option<&mut Advance> {
        self.advance.get_mut()
    }

    /// What the abilities do to the numbers.
    pub fn ability_effects(&self) -> Effects {
        effects(&self.advance().abilities)
    }

    /// The whole modifier list: the player's entries, then the abilities'.
    pub fn all_modifiers(&self) -> Vec<Modifier> {
        self.modifiers_and_pack_mule().0
    }

    /// The whole modifier list, and whether Pack-mule applies (both from the abilities).
    fn modifiers_and_pack_mule(&self) -> (Vec<Modifier>, bool) {
        let fx = self.ability_effects();
        let mut m = self.modifiers.clone();
        m.extend(fx.modifiers);
        (m, fx.pack_mule)
    }

    fn inputs<'a>(&self, modifiers: &'a [Modifier]) -> Inputs<'a> {
        Inputs {
            scores: self.attributes,
            modifiers,
            worn_armor: worn_impeding(&self.combat.armor),
            shield: defense_shield(&self.combat.shields),
            encumbrance_over: 0,
        }
    }

    /// The inventory counted against the threshold and the carrying limit.
    pub fn encumbrance(&self) -> Encumbrance {
        let (mods, pack_mule) = self.modifiers_and_pack_mule();
        let inp = self.inputs(&mods);
        encumbrance(
            &inventory_rows(self),
            effective(&inp, labels(self.ruleset), Attr::Might).value,
            pack_mule,
            &mods,
            !self.advance().encumbrance_off,
            self.ruleset,
        )
    }

    /// Every derived value, with every modifier and encumbrance in Defense.
    pub fn derived(&self) -> Derived {
        let (mods, pack_mule) = self.modifiers_and_pack_mule();
        let mut inp = self.inputs(&mods);
        let l = labels(self.ruleset);
        inp.encumbrance_over = over_threshold(
            &inventory_rows(self),
            effective(&inp, l, Attr::Might).value,
            pack_mule,
            &mods,
            !self.advance().encumbrance_off,
        );
        derive(&inp, l)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::combat::{Armor, Shield, ShieldKind, Weapon, WeaponQuality};
    use crate::rules::symbaroum::dice_notation::parse_dice;
    use crate::rules::symbaroum::experience::{AbilityKind, Level};
    use crate::rules::symbaroum::Target;
    use crate::rules::Ruleset;

    fn character(might: i32, agility: i32) -> Character {
        enable();
        let mut c = Character::new("a".into(), Ruleset::Homebrew, 0.0);
        c.attributes.set(Attr::Might, might);
        c.attributes.set(Attr::Agility, agility);
        c
    }

    fn gear(c: &mut Character) -> &mut Advance {
        c.advance_mut().unwrap()
    }

    fn stuff(c: &mut Character, n: u32) {
        let g = gear(c);
        let id = g.next_item_id();
        g.items
            .push(Item::new(id, "Rope", ItemKind::Other).quantity(n));
    }

    #[test]
    fn one_item_over_the_threshold_costs_one_defense() {
        let mut c = character(10, 12);
        stuff(&mut c, 10);
        assert_eq!(c.encumbrance().total, 10);
        assert_eq!(
            c.derived().defense.value,
            12,
            "at the threshold: no penalty"
        );
        stuff(&mut c, 1);
        let d = c.derived().defense;
        assert_eq!(d.value, 11);
        assert_eq!(d.text(), "Defense 11 = Agility 12 − encumbrance 1");
        // Off: nothing counts.
        gear(&mut c).encumbrance_off = true;
        assert_eq!(c.derived().defense.value, 12);
    }

    #[test]
    fn combat_equipment_and_coins_are_counted() {
        let mut c = character(10, 10);
        let axe = Weapon {
            qualities: vec![WeaponQuality::Massive],
            ..Weapon::new("Great axe", parse_dice("1d10").unwrap())
        };
        c.combat.weapons.push(axe);
        c.combat.armor.push(Armor {
            name: "Chain".into(),
            protection: parse_dice("1d6").unwrap(),
            impeding: 3,
            worn: false,
            qualities: vec![],
        });
        c.combat.shields.push(Shield {
            name: "Shield".into(),
            kind: ShieldKind::Shield,
            in_use: false,
        });
        gear(&mut c).money = Money {
            thaler: 20,
            shilling: 30,
            orteg: 49,
        };
        let e = c.encumbrance();
        // Massive sheathed axe 2, carried chain 3, shield on the back 1, 99 coins 1.
        assert_eq!(e.total, 2 + 3 + 1 + 1);
        assert_eq!(e.small_pieces, 99);
        c.combat.weapons[0].state = WeaponState::Held;
        c.combat.armor[0].worn = true;
        c.combat.shields[0].in_use = true;
        assert_eq!(c.encumbrance().total, 1, "held, worn and in use count 0");
    }

    #[test]
    fn abilities_act_through_the_modifier_list() {
        let mut c = character(11, 10);
        let mut ea = Ability::new(
            "Exceptional Attribute",
            AbilityKind::Ability,
            Some(Level::Adept),
        );
        ea.attr = Some(Attr::Might);
        gear(&mut c).abilities.push(ea);
        gear(&mut c).abilities.push(Ability::new(
            "Robust",
            AbilityKind::Trait,
            Some(Level::Novice),
        ));
        let d = c.derived();
        assert_eq!(d.attrs[Attr::Might.index()].value, 13);
        assert_eq!(d.toughness.value, 13);
        assert_eq!(d.defense.value, 8);
        assert_eq!(c.all_modifiers().len(), 2);
        // Pack-mule: threshold floor(13 × 1.5) = 19.
        assert_eq!(c.encumbrance().threshold.value, 13);
        gear(&mut c)
            .abilities
            .push(Ability::new("Pack-mule", AbilityKind::Boon, None));
        assert_eq!(c.encumbrance().threshold.value, 19);
        stuff(&mut c, 20);
        assert_eq!(c.derived().defense.value, 8 - 1);
    }

    #[test]
    fn pages_without_the_codec_keep_the_saved_gear_byte_for_byte() {
        let text = r#"{"schema":1,"id":"a","name":"","ruleset":"homebrew","updated":0,"attributes":{"agility":10,"charisma":10,"exactitude":10,"resolve":10,"might":10,"subtlety":10,"vigilance":10,"wit":10},"advance":{"xp":[{"kind":"award","amount":7,"note":"x","date":"2026-11-22"}],"thaler":3}}"#;
        // No codec on this thread: the gear stays as text, counts as empty, and is
        // written back exactly.
        let c: Character = serde_json::from_str(text).unwrap();
        assert!(matches!(c.advance, super::super::part::Part::Unread(_)));
        assert_eq!(c.advance().totals().earned, 0);
        let mut c2 = c.clone();
        assert!(c2.advance_mut().is_none(), "it cannot be changed there");
        let out = serde_json::to_string(&c).unwrap();
        assert!(out.contains(r#""advance":{"xp":[{"kind":"award","amount":7,"note":"x","date":"2026-11-22"}],"thaler":3}"#), "{out}");
        // With the codec it is read, checked and written in full.
        enable();
        let c: Character = serde_json::from_str(&out).unwrap();
        assert_eq!(c.advance().totals().earned, 7);
        assert_eq!(c.advance().money.thaler, 3);
        let again: Character = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(again, c);
        // A bad part is refused, naming the problem.
        let bad = out.replace(r#""kind":"award""#, r#""kind":"gift""#);
        let e = serde_json::from_str::<Character>(&bad)
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown Experience entry"), "{e}");
        let bad = out.replace(r#""thaler":3"#, r#""thaler":4000000000"#);
        assert!(serde_json::from_str::<Character>(&bad).is_err());
        let bad = out.replace(r#""thaler":3"#, r#""thaler":-3"#);
        assert!(serde_json::from_str::<Character>(&bad).is_err());
    }

    #[test]
    fn the_gear_is_saved_in_plain_flat_records_and_reads_back() {
        let mut a = Advance::default();
        a.xp.push(XpEntry::Award {
            amount: 12,
            note: "Keep".into(),
            date: "2026-11-22".into(),
        });
        a.xp.push(XpEntry::Purchase {
            cost: 10,
            note: "Acrobatics (novice)".into(),
            credits: 1,
        });
        let mut ab = Ability::new(
            "Sixth Sense",
            AbilityKind::MysticalPower,
            Some(Level::Master),
        );
        ab.action = Some(ActionType::Reaction);
        ab.paid = 60;
        a.abilities.push(ab);
        let mut ea = Ability::new("Exceptional Attribute", AbilityKind::Ability, None);
        ea.attr = Some(Attr::Wit);
        ea.modifier = Some(AbilityModifier {
            target: Target::Defense,
            amount: -1,
        });
        a.abilities.push(ea);
        a.items.push(
            Item::new(
                7,
                "Dagger",
                ItemKind::Weapon {
                    state: WeaponState::Sheathed,
                },
            )
            .inside(2),
        );
        a.items.push(Item::new(
            2,
            "Mail",
            ItemKind::Armor {
                impeding: 3,
                worn: false,
            },
        ));
        a.money.orteg = 5;
        a.reroll.enabled = true;
        let json = write_advance(&a).unwrap();
        assert_eq!(
            json,
            concat!(
                r#"{"xp":[{"kind":"award","note":"Keep","date":"2026-11-22","amount":12},"#,
                r#"{"kind":"purchase","note":"Acrobatics (novice)","amount":10,"credits":1}],"#,
                r#""abilities":[{"kind":"mystical_power","name":"Sixth Sense","level":"master","action":"reaction","paid":60},"#,
                r#"{"kind":"ability","name":"Exceptional Attribute","level":"novice","attr":"wit","target":"defense","amount":-1}],"#,
                r#""items":[{"kind":"weapon","name":"Dagger","state":"sheathed","id":7,"quantity":1,"inside":2},"#,
                r#"{"kind":"armor","name":"Mail","id":2,"impeding":3,"quantity":1}],"#,
                r#""orteg":5,"reroll":true}"#
            )
        );
        let back = read_advance(&json).unwrap();
        assert_eq!(back, a);
        // What is left out takes its default.
        let min = read_advance(r#"{"items":[{"kind":"other","name":"Rope","id":1}]}"#).unwrap();
        assert_eq!(min.items, vec![Item::new(1, "Rope", ItemKind::Other)]);
        for bad in [
            r#"{"items":[{"kind":"thing","name":"x","id":1}]}"#,
            r#"{"items":[{"kind":"other","name":"x"}]}"#,
            r#"{"abilities":[{"kind":"ability","name":"x","level":"grandmaster"}]}"#,
            r#"{"abilities":[{"kind":"ability","name":"x","target":"luck","amount":2}]}"#,
            r#"{"items":[{"kind":"other","name":"x","id":1,"quantity":-1}]}"#,
            r#"{"items":[{"kind":"other","name":"x","id":1,"carried":"yes"}]}"#,
            r#"{"xp":{"kind":"award"}}"#,
            r#"{"xp":[{"kind":"gift","amount":3}]}"#,
        ] {
            assert!(read_advance(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn checks_refuse_absurd_gear() {
        let mut a = Advance::default();
        assert!(a.check().is_ok());
        a.items.push(Item::new(DERIVED_ROW, "x", ItemKind::Other));
        assert!(a.check().is_err());
        a.items.clear();
        a.money.orteg = u32::MAX;
        assert!(a.check().is_err());
    }
}
