//! The rest of a fight's rolls on the Combat tab: Knock Out's 1d12 (the optional
//! Maneuvers rule) and a burning building's fire each turn (the optional Damage on
//! Buildings rule).

use super::log_roll;
use crate::model::Character;
use crate::rules::dice::{roll, Rng};
use crate::rules::symbaroum::buildings::FIRE_DIE;
use crate::rules::symbaroum::maneuvers::knocks_out;

/// Knock Out: the 1d12 against the damage of the hit (1 to 999), logged. Returns the
/// sheet's message: "1d12: 4, lower than 6: knocked out."
pub fn knock_out(c: &mut Character, damage: i32, rng: &mut dyn Rng, now: f64) -> String {
    let d12 = roll(rng, 12);
    let out = knocks_out(d12, damage);
    let (text, outcome) = if out {
        (
            format!("1d12: {d12}, lower than {damage}: knocked out."),
            "Knocked out",
        )
    } else {
        (
            format!("1d12: {d12}, not lower than {damage}: not knocked out."),
            "Not knocked out",
        )
    };
    log_roll(
        c,
        now,
        format!("Knock Out against {damage} damage"),
        format!("d12: {d12}"),
        outcome.into(),
    );
    text
}

/// The next turn of a siege: the turn's damage starts again, and a burning building
/// takes its fire's 1d4 Wrecking damage, logged. Returns what the fire did, if it
/// burns.
pub fn building_next_turn(c: &mut Character, rng: &mut dyn Rng, now: f64) -> Option<String> {
    let b = c.combat.building.as_mut()?;
    b.next_turn();
    b.burning?;
    let d = roll(rng, FIRE_DIE);
    let dealt = b.hit(d as i32, true);
    let name = b.name();
    log_roll(
        c,
        now,
        format!("Fire: {name}"),
        format!("d4: {d}"),
        format!("{dealt} damage"),
    );
    Some(format!("The fire deals {dealt} (1d4, Wrecking)."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::symbaroum::buildings::Building;
    use crate::rules::Ruleset;

    fn character() -> Character {
        Character::new("Sapper".into(), Ruleset::Symbaroum, 0.0)
    }

    #[test]
    fn knock_out_knocks_out_below_the_damage_and_is_logged() {
        let mut c = character();
        let mut dice = FixedDice::new(&[(4, 12)]);
        assert_eq!(
            knock_out(&mut c, 6, &mut dice, 3.0),
            "1d12: 4, lower than 6: knocked out."
        );
        let mut dice = FixedDice::new(&[(6, 12)]);
        assert_eq!(
            knock_out(&mut c, 6, &mut dice, 4.0),
            "1d12: 6, not lower than 6: not knocked out."
        );
        assert_eq!(c.roll_log[0].outcome, "Not knocked out");
        assert_eq!(c.roll_log[1].what, "Knock Out against 6 damage");
    }

    #[test]
    fn a_burning_building_takes_its_fire_each_turn() {
        let mut c = character();
        let mut none = FixedDice::new(&[]);
        assert_eq!(
            building_next_turn(&mut c, &mut none, 0.0),
            None,
            "no building"
        );
        c.combat.building = Some(Building::default());
        assert_eq!(
            building_next_turn(&mut c, &mut none, 0.0),
            None,
            "not burning"
        );
        c.combat.building.as_mut().unwrap().burning = Some(1);
        let mut dice = FixedDice::new(&[(3, 4)]);
        let said = building_next_turn(&mut c, &mut dice, 2.0).unwrap();
        assert_eq!(said, "The fire deals 3 (1d4, Wrecking).");
        let b = c.combat.building.as_ref().unwrap();
        assert_eq!((b.damage, b.burning), (3, Some(2)));
        assert_eq!(c.roll_log[0].dice, "d4: 3");
    }
}
