//! A foe at a game master's table: a stat line the game master types, not a whole
//! character. The Symbaroum family's foes fight with Defense, Toughness, Pain
//! Threshold, armor and attacks; Heimr's with their attributes, HP and willpower.

use super::Family;
use crate::model::name_problem;
use crate::rules::heimr::attributes::{Attribute, AttributeScores, MAX_SCORE, MIN_SCORE};
use crate::rules::heimr::injuries::Pool;
use crate::rules::symbaroum::dice_notation::DiceExpr;
use serde::{Deserialize, Serialize};

/// How many attacks a foe's stat line lists.
pub const ATTACKS_MAX: usize = 6;
/// The largest number a foe's stat line takes (Toughness, HP …).
pub const STAT_MAX: i32 = 999;

/// A foe: its numbers are one family's (saved as two optional parts, which reads
/// with less code than an enum).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Foe {
    /// Unique within the table, never 0.
    #[serde(default)]
    pub id: u32,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symbaroum: Option<SymbaroumFoe>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heimr: Option<HeimrFoe>,
}

/// A foe's numbers, by the table's family.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FoeStats<'a> {
    Symbaroum(&'a SymbaroumFoe),
    Heimr(&'a HeimrFoe),
}

/// A Symbaroum-family foe's stat line.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SymbaroumFoe {
    /// Initiative goes by Agility, then Vigilance.
    pub agility: i32,
    pub vigilance: i32,
    pub defense: i32,
    /// Its maximum Toughness.
    pub toughness: i32,
    pub pain_threshold: i32,
    /// What its armor rolls against a hit.
    #[serde(default)]
    pub armor: DiceExpr,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<FoeAttack>,
    /// Damage taken so far.
    #[serde(default)]
    pub damage: i32,
}

/// One of a foe's attacks.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FoeAttack {
    pub name: String,
    /// The attribute it attacks with (Accurate, or what its stat line names).
    pub accuracy: i32,
    pub damage: DiceExpr,
}

/// A Heimr foe's stat line.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HeimrFoe {
    pub attributes: AttributeScores,
    pub hp: Pool,
    /// Initiative's potential, and its tie-break.
    pub willpower: Pool,
}

impl Foe {
    /// A foe of the Symbaroum family.
    pub fn symbaroum(name: impl Into<String>, stats: SymbaroumFoe) -> Foe {
        Foe {
            id: 0,
            name: name.into(),
            symbaroum: Some(stats),
            heimr: None,
        }
    }

    /// A Heimr foe.
    pub fn heimr(name: impl Into<String>, stats: HeimrFoe) -> Foe {
        Foe {
            id: 0,
            name: name.into(),
            symbaroum: None,
            heimr: Some(stats),
        }
    }

