//! The party at a glance: a member's numbers, derived by the same rules as their sheet,
//! what ails them and what they carry into a fight, in their ruleset's words.

use super::{Foe, FoeStats};
use crate::model::Character;
use crate::rules::heimr::injuries::{injury_level, Pool};
use crate::rules::symbaroum::dying::LifeState;
use crate::rules::symbaroum::labels;

/// One number on a member's card.
#[derive(Clone, Debug, PartialEq)]
pub struct Number {
    pub label: String,
    pub value: String,
    /// Something the game master should see at once (Toughness at 0, corruption at
    /// its threshold, HP at 0 or less).
    pub warn: bool,
}

/// A member as the table shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct Glance {
    pub numbers: Vec<Number>,
    /// Conditions, dying, injuries, effects: what ails them now.
    pub states: Vec<String>,
    /// Weapons and armor, as "Spear 1d8" or "Woven silk 1d4, worn".
    pub gear: Vec<String>,
}

fn number(label: &'static str, value: impl ToString, warn: bool) -> Number {
    Number {
        label: label.into(),
        value: value.to_string(),
        warn,
    }
}

/// Heimr's HP (warned at 0 or less) and willpower, current of max.
fn hp_and_willpower(hp: &Pool, willpower: &Pool) -> [Number; 2] {
    [
        number(
            "HP",
            format!("{} / {}", hp.current, hp.max),
            hp.current <= 0,
        ),
        number(
            "Willpower",
            format!("{} / {}", willpower.current, willpower.max),
            false,
        ),
    ]
}

/// `c` at a glance.
pub fn glance(c: &Character) -> Glance {
    match c.heimr() {
        Some(_) => heimr(c),
        None => symbaroum(c),
    }
}

fn symbaroum(c: &Character) -> Glance {
    let l = labels(c.ruleset);
    let d = c.derived();
    let max = d.toughness.value;
    let now = c.combat.current_toughness(max);
    let corruption = c.combat.corruption.total();
    let threshold = d.corruption_threshold.value;
    let xp = c.advance.totals();
    let numbers = vec![
        number(l.toughness, format!("{now} / {max}"), now == 0),
        number(l.pain_threshold, d.pain_threshold.value, false),
        number(l.defense, d.defense.value, false),
        number(
            "Corruption",
            format!("{corruption} (threshold {threshold})"),
            corruption >= threshold,
        ),
        number("Unspent Experience", xp.unspent, false),
    ];
    let mut states: Vec<String> = match c.combat.life {
        LifeState::Alive => Vec::new(),
        LifeState::Dying { steps } => vec![format!("Dying ({steps} of 3 steps)")],
        LifeState::Dead => vec!["Dead".into()],
    };
    states.extend(c.combat.conditions.iter().map(|k| k.name.clone()));
    let mut gear: Vec<String> = c
        .combat
        .weapons
        .iter()
        .map(|w| format!("{} {}", w.name, w.damage))
        .collect();
    gear.extend(
        c.combat
            .armor
            .iter()
            .filter(|a| a.worn)
            .map(|a| format!("{} {}, worn", a.name, a.protection)),
    );
    gear.extend(
        c.combat
            .shields
            .iter()
            .filter(|s| s.in_use)
            .map(|s| s.name.clone()),
    );
    Glance {
        numbers,
        states,
        gear,
    }
}

fn heimr(c: &Character) -> Glance {
    let h = c.heimr().expect("a Heimr character");
    let [hp, willpower] = hp_and_willpower(&h.hp, &h.willpower);
    let numbers = vec![
        hp,
        willpower,
        number("Fatigue", h.fatigue.current, false),
        number("Unspent Experience", h.xp.unspent(), false),
    ];
    let level = injury_level(h.hp.current);
    let mut states: Vec<String> = match h.hp.current {
        1.. => Vec::new(),
        _ => vec![level.name().to_string()],
    };
    states.extend(h.effects.iter().map(|e| e.effect.name().to_string()));
    let mut gear: Vec<String> = h.weapons.clone();
    gear.extend(h.shield.clone());
    Glance {
        numbers,
        states,
        gear,
    }
}

