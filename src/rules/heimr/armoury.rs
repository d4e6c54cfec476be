//! The medieval armoury module (seed 002, marked "work in progress" there): weapon
//! and shield tables as static data for pick lists, transcribed as printed,
//! including the seed's spellings ("Dueling", "Swordmanship", lower-case
//! "knife fighting") and its two orderings "Shield and sword" / "Sword and shield".
//!
//! The seed does not say which rolls the "Bonus" (P+n) applies to; the core says a
//! shield gives "a bonus when blocking", so read a weapon's bonus as potential on its
//! attack rolls and a shield's as potential on blocks. Damage is in hit points.

use super::attributes::Attribute;

/// How far a weapon reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeaponRange {
    /// Only targets in the same square (combat cluster).
    Melee,
    /// Ranged, up to this distance.
    Squares(u32),
}

/// How a weapon or shield is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hands {
    EitherHand,
    OneOrTwoHands,
    TwoHands,
    SwordHand,
    OffHand,
}

impl Hands {
    /// The seed's wording.
    pub fn label(self) -> &'static str {
        match self {
            Hands::EitherHand => "Either hand",
            Hands::OneOrTwoHands => "One or two hands",
            Hands::TwoHands => "Two hands",
            Hands::SwordHand => "Sword hand",
            Hands::OffHand => "off-hand",
        }
    }
}

/// A row of the weapon table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weapon {
    pub name: &'static str,
    pub range: WeaponRange,
    pub damage: u32,
    /// "P+n" as n; None where the seed prints "-".
    pub potential_bonus: Option<i32>,
    pub hands: Hands,
    /// The abilities that can wield it.
    pub abilities: &'static [&'static str],
}

/// A shield's penalty column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShieldPenalty {
    /// The seed prints "-".
    None,
    /// The seed prints "TODO": not written yet.
    NotYetWritten,
    /// A penalty to an attribute, e.g. "Sta -1".
    Attribute(Attribute, i32),
}

impl ShieldPenalty {
    /// The text to show: "-", "to be decided" or e.g. "Sta -1".
    pub fn label(self) -> String {
        match self {
            ShieldPenalty::None => "-".to_string(),
            ShieldPenalty::NotYetWritten => "to be decided".to_string(),
            ShieldPenalty::Attribute(a, n) => {
                let short = a.short();
                let mut s = short[..1].to_ascii_uppercase();
                s.push_str(&short[1..]);
                format!("{s} {}", super::num(n))
            }
        }
    }
}

/// A row of the shield table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shield {
    pub name: &'static str,
    pub potential_bonus: Option<i32>,
    pub penalty: ShieldPenalty,
    pub hands: Hands,
    pub abilities: &'static [&'static str],
}

/// The seed's weapon table, in its order.
pub const WEAPONS: [Weapon; 8] = [
    Weapon {
        name: "Light weapon",
        range: WeaponRange::Melee,
        damage: 1,
        potential_bonus: Some(2),
        hands: Hands::EitherHand,
        abilities: &["Knife fighting"],
    },
    Weapon {
        name: "Medium weapon",
        range: WeaponRange::Melee,
        damage: 2,
        potential_bonus: Some(3),
        hands: Hands::OneOrTwoHands,
        abilities: &["Dueling", "Shield and sword"],
    },
    Weapon {
        name: "Great weapon",
        range: WeaponRange::Melee,
        damage: 3,
        potential_bonus: Some(5),
        hands: Hands::TwoHands,
        abilities: &["Swordmanship"],
    },
    Weapon {
        name: "Pole arm",
        range: WeaponRange::Melee,
        damage: 2,
        potential_bonus: Some(4),
        hands: Hands::TwoHands,
        abilities: &["Pole arms"],
    },
    Weapon {
        name: "Bow",
        range: WeaponRange::Squares(6),
        damage: 3,
        potential_bonus: Some(1),
        hands: Hands::TwoHands,
        abilities: &["Archery"],
    },
    Weapon {
        name: "Crossbow",
        range: WeaponRange::Squares(4),
        damage: 3,
        potential_bonus: None,
        hands: Hands::TwoHands,
        abilities: &["Archery"],
    },
    Weapon {
        name: "Throwing weapon",
        range: WeaponRange::Squares(1),
        damage: 1,
        potential_bonus: None,
        hands: Hands::SwordHand,
        abilities: &["Throwing", "knife fighting"],
    },
    Weapon {
        name: "Blowgun",
        range: WeaponRange::Squares(2),
        damage: 0,
        potential_bonus: Some(1),
        hands: Hands::SwordHand,
        abilities: &["Blowguns"],
    },
];

/// The seed's shield table, in its order.
pub const SHIELDS: [Shield; 4] = [
    Shield {
        name: "Buckler",
        potential_bonus: None,
        penalty: ShieldPenalty::None,
        hands: Hands::OffHand,
        abilities: &["Dueling", "Sword and shield"],
    },
    Shield {
        name: "Small shield",
        potential_bonus: Some(2),
        penalty: ShieldPenalty::NotYetWritten,
        hands: Hands::OffHand,
        abilities: &["Sword and shield"],
    },
    Shield {
        name: "Medium shield",
        potential_bonus: Some(3),
        penalty: ShieldPenalty::NotYetWritten,
        hands: Hands::OffHand,
        abilities: &["Sword and shield"],
    },
    Shield {
        name: "Tower shield",
        potential_bonus: Some(5),
        penalty: ShieldPenalty::Attribute(Attribute::Stamina, -1),
        hands: Hands::OffHand,
        abilities: &["Sword and shield"],
    },
];

