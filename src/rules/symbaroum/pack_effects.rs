//! What a campaign pack's entry does at the table (issue #32): the effects an ability,
//! boon, burden, trait, power, ritual, bond or weapon quality lists, each level its
//! own. Those that change numbers act through the modifier list, as Exceptional
//! Attribute does ([`numbers`]); the others (a second chance on a test, extra damage
//! dice, a Long weapon's larger die) are for the roll in which they apply.
//!
//! A level lists all its effects: Robust at adept is "Defense −3", not "−1 more than
//! novice" (the seeds give each level's number whole: −2 / −3 / −4).

use super::abilities::Effects;
use super::derived::fmt_signed;
use super::dice_notation::DiceExpr;
use super::experience::Level;
use super::modifier_input::{target_from_key, target_key, target_label, MODIFIER_AMOUNT_MAX};
use super::{Attr, Labels, Modifier, Target};
use serde::{Deserialize, Serialize};

/// One thing an entry does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Effect {
    /// `amount` to a number: an attribute, Toughness, Pain Threshold, Defense,
    /// Corruption Threshold (saved by the modifier editor's key: "defense", "might").
    Modifier {
        #[serde(with = "as_key")]
        target: Target,
        amount: i32,
    },
    /// `amount` to the attribute the player chooses when taking it (Exceptional
    /// Attribute).
    ChosenAttribute { amount: i32 },
    /// The encumbrance threshold is the attribute × 1.5, rounded down (Pack-mule).
    PackMule,
    /// Roll twice and keep the better, on tests of `attr` (any test when none).
    SecondChance {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attr: Option<Attr>,
    },
    /// These dice added to the damage of each attack.
    ExtraDamage { dice: DiceExpr },
    /// A Long weapon's single die smaller than this rolls this one (Polearm Mastery's
    /// d8).
    LongWeaponDie { sides: u32 },
}

/// The kinds an effect may be saved as, as written.
pub const KINDS: [&str; 6] = [
    "modifier",
    "chosen_attribute",
    "pack_mule",
    "second_chance",
    "extra_damage",
    "long_weapon_die",
];

/// A Long weapon's die may become a d4 … d20.
pub const LONG_DIE_SIDES: [u32; 5] = [4, 6, 8, 10, 12];

impl Effect {
    /// What is wrong with it, if anything, in a game master's words.
    pub fn problem(&self) -> Option<String> {
        let amount = |n: i32| {
            (n == 0 || n.abs() > MODIFIER_AMOUNT_MAX).then(|| {
                format!("the amount must be from −{MODIFIER_AMOUNT_MAX} to +{MODIFIER_AMOUNT_MAX}, and not 0 (got {n})")
            })
        };
        match self {
            Effect::Modifier {
                target: Target::EncumbranceThreshold,
                ..
            } => Some("the encumbrance threshold is not added to: use “pack_mule”".into()),
            Effect::Modifier { amount: n, .. } | Effect::ChosenAttribute { amount: n } => {
                amount(*n)
            }
            Effect::ExtraDamage { dice } if dice.dice.is_empty() => {
                Some("extra damage needs dice, like 1d4".into())
            }
            Effect::LongWeaponDie { sides } if !LONG_DIE_SIDES.contains(sides) => Some(format!(
                "a Long weapon's die is a d4, d6, d8, d10 or d12 (got d{sides})"
            )),
            _ => None,
        }
    }

    /// What it does, in the ruleset's words: "Defense −2", "+1 to the attribute you
    /// choose".
    pub fn says(&self, l: &Labels) -> String {
        match self {
            Effect::Modifier { target, amount } => {
                format!("{} {}", target_label(*target, l), signed(*amount))
            }
            Effect::ChosenAttribute { amount } => {
                format!("{} to the attribute you choose", signed(*amount))
            }
            Effect::PackMule => format!(
                "{} = {} × 1.5, rounded down",
                l.encumbrance_threshold,
                l.attr(Attr::Might)
            ),
            Effect::SecondChance { attr: Some(a) } => {
                format!("a second chance on {} tests", l.attr(*a))
            }
            Effect::SecondChance { attr: None } => "a second chance on the test".into(),
            Effect::ExtraDamage { dice } => format!("+{} damage", dice),
            Effect::LongWeaponDie { sides } => {
                format!("a Long weapon's single smaller die rolls a d{sides}")
            }
        }
    }
}

