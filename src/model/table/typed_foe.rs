//! A foe's stat line as the game master types it into the table's form: each box's
//! text by its field, read and checked here, with a message at the box that is wrong.

use super::foe::{Foe, FoeAttack, HeimrFoe, SymbaroumFoe};
use super::Family;
use crate::rules::heimr::attributes::{Attribute, AttributeScores, MAX_SCORE, MIN_SCORE};
use crate::rules::heimr::injuries::Pool;
use crate::rules::input::{name_problem, parse_whole};
use crate::rules::symbaroum::dice_notation::DiceExpr;

/// A box of the form: its field and the words it is labelled with.
pub struct FoeField {
    pub key: &'static str,
    pub label: &'static str,
    /// What the box shows before the game master types.
    pub hint: &'static str,
}

const fn field(key: &'static str, label: &'static str, hint: &'static str) -> FoeField {
    FoeField { key, label, hint }
}

/// The Symbaroum family's boxes, in the words of both label sets.
pub const SYMBAROUM_FIELDS: &[FoeField] = &[
    field("name", "Name", "Goblin"),
    field("agility", "Agility (Quick)", "13"),
    field("vigilance", "Vigilance (Vigilant)", "10"),
    field("defense", "Defense", "13"),
    field("toughness", "Toughness", "10"),
    field("pain", "Pain Threshold", "5"),
    field("armor", "Armor", "1d4"),
    field("attack", "Attack", "Spear"),
    field("accuracy", "Accuracy (Accurate)", "10"),
    field("damage", "Damage", "1d8"),
];

/// Heimr's boxes.
pub const HEIMR_FIELDS: &[FoeField] = &[
    field("name", "Name", "Wolf"),
    field("strength", "Strength", "0"),
    field("dexterity", "Dexterity", "0"),
    field("stamina", "Stamina", "0"),
    field("intelligence", "Intelligence", "0"),
    field("sociability", "Sociability", "0"),
    field("empathy", "Empathy", "0"),
    field("hp", "HP", "6"),
    field("willpower", "Willpower", "3"),
];

/// The boxes of a family's form.
pub fn foe_fields(family: Family) -> &'static [FoeField] {
    match family {
        Family::Symbaroum => SYMBAROUM_FIELDS,
        Family::Heimr => HEIMR_FIELDS,
    }
}

/// Why a typed stat line was refused: the box, and what to fix there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldProblem {
    pub key: &'static str,
    pub why: String,
}