/// A foe at a glance: its numbers, and its attacks as gear.
pub fn foe_glance(foe: &Foe) -> Glance {
    match foe.stats() {
        Some(FoeStats::Symbaroum(s)) => {
            let now = (s.toughness - s.damage).max(0);
            Glance {
                numbers: vec![
                    number("Toughness", format!("{now} / {}", s.toughness), now == 0),
                    number("Pain Threshold", s.pain_threshold, false),
                    number("Defense", s.defense, false),
                    number("Armor", &s.armor, false),
                ],
                states: Vec::new(),
                gear: s
                    .attacks
                    .iter()
                    .map(|a| format!("{} {}, accuracy {}", a.name, a.damage, a.accuracy))
                    .collect(),
            }
        }
        Some(FoeStats::Heimr(h)) => Glance {
            numbers: {
                let [hp, willpower] = hp_and_willpower(&h.hp, &h.willpower);
                vec![
                    hp,
                    willpower,
                    number("Dexterity", h.attributes.dexterity, false),
                    number("Strength", h.attributes.strength, false),
                ]
            },
            states: Vec::new(),
            gear: Vec::new(),
        },
        None => Glance {
            numbers: Vec::new(),
            states: Vec::new(),
            gear: Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::load_document;

    fn stig() -> Character {
        load_document(include_str!("../../../tests/fixtures/v1-full.json")).unwrap()
    }

    #[test]
    fn a_member_s_numbers_are_their_sheet_s() {
        let c = stig();
        let g = glance(&c);
        let d = c.derived();
        let at = |label: &str| {
            g.numbers
                .iter()
                .find(|n| n.label == label)
                .map(|n| n.value.clone())
                .unwrap()
        };
        // The fixture: Might 11 → max Toughness 11, 4 lost; Pain Threshold 6.
        assert_eq!(d.toughness.value, 11);
        assert_eq!(at("Toughness"), "7 / 11");
        assert_eq!(at("Pain Threshold"), d.pain_threshold.value.to_string());
        assert_eq!(at("Defense"), d.defense.value.to_string());
        assert_eq!(at("Corruption"), "5 (threshold 5)");
        assert!(g.numbers.iter().any(|n| n.label == "Corruption" && n.warn));
        assert_eq!(
            at("Unspent Experience"),
            c.advance.totals().unspent.to_string()
        );
        assert_eq!(g.states, vec!["Dying (1 of 3 steps)".to_string()]);
        assert_eq!(
            g.gear,
            vec![
                "Spear 1d8",
                "Longbow 1d8",
                "Woven silk 1d4, worn",
                "Buckler"
            ]
        );
    }

    #[test]
    fn a_heimr_member_shows_hp_willpower_and_fatigue() {
        let mut c = load_document(include_str!("../../../tests/fixtures/v1-heimr.json")).unwrap();
        c.heimr_mut().hp.current = -2;
        let g = glance(&c);
        let hp = &g.numbers[0];
        assert_eq!((hp.label.as_str(), hp.warn), ("HP", true));
        assert!(hp.value.starts_with("-2 / "), "{}", hp.value);
        assert_eq!(g.states[0], "Mangled");
        assert_eq!(g.numbers[1].label, "Willpower");
        assert_eq!(g.numbers[2].label, "Fatigue");
    }

    #[test]
    fn a_foe_shows_toughness_left_and_its_attacks() {
        let mut foe = crate::model::table::foe::goblin();
        foe.symbaroum.as_mut().unwrap().damage = 10;
        let g = foe_glance(&foe);
        assert_eq!(
            (g.numbers[0].value.as_str(), g.numbers[0].warn),
            ("0 / 10", true)
        );
        assert_eq!(g.numbers[3].value, "1d4");
        assert_eq!(g.gear, ["Spear 1d8, accuracy 10"]);
    }
}