/// What the effects do to the numbers, as modifiers named `source` ("Robust
/// (adept)"); `chosen` is the attribute the player chose for a chosen-attribute
/// effect (without one it raises nothing, as Exceptional Attribute).
pub fn numbers(effects: &[Effect], source: &str, chosen: Option<Attr>) -> Effects {
    let mut e = Effects::default();
    for effect in effects {
        match *effect {
            Effect::Modifier { target, amount } => {
                e.modifiers.push(Modifier::new(source, target, amount))
            }
            Effect::ChosenAttribute { amount } => {
                if let Some(a) = chosen {
                    e.modifiers
                        .push(Modifier::new(source, Target::Attr(a), amount));
                }
            }
            Effect::PackMule => e.pack_mule = true,
            _ => {}
        }
    }
    e
}

/// Where a row on the sheet was taken from: a campaign pack's entry (issue #32). The
/// row is a copy that keeps working without the pack; the pack's id, the entry's id
/// and the version say which entry a newer version of the pack updates, and the
/// pack's name is what the sheet shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taken {
    pub pack: String,
    #[serde(default)]
    pub name: String,
    pub entry: u32,
    pub version: u32,
    /// An ability's effects on the numbers at every level, copied from the entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<TakenEffect>,
}

/// One effect on the numbers a taken ability carries: `amount` to `target` (the
/// modifier editor's key, "defense", "might"; "chosen" for the attribute the player
/// chose, as Exceptional Attribute's; "pack_mule" for Pack-mule's threshold), at
/// `level` (every level when None). Saved as plain text and number, so a target a
/// newer version adds is kept and does nothing here.
///
/// The effects for the roll are copied too (issue #58), under their kind's name as the
/// target: "second_chance" (with the attribute whose tests it touches, none: every
/// test), "extra_damage" (with its dice) and "long_weapon_die" (its sides as the
/// amount); [`taken_numbers`] leaves them to the roll ([`super::roll_effects`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakenEffect {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    pub target: String,
    #[serde(default)]
    pub amount: i32,
    /// A second chance's attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attr: Option<Attr>,
    /// Extra damage's dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceExpr>,
}

/// A chosen-attribute effect's target.
pub const CHOSEN: &str = "chosen";
/// Pack-mule's target.
pub const PACK_MULE: &str = "pack_mule";
/// A second chance's target (for the roll).
pub const SECOND_CHANCE: &str = "second_chance";
/// Extra damage's target (for the roll).
pub const EXTRA_DAMAGE: &str = "extra_damage";
/// A Long weapon's die's target (for the roll; the sides are the amount).
pub const LONG_WEAPON_DIE: &str = "long_weapon_die";

impl TakenEffect {
    /// The copy of an entry's effect at `level`: those on the numbers, and those for
    /// the roll (also said in the row's notes).
    pub fn of(effect: &Effect, level: Option<Level>) -> Option<TakenEffect> {
        let (mut attr, mut dice) = (None, None);
        let (target, amount) = match effect {
            Effect::Modifier { target, amount } => (target_key(*target), *amount),
            Effect::ChosenAttribute { amount } => (CHOSEN, *amount),
            Effect::PackMule => (PACK_MULE, 0),
            Effect::SecondChance { attr: a } => {
                attr = *a;
                (SECOND_CHANCE, 0)
            }
            Effect::ExtraDamage { dice: d } => {
                dice = Some(d.clone());
                (EXTRA_DAMAGE, 0)
            }
            Effect::LongWeaponDie { sides } => (LONG_WEAPON_DIE, *sides as i32),
        };
        Some(TakenEffect {
            level,
            target: target.to_string(),
            amount,
            attr,
            dice,
        })
    }

