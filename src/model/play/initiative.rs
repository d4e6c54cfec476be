//! The encounter's initiative order: highest Agility (with its bonus) first, then
//! Vigilance, full ties by a d20 roll-off, logged. This character's place follows the
//! sheet's effective values.

use super::log_roll;
use crate::model::advance::Sheet;
use crate::model::Character;
use crate::rules::dice::Rng;
use crate::rules::symbaroum::initiative::{rolled_order, Combatant, Placed};
use crate::rules::symbaroum::Attr;

/// This character's name in the list.
pub fn my_name(name: &str) -> String {
    let n = name.trim();
    if n.is_empty() {
        "This character".into()
    } else {
        n.into()
    }
}

/// This character's effective Agility and Vigilance.
pub fn my_scores(s: Sheet) -> (i32, i32) {
    let d = s.derived();
    (
        d.attrs[Attr::Agility.index()].value,
        d.attrs[Attr::Vigilance.index()].value,
    )
}

/// The encounter as the order needs it, this character (`name`, and its sheet `s`)
/// with its name and effective values as the sheet has them now.
pub fn combatants(name: &str, s: Sheet) -> Vec<Combatant> {
    let encounter = &s.gear.combat.encounter;
    let me = encounter
        .iter()
        .any(|e| e.me)
        .then(|| (my_name(name), my_scores(s)));
    encounter
        .iter()
        .map(|e| match (&me, e.me) {
            (Some((n, (a, v))), true) => Combatant {
                name: n.clone(),
                agility: *a,
                vigilance: *v,
                bonus: e.bonus,
            },
            _ => Combatant {
                name: e.name.clone(),
                agility: e.agility,
                vigilance: e.vigilance,
                bonus: e.bonus,
            },
        })
        .collect()
}

/// Rolls the order of `list` (this character's encounter, [`combatants`]): full ties
/// are settled by d20 roll-offs, logged when any was rolled. Each place with its index
/// in the list.
pub fn roll_order(
    c: &mut Character,
    list: &[Combatant],
    rng: &mut dyn Rng,
    now: f64,
) -> Vec<(usize, Placed)> {
    let placed = rolled_order(rng, list);
    let rolls: Vec<String> = placed
        .iter()
        .filter(|(_, p)| !p.rolloffs.is_empty())
        .map(|(_, p)| {
            let r: Vec<String> = p.rolloffs.iter().map(u32::to_string).collect();
            format!("{}: {}", p.combatant.name, r.join(", "))
        })
        .collect();
    if !rolls.is_empty() {
        let names: Vec<&str> = placed
            .iter()
            .map(|(_, p)| p.combatant.name.as_str())
            .collect();
        log_roll(
            c,
            now,
            "Initiative roll-off (d20)".into(),
            rolls.join("; "),
            format!("Order: {}", names.join(", ")),
        );
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::combat::Combatant as Entry;
    use crate::rules::dice::FixedDice;
    use crate::rules::Ruleset;

    fn entry(name: &str, agility: i32, vigilance: i32, me: bool) -> Entry {
        Entry {
            id: 0,
            name: name.into(),
            agility,
            vigilance,
            bonus: 0,
            me,
        }
    }

    #[test]
    fn this_character_takes_its_place_from_the_sheet_and_ties_are_rolled_off_and_logged() {
        let mut c = Character::new("id".into(), Ruleset::Homebrew, 0.0);
        c.name = "Ida".into();
        c.attributes.set(Attr::Agility, 12);
        c.attributes.set(Attr::Vigilance, 9);
        // Stale numbers in the list: the sheet's own count.
        c.combat.encounter = vec![entry("Brigand", 12, 9, false), entry("old", 5, 5, true)];
        let list = combatants(&c.name, c.sheet());
        assert_eq!(
            list[1],
            Combatant {
                name: "Ida".into(),
                agility: 12,
                vigilance: 9,
                bonus: 0
            }
        );
        // Fully tied: the brigand rolls 3, Ida 15.
        let mut dice = FixedDice::new(&[(3, 20), (15, 20)]);
        let placed = roll_order(&mut c, &list, &mut dice, 9.0);
        assert_eq!(placed.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [1, 0]);
        let e = &c.roll_log[0];
        assert_eq!(e.dice, "Ida: 15; Brigand: 3");
        assert_eq!(e.outcome, "Order: Ida, Brigand");
        // No ties: no dice, nothing logged.
        let list = [Combatant::new("A", 10, 1), Combatant::new("B", 9, 1)];
        let mut none = FixedDice::new(&[]);
        roll_order(&mut c, &list, &mut none, 10.0);
        assert_eq!(c.roll_log.len(), 1);
    }
}