/// The abilities the armoury's weapons and shields are wielded with, each once (the
/// seed writes "knife fighting" once in lower case), in the tables' order: "Knife
/// fighting", "Dueling", "Shield and sword", "Swordmanship", …
pub fn weapon_abilities() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let all = WEAPONS
        .iter()
        .flat_map(|w| w.abilities)
        .chain(SHIELDS.iter().flat_map(|s| s.abilities));
    for name in all {
        if !out.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            out.push(name);
        }
    }
    out
}

/// "P+2", or "-" for no bonus.
pub fn bonus_label(bonus: Option<i32>) -> String {
    match bonus {
        Some(n) if n >= 0 => format!("P+{n}"),
        Some(n) => format!("P{}", super::num(n)),
        None => "-".to_string(),
    }
}

impl WeaponRange {
    /// "Melee" or the range in squares.
    pub fn label(self) -> String {
        match self {
            WeaponRange::Melee => "Melee".to_string(),
            WeaponRange::Squares(n) => n.to_string(),
        }
    }
}

impl Weapon {
    pub fn is_melee(self) -> bool {
        self.range == WeaponRange::Melee
    }

    /// Whether a target at `distance` can be attacked: melee only in the same square
    /// (distance 0); ranged up to the weapon's range.
    pub fn can_reach(self, distance: u32) -> bool {
        match self.range {
            WeaponRange::Melee => distance == 0,
            WeaponRange::Squares(r) => distance <= r,
        }
    }

    /// Finds a weapon by name, ignoring case.
    pub fn by_name(name: &str) -> Option<Weapon> {
        WEAPONS
            .into_iter()
            .find(|w| w.name.eq_ignore_ascii_case(name.trim()))
    }
}

impl Shield {
    /// Finds a shield by name, ignoring case.
    pub fn by_name(name: &str) -> Option<Shield> {
        SHIELDS
            .into_iter()
            .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weapon_abilities_are_each_named_once_in_the_tables_order() {
        assert_eq!(
            weapon_abilities(),
            [
                "Knife fighting",
                "Dueling",
                "Shield and sword",
                "Swordmanship",
                "Pole arms",
                "Archery",
                "Throwing",
                "Blowguns",
                "Sword and shield"
            ]
        );
    }

    /// One line per row in the seed's column order, to compare with the seed's table.
    fn weapon_row(w: &Weapon) -> String {
        format!(
            "{} | {} | {} | {} | {} | {}",
            w.name,
            w.range.label(),
            w.damage,
            bonus_label(w.potential_bonus),
            w.hands.label(),
            w.abilities.join(" / ")
        )
    }

    #[test]
    fn weapon_table_matches_the_seed() {
        let rows: Vec<String> = WEAPONS.iter().map(weapon_row).collect();
        assert_eq!(
            rows,
            [
                "Light weapon | Melee | 1 | P+2 | Either hand | Knife fighting",
                "Medium weapon | Melee | 2 | P+3 | One or two hands | Dueling / Shield and sword",
                "Great weapon | Melee | 3 | P+5 | Two hands | Swordmanship",
                "Pole arm | Melee | 2 | P+4 | Two hands | Pole arms",
                "Bow | 6 | 3 | P+1 | Two hands | Archery",
                "Crossbow | 4 | 3 | - | Two hands | Archery",
                "Throwing weapon | 1 | 1 | - | Sword hand | Throwing / knife fighting",
                "Blowgun | 2 | 0 | P+1 | Sword hand | Blowguns",
            ]
        );
    }

    #[test]
    fn shield_table_matches_the_seed() {
        let rows: Vec<String> = SHIELDS
            .iter()
            .map(|s| {
                format!(
                    "{} | {} | {} | {} | {}",
                    s.name,
                    bonus_label(s.potential_bonus),
                    s.penalty.label(),
                    s.hands.label(),
                    s.abilities.join(" / ")
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                "Buckler | - | - | off-hand | Dueling / Sword and shield",
                "Small shield | P+2 | to be decided | off-hand | Sword and shield",
                "Medium shield | P+3 | to be decided | off-hand | Sword and shield",
                "Tower shield | P+5 | Sta −1 | off-hand | Sword and shield",
            ]
        );
    }

    #[test]
    fn reach_and_lookup() {
        let bow = Weapon::by_name("bow").unwrap();
        assert!(!bow.is_melee());
        assert!(bow.can_reach(6));
        assert!(!bow.can_reach(7));
        let great = Weapon::by_name(" Great weapon ").unwrap();
        assert!(great.is_melee());
        assert!(great.can_reach(0));
        assert!(!great.can_reach(1));
        assert_eq!(Weapon::by_name("Laser"), None);
        assert_eq!(
            Shield::by_name("tower shield").unwrap().penalty,
            ShieldPenalty::Attribute(Attribute::Stamina, -1)
        );
        assert_eq!(bonus_label(Some(-1)), "P−1");
    }
}
