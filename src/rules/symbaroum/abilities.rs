//! What abilities do to the numbers. They act through the modifier list, like every
//! other change (issue #6): Exceptional Attribute (+1/+2/+3 to the chosen attribute),
//! Robust (Defense −2/−3/−4), Pack-mule (encumbrance threshold × 1.5, rounded down),
//! and any modifier a player gives an ability.
//!
//! The three, and Trapper (which the Traps card asks about), are recognised by name,
//! ignoring case, spaces and hyphens, because that is how a player writes them on a
//! sheet ("Pack mule", "pack-mule").

use super::experience::{Ability, Level};
use super::{Modifier, Target};

/// The modifiers that come from abilities, and whether Pack-mule applies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    pub modifiers: Vec<Modifier>,
    pub pack_mule: bool,
}

/// The name with only its letters and digits, lower case: "Pack-mule" → "packmule".
fn key(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Which known ability a name is, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    ExceptionalAttribute,
    Robust,
    PackMule,
    /// Trapper: disarms traps with `[Wit←Wit]` (the Traps rule), no number of its own.
    Trapper,
}

impl Known {
    pub fn of(name: &str) -> Option<Known> {
        match key(name).as_str() {
            "exceptionalattribute" => Some(Known::ExceptionalAttribute),
            "robust" => Some(Known::Robust),
            "packmule" => Some(Known::PackMule),
            "trapper" => Some(Known::Trapper),
            _ => None,
        }
    }
}

/// The level an ability counts at (novice when it has none).
fn rank(a: &Ability) -> Level {
    a.level.unwrap_or(Level::Novice)
}

/// Exceptional Attribute: +1 novice, +2 adept, +3 master.
pub fn exceptional_bonus(level: Level) -> i32 {
    match level {
        Level::Novice => 1,
        Level::Adept => 2,
        Level::Master => 3,
    }
}

/// Robust: Defense −2 novice, −3 adept, −4 master.
pub fn robust_defense(level: Level) -> i32 {
    match level {
        Level::Novice => -2,
        Level::Adept => -3,
        Level::Master => -4,
    }
}

/// Every modifier the abilities carry, named after them ("Robust (adept)").
pub fn effects(abilities: &[Ability]) -> Effects {
    let mut e = Effects::default();
    for a in abilities {
        let source = a.title();
        match Known::of(&a.name) {
            Some(Known::ExceptionalAttribute) => {
                // Without a chosen attribute it raises nothing; the sheet asks for one.
                if let Some(attr) = a.attr {
                    e.modifiers.push(Modifier::new(
                        source.clone(),
                        Target::Attr(attr),
                        exceptional_bonus(rank(a)),
                    ));
                }
            }
            Some(Known::Robust) => e.modifiers.push(Modifier::new(
                source.clone(),
                Target::Defense,
                robust_defense(rank(a)),
            )),
            Some(Known::PackMule) => e.pack_mule = true,
            // Acts where it is used (the Traps card), not on the numbers.
            Some(Known::Trapper) | None => {}
        }
        if let Some(m) = a.modifier {
            e.modifiers.push(Modifier::new(source, m.target, m.amount));
        }
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::experience::{AbilityKind, AbilityModifier};
    use crate::rules::symbaroum::Attr;

    fn at(name: &str, kind: AbilityKind, level: Level) -> Ability {
        Ability::new(name, kind, Some(level))
    }

    #[test]
    fn named_abilities_are_known_however_a_player_writes_them() {
        for (name, known) in [
            ("Pack mule", Some(Known::PackMule)),
            ("pack-mule", Some(Known::PackMule)),
            (" Trapper ", Some(Known::Trapper)),
            ("TRAPPER", Some(Known::Trapper)),
            ("Exceptional attribute", Some(Known::ExceptionalAttribute)),
            ("Trapper's friend", None),
        ] {
            assert_eq!(Known::of(name), known, "{name}");
        }
        // Trapper changes no number.
        let e = effects(&[at("Trapper", AbilityKind::Ability, Level::Master)]);
        assert_eq!(e, Effects::default());
    }

    #[test]
    fn exceptional_attribute_raises_the_chosen_attribute_by_level() {
        for (level, n) in [(Level::Novice, 1), (Level::Adept, 2), (Level::Master, 3)] {
            let mut a = at("Exceptional Attribute", AbilityKind::Ability, level);
            assert!(
                effects(std::slice::from_ref(&a)).modifiers.is_empty(),
                "no attribute chosen yet"
            );
            a.attr = Some(Attr::Might);
            let e = effects(&[a]);
            assert_eq!(e.modifiers.len(), 1);
            let m = &e.modifiers[0];
            assert_eq!((m.target, m.amount), (Target::Attr(Attr::Might), n));
            assert_eq!(
                m.source,
                format!("Exceptional Attribute ({})", level.name())
            );
        }
    }

    #[test]
    fn robust_lowers_defense_by_level_whatever_its_kind() {
        for (level, n) in [(Level::Novice, -2), (Level::Adept, -3), (Level::Master, -4)] {
            let e = effects(&[at("robust", AbilityKind::Trait, level)]);
            assert_eq!(e.modifiers[0].target, Target::Defense);
            assert_eq!(e.modifiers[0].amount, n);
        }
    }

    #[test]
    fn pack_mule_is_recognised_however_it_is_written() {
        for name in ["Pack-mule", "Pack mule", "PACKMULE"] {
            let e = effects(&[Ability::new(name, AbilityKind::Boon, None)]);
            assert!(e.pack_mule, "{name}");
            assert!(e.modifiers.is_empty());
        }
        assert!(!effects(&[Ability::new("Pack", AbilityKind::Boon, None)]).pack_mule);
    }

    #[test]
    fn any_ability_may_carry_a_player_modifier() {
        let mut a = Ability::new("Steadfast", AbilityKind::Ability, Some(Level::Adept));
        assert!(effects(std::slice::from_ref(&a)).modifiers.is_empty());
        a.modifier = Some(AbilityModifier {
            target: Target::PainThreshold,
            amount: 1,
        });
        let e = effects(&[a]);
        assert_eq!(
            e.modifiers,
            vec![Modifier::new("Steadfast (adept)", Target::PainThreshold, 1)]
        );
    }
}
