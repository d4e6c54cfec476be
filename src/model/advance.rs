//! The Symbaroum family's advancement and gear, kept with the character: the
//! Experience ledger, abilities, inventory, money and the per-character optional rules
//! (Encumbrance, Re-roll for Experience). Also the one place that puts a character's
//! numbers together: every modifier (the player's and the abilities'), encumbrance,
//! and the derived values with encumbrance in Defense.

use super::character::{Character, NAME_MAX};
use crate::rules::symbaroum::abilities::{effects, Effects};
use crate::rules::symbaroum::combat::{defense_shield, worn_impeding, WeaponState};
use crate::rules::symbaroum::derived::{derive, effective, Derived, Inputs};
use crate::rules::symbaroum::encumbrance::{encumbrance, Encumbrance, Item, ItemKind};
use crate::rules::symbaroum::experience::{totals, Ability, RerollRules, XpEntry, XpTotals};
use crate::rules::symbaroum::{labels, Attr, Modifier};
use serde::{Deserialize, Serialize};

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
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

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
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
    pub fn is_empty(&self) -> bool {
        *self == Advance::default()
    }

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

/// The inventory as counted: the items, then a row for each weapon, armor and shield
/// of the Combat tab, then the coins.
///
/// A shield in use is held (0); one not in use is carried on the back and counts like
/// a sheathed weapon (1). RULES.md is silent on shields; this is what a player expects.
pub fn inventory_rows(c: &Character) -> Vec<Item> {
    let f = &c.combat;
    let mut rows = c.advance.items.clone();
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
    let pieces = c.advance.money.pieces();
    if pieces > 0 {
        rows.push(Item::new(COINS_ROW, "Coins", ItemKind::SmallObjects).quantity(pieces));
    }
    rows
}

impl Character {
    /// What the abilities do to the numbers.
    pub fn ability_effects(&self) -> Effects {
        effects(&self.advance.abilities)
    }

    /// The whole modifier list: the player's entries, then the abilities'.
    pub fn all_modifiers(&self) -> Vec<Modifier> {
        let mut m = self.modifiers.clone();
        m.extend(self.ability_effects().modifiers);
        m
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

    fn encumbrance_with(&self, inp: &Inputs, pack_mule: bool) -> Encumbrance {
        let l = labels(self.ruleset);
        let might = effective(inp, l, Attr::Might).value;
        encumbrance(
            &inventory_rows(self),
            might,
            pack_mule,
            inp.modifiers,
            !self.advance.encumbrance_off,
            self.ruleset,
        )
    }

    /// The inventory counted against the threshold and the carrying limit.
    pub fn encumbrance(&self) -> Encumbrance {
        let fx = self.ability_effects();
        let mods = [self.modifiers.as_slice(), &fx.modifiers].concat();
        self.encumbrance_with(&self.inputs(&mods), fx.pack_mule)
    }

    /// Every derived value, with every modifier and encumbrance in Defense.
    pub fn derived(&self) -> Derived {
        let fx = self.ability_effects();
        let mods = [self.modifiers.as_slice(), &fx.modifiers].concat();
        let mut inp = self.inputs(&mods);
        inp.encumbrance_over = self.encumbrance_with(&inp, fx.pack_mule).over_threshold;
        derive(&inp, labels(self.ruleset))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::combat::{Armor, Shield, ShieldKind, Weapon, WeaponQuality};
    use crate::rules::symbaroum::dice_notation::parse_dice;
    use crate::rules::symbaroum::experience::{AbilityKind, Level};
    use crate::rules::Ruleset;

    fn character(might: i32, agility: i32) -> Character {
        let mut c = Character::new("a".into(), Ruleset::Homebrew, 0.0);
        c.attributes.set(Attr::Might, might);
        c.attributes.set(Attr::Agility, agility);
        c
    }

    fn stuff(c: &mut Character, n: u32) {
        let id = c.advance.next_item_id();
        c.advance
            .items
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
        c.advance.encumbrance_off = true;
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
        c.advance.money = Money {
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
        c.advance.abilities.push(ea);
        c.advance.abilities.push(Ability::new(
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
        c.advance
            .abilities
            .push(Ability::new("Pack-mule", AbilityKind::Boon, None));
        assert_eq!(c.encumbrance().threshold.value, 19);
        stuff(&mut c, 20);
        assert_eq!(c.derived().defense.value, 8 - 1);
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