    /// The effect for the roll it copies, if it is one.
    pub fn for_roll(&self) -> Option<Effect> {
        match self.target.as_str() {
            SECOND_CHANCE => Some(Effect::SecondChance { attr: self.attr }),
            EXTRA_DAMAGE => Some(Effect::ExtraDamage {
                dice: self.dice.clone()?,
            }),
            LONG_WEAPON_DIE => Some(Effect::LongWeaponDie {
                sides: u32::try_from(self.amount).ok()?,
            }),
            _ => None,
        }
    }

    /// Whether it is for `level` (None: a kind without levels), as [`taken_numbers`]
    /// reads it: an effect of every level, or of that one.
    pub fn at(&self, level: Option<Level>) -> bool {
        self.level.is_none() || self.level == level
    }
}

/// What a taken ability's copied effects do to the numbers at `level` (None: a kind
/// without levels, only the effects of every level), as modifiers named `source`;
/// `chosen` is the attribute the player chose.
pub fn taken_numbers(
    effects: &[TakenEffect],
    level: Option<Level>,
    source: &str,
    chosen: Option<Attr>,
    into: &mut Effects,
) {
    for e in effects.iter().filter(|e| e.at(level)) {
        let target = match e.target.as_str() {
            PACK_MULE => {
                into.pack_mule = true;
                continue;
            }
            CHOSEN => chosen.map(Target::Attr),
            key => target_from_key(key),
        };
        if let Some(t) = target.filter(|t| *t != Target::EncumbranceThreshold) {
            into.modifiers.push(Modifier::new(source, t, e.amount));
        }
    }
}

/// "+2", "−1" (a real minus, as the rest of the sheet).
fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        fmt_signed(n)
    }
}