    /// Its numbers; `None` for a foe that has both families' or neither.
    pub fn stats(&self) -> Option<FoeStats<'_>> {
        match (&self.symbaroum, &self.heimr) {
            (Some(s), None) => Some(FoeStats::Symbaroum(s)),
            (None, Some(h)) => Some(FoeStats::Heimr(h)),
            _ => None,
        }
    }

    /// Whether it is a foe this version would write for a table of `family`.
    pub fn check(&self, family: Family) -> Result<(), String> {
        if let Some(why) = name_problem(&self.name, true) {
            return Err(format!("a foe's name: {why}"));
        }
        let name = &self.name;
        let within = |what: &str, v: i32, low: i32, high: i32| match (low..=high).contains(&v) {
            true => Ok(()),
            false => Err(format!(
                "{name}'s {what} is {v}, but it is a whole number from {low} to {high}"
            )),
        };
        match (self.stats(), family) {
            (Some(FoeStats::Symbaroum(s)), Family::Symbaroum) => {
                within("Agility", s.agility, 1, 30)?;
                within("Vigilance", s.vigilance, 1, 30)?;
                within("Defense", s.defense, -30, 30)?;
                within("Toughness", s.toughness, 1, STAT_MAX)?;
                within("Pain Threshold", s.pain_threshold, 1, STAT_MAX)?;
                within("damage taken", s.damage, 0, s.toughness)?;
                if s.attacks.len() > ATTACKS_MAX {
                    return Err(format!("{name} has more than {ATTACKS_MAX} attacks"));
                }
                for a in &s.attacks {
                    if let Some(why) = name_problem(&a.name, true) {
                        return Err(format!("{name}'s attack: {why}"));
                    }
                    within("accuracy", a.accuracy, 1, 30)?;
                }
                Ok(())
            }
            (Some(FoeStats::Heimr(h)), Family::Heimr) => {
                for a in Attribute::ALL {
                    within(a.name(), h.attributes.get(a), MIN_SCORE, MAX_SCORE)?;
                }
                for (what, p) in [("HP", &h.hp), ("willpower", &h.willpower)] {
                    within(&format!("maximum {what}"), p.max, 1, STAT_MAX)?;
                    within(what, p.current, -STAT_MAX, p.max)?;
                }
                Ok(())
            }
            _ => Err(format!("{name}'s numbers are for the other family")),
        }
    }
}

/// A goblin's stat line, for the table's tests.
#[cfg(test)]
pub(crate) fn goblin() -> Foe {
    Foe::symbaroum(
        "Goblin",
        SymbaroumFoe {
            agility: 13,
            vigilance: 10,
            defense: 13,
            toughness: 10,
            pain_threshold: 4,
            armor: "1d4".parse().unwrap(),
            attacks: vec![FoeAttack {
                name: "Spear".into(),
                accuracy: 10,
                damage: "1d8".parse().unwrap(),
            }],
            damage: 0,
        },
    )
}

/// A Symbaroum-family table, "Thistle Hold", with Stig (the full fixture) seated and
/// `foes`, for the table's tests.
#[cfg(test)]
pub(crate) fn stig_facing(foes: Vec<Foe>) -> super::Table {
    let mut t = super::Table::new("t".into(), "Thistle Hold", Family::Symbaroum, 0.0);
    let stig = crate::model::load_document(include_str!("../../../tests/fixtures/v1-full.json"));
    t.add_member(stig.unwrap(), 0.0).unwrap();
    for f in foes {
        t.add_foe(f, 0.0).unwrap();
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_stat_line_is_checked_in_words() {
        assert_eq!(goblin().check(Family::Symbaroum), Ok(()));
        let mut g = goblin();
        if let Some(s) = &mut g.symbaroum {
            s.toughness = 0;
        }
        assert_eq!(
            g.check(Family::Symbaroum),
            Err("Goblin's Toughness is 0, but it is a whole number from 1 to 999".into())
        );
        assert_eq!(
            goblin().check(Family::Heimr),
            Err("Goblin's numbers are for the other family".into())
        );
        let blank = Foe {
            name: " ".into(),
            ..goblin()
        };
        assert!(blank
            .check(Family::Symbaroum)
            .unwrap_err()
            .starts_with("a foe's name"));
    }

    #[test]
    fn a_heimr_foe_s_hp_may_fall_below_zero_but_not_past_its_maximum() {
        let mut wolf = Foe::heimr(
            "Wolf",
            HeimrFoe {
                attributes: AttributeScores {
                    dexterity: 2,
                    ..Default::default()
                },
                hp: Pool {
                    current: -2,
                    max: 6,
                },
                willpower: Pool { current: 3, max: 3 },
            },
        );
        assert_eq!(wolf.check(Family::Heimr), Ok(()));
        if let Some(h) = &mut wolf.heimr {
            h.hp.current = 7;
        }
        assert_eq!(
            wolf.check(Family::Heimr),
            Err("Wolf's HP is 7, but it is a whole number from -999 to 6".into())
        );
    }
}