/// Reads the form: `text(key)` is what its box holds. A Symbaroum-family foe's attack
/// is left out when its box is empty.
pub fn typed_foe(family: Family, text: &dyn Fn(&str) -> String) -> Result<Foe, FieldProblem> {
    let problem = |key: &'static str| move |why: String| FieldProblem { key, why };
    let label = |key: &str| {
        foe_fields(family)
            .iter()
            .find(|f| f.key == key)
            .map_or("", |f| f.label)
    };
    let number = |key: &'static str, min: i64, max: i64| -> Result<i32, FieldProblem> {
        parse_whole(label(key), &text(key), min, max)
            .map(|n| n as i32)
            .map_err(problem(key))
    };
    let dice = |key: &'static str| -> Result<DiceExpr, FieldProblem> {
        let t = text(key);
        match t.trim() {
            "" | "0" => Ok(DiceExpr::default()),
            t => t.parse().map_err(problem(key)),
        }
    };
    let name = text("name").trim().to_string();
    if let Some(why) = name_problem(&name, true) {
        return Err(problem("name")(why));
    }
    Ok(match family {
        Family::Symbaroum => {
            let toughness = number("toughness", 1, 999)?;
            let attack = text("attack").trim().to_string();
            let attacks = match attack.is_empty() {
                true => Vec::new(),
                false => {
                    if let Some(why) = name_problem(&attack, true) {
                        return Err(problem("attack")(why));
                    }
                    vec![FoeAttack {
                        name: attack,
                        accuracy: number("accuracy", 1, 30)?,
                        damage: dice("damage")?,
                    }]
                }
            };
            Foe::symbaroum(
                name,
                SymbaroumFoe {
                    agility: number("agility", 1, 30)?,
                    vigilance: number("vigilance", 1, 30)?,
                    defense: number("defense", -30, 30)?,
                    toughness,
                    pain_threshold: number("pain", 1, 999)?,
                    armor: dice("armor")?,
                    attacks,
                    damage: 0,
                },
            )
        }
        Family::Heimr => {
            let mut attributes = AttributeScores::default();
            for (a, key) in Attribute::ALL.into_iter().zip(&HEIMR_FIELDS[1..7]) {
                attributes.set(
                    a,
                    number(key.key, i64::from(MIN_SCORE), i64::from(MAX_SCORE))?,
                );
            }
            Foe::heimr(
                name,
                HeimrFoe {
                    attributes,
                    hp: Pool::full(number("hp", 1, 999)?),
                    willpower: Pool::full(number("willpower", 1, 999)?),
                },
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form<'a>(boxes: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> String + 'a {
        move |key| {
            boxes
                .iter()
                .find(|(k, _)| *k == key)
                .map_or(String::new(), |(_, v)| v.to_string())
        }
    }

    const GOBLIN: &[(&str, &str)] = &[
        ("name", " Goblin "),
        ("agility", "13"),
        ("vigilance", "10"),
        ("defense", "13"),
        ("toughness", "10"),
        ("pain", "5"),
        ("armor", "1d4"),
        ("attack", "Spear"),
        ("accuracy", "10"),
        ("damage", "1d8"),
    ];

    #[test]
    fn a_typed_goblin_is_a_foe_with_its_attack() {
        let foe = typed_foe(Family::Symbaroum, &form(GOBLIN)).unwrap();
        assert_eq!(foe.name, "Goblin");
        let s = foe.symbaroum.unwrap();
        assert_eq!(
            (s.agility, s.defense, s.toughness, s.pain_threshold),
            (13, 13, 10, 5)
        );
        assert_eq!(s.armor.to_string(), "1d4");
        assert_eq!(s.attacks[0].name, "Spear");
        assert_eq!(s.attacks[0].damage.to_string(), "1d8");
    }

    #[test]
    fn a_wrong_box_is_named_with_what_to_fix() {
        let mut boxes = GOBLIN.to_vec();
        boxes[4] = ("toughness", "ten");
        let e = typed_foe(Family::Symbaroum, &form(&boxes)).unwrap_err();
        assert_eq!(e.key, "toughness");
        assert_eq!(
            e.why,
            "Toughness must be a whole number, like 2 or −1 (got \"ten\")."
        );
        boxes[4] = ("toughness", "10");
        boxes[6] = ("armor", "d");
        assert_eq!(
            typed_foe(Family::Symbaroum, &form(&boxes)).unwrap_err().key,
            "armor"
        );
        boxes[0] = ("name", "");
        let e = typed_foe(Family::Symbaroum, &form(&boxes)).unwrap_err();
        assert_eq!((e.key, e.why.as_str()), ("name", "Enter a name."));
    }

    #[test]
    fn no_attack_typed_is_none_and_no_armor_is_none() {
        let boxes: Vec<_> = GOBLIN
            .iter()
            .filter(|(k, _)| !["attack", "armor", "accuracy", "damage"].contains(k))
            .copied()
            .collect();
        let foe = typed_foe(Family::Symbaroum, &form(&boxes)).unwrap();
        let s = foe.symbaroum.unwrap();
        assert!(s.attacks.is_empty());
        assert_eq!(s.armor, DiceExpr::default());
    }

    #[test]
    fn a_heimr_foe_has_its_attributes_and_full_pools() {
        let boxes = [
            ("name", "Wolf"),
            ("strength", "1"),
            ("dexterity", "2"),
            ("stamina", "1"),
            ("intelligence", "-2"),
            ("sociability", "−3"),
            ("empathy", "0"),
            ("hp", "6"),
            ("willpower", "3"),
        ];
        let foe = typed_foe(Family::Heimr, &form(&boxes)).unwrap();
        assert_eq!(foe.check(Family::Heimr), Ok(()));
        let h = foe.heimr.unwrap();
        assert_eq!(h.attributes.dexterity, 2);
        assert_eq!(h.attributes.sociability, -3);
        assert_eq!((h.hp.current, h.hp.max, h.willpower.max), (6, 6, 3));
    }
}