/// A target saved as the modifier editor's key.
mod as_key {
    use super::*;
    use serde::de::Error;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(t: &Target, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(target_key(*t))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Target, D::Error> {
        let key = String::deserialize(d)?;
        target_from_key(&key).ok_or_else(|| D::Error::custom(format!("unknown target “{key}”")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::dice_notation::parse_dice;
    use crate::rules::symbaroum::labels;
    use crate::rules::Ruleset;

    #[test]
    fn effects_read_and_write_as_a_game_master_would_write_them() {
        let text = r#"[{"kind":"modifier","target":"defense","amount":-2},
            {"kind":"chosen_attribute","amount":1},{"kind":"pack_mule"},
            {"kind":"second_chance","attr":"might"},{"kind":"second_chance"},
            {"kind":"extra_damage","dice":"1d4"},{"kind":"long_weapon_die","sides":8}]"#;
        let effects: Vec<Effect> = serde_json::from_str(text).unwrap();
        assert_eq!(
            effects[0],
            Effect::Modifier {
                target: Target::Defense,
                amount: -2
            }
        );
        assert_eq!(
            effects[3],
            Effect::SecondChance {
                attr: Some(Attr::Might)
            }
        );
        let back = serde_json::to_string(&effects).unwrap();
        assert_eq!(serde_json::from_str::<Vec<Effect>>(&back).unwrap(), effects);
        // Every kind is listed for the messages that name them.
        for (e, kind) in effects.iter().zip([0, 1, 2, 3, 3, 4, 5]) {
            assert!(back.contains(KINDS[kind]), "{e:?}");
        }
        for bad in [
            r#"{"kind":"modifier","target":"luck","amount":1}"#,
            r#"{"kind":"modifier","target":"defense"}"#,
            r#"{"kind":"extra_damage","dice":"1d0"}"#,
        ] {
            assert!(serde_json::from_str::<Effect>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_effect_out_of_range_is_refused_in_words() {
        let m = |amount| Effect::Modifier {
            target: Target::Toughness,
            amount,
        };
        assert_eq!(m(3).problem(), None);
        assert!(m(0).problem().unwrap().contains("not 0"));
        assert!(m(100).problem().unwrap().contains("got 100"));
        assert!(Effect::ChosenAttribute { amount: -120 }.problem().is_some());
        let thresh = Effect::Modifier {
            target: Target::EncumbranceThreshold,
            amount: 2,
        };
        assert!(thresh.problem().unwrap().contains("pack_mule"));
        assert!(Effect::LongWeaponDie { sides: 7 }
            .problem()
            .unwrap()
            .contains("d7"));
        assert_eq!(Effect::LongWeaponDie { sides: 8 }.problem(), None);
        let none = Effect::ExtraDamage {
            dice: parse_dice("2").unwrap(),
        };
        assert!(none.problem().is_some());
    }

    #[test]
    fn number_effects_become_modifiers_named_after_their_entry() {
        let effects = [
            Effect::Modifier {
                target: Target::Defense,
                amount: -3,
            },
            Effect::ChosenAttribute { amount: 2 },
            Effect::SecondChance { attr: None },
        ];
        let e = numbers(&effects, "Robust (adept)", Some(Attr::Wit));
        assert_eq!(
            e.modifiers,
            [
                Modifier::new("Robust (adept)", Target::Defense, -3),
                Modifier::new("Robust (adept)", Target::Attr(Attr::Wit), 2),
            ]
        );
        assert!(!e.pack_mule);
        // No attribute chosen yet: it raises nothing.
        assert_eq!(numbers(&effects[1..], "x", None), Effects::default());
        assert!(numbers(&[Effect::PackMule], "Pack-mule", None).pack_mule);
    }

    #[test]
    fn a_taken_rows_copy_keeps_the_effects_for_the_roll_and_they_change_no_number() {
        let roll = [
            Effect::SecondChance {
                attr: Some(Attr::Charisma),
            },
            Effect::SecondChance { attr: None },
            Effect::ExtraDamage {
                dice: parse_dice("1d4+1").unwrap(),
            },
            Effect::LongWeaponDie { sides: 10 },
        ];
        let copies: Vec<TakenEffect> = roll
            .iter()
            .map(|e| TakenEffect::of(e, Some(Level::Adept)).unwrap())
            .collect();
        let text = serde_json::to_string(&copies).unwrap();
        assert!(
            text.contains(r#""target":"extra_damage","amount":0,"dice":"1d4+1""#),
            "{text}"
        );
        let back: Vec<TakenEffect> = serde_json::from_str(&text).unwrap();
        let again: Vec<Effect> = back.iter().filter_map(TakenEffect::for_roll).collect();
        assert_eq!(again, roll);
        let mut e = Effects::default();
        taken_numbers(&back, Some(Level::Adept), "Cut (adept)", None, &mut e);
        assert_eq!(e, Effects::default(), "no modifier from them");
        // A number's copy is not one for the roll.
        let robust = Effect::Modifier {
            target: Target::Defense,
            amount: -2,
        };
        assert_eq!(TakenEffect::of(&robust, None).unwrap().for_roll(), None);
    }

    #[test]
    fn effects_are_said_in_each_rulesets_words() {
        let robust = Effect::Modifier {
            target: Target::Defense,
            amount: -2,
        };
        assert_eq!(robust.says(labels(Ruleset::Homebrew)), "Defense −2");
        let might = Effect::SecondChance {
            attr: Some(Attr::Might),
        };
        assert_eq!(
            might.says(labels(Ruleset::Symbaroum)),
            "a second chance on Strong tests"
        );
        assert_eq!(
            might.says(labels(Ruleset::Homebrew)),
            "a second chance on Might tests"
        );
        assert_eq!(
            Effect::PackMule.says(labels(Ruleset::HomebrewDraft)),
            "Encumbrance Threshold = Might × 1.5, rounded down"
        );
        assert_eq!(
            Effect::ExtraDamage {
                dice: parse_dice("1d4").unwrap()
            }
            .says(labels(Ruleset::Homebrew)),
            "+1d4 damage"
        );
    }
}
