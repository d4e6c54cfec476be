//! Dying: the death test each turn while dying, and first aid that ends dying
//! without healing.

use super::{log_roll, spend_reroll};
use crate::model::Character;
use crate::rules::dice::Rng;
use crate::rules::symbaroum::combat::HealingSource;
use crate::rules::symbaroum::dying::{stabilise, DeathResult, Healer, LifeState};
use crate::rules::symbaroum::labels;

/// A death test as made: the sheet's message, and the fight state (life, damage)
/// before and after it (its re-roll is offered only while nothing else has changed
/// that state since).
#[derive(Clone, Debug, PartialEq)]
pub struct DeathTested {
    pub message: String,
    pub before: (LifeState, i32),
    pub after: (LifeState, i32),
}

/// Rolls this turn's death test: the character wakes up with 1d4 Toughness on a 1,
/// dies on a 20 or the third step closer. Returns what it did, or why no test is made.
pub fn death_test(c: &mut Character, rng: &mut dyn Rng, now: f64) -> Result<DeathTested, String> {
    test(c, "Death test".into(), rng, now)
}

/// Makes the death test `last` again for one Experience (booked in the ledger), from
/// the fight state before it.
pub fn reroll_death_test(
    c: &mut Character,
    last: &DeathTested,
    rng: &mut dyn Rng,
    now: f64,
) -> Result<DeathTested, String> {
    let title = spend_reroll(c.advance_mut(), "Death test");
    (c.combat.life, c.combat.damage) = last.before;
    test(c, title, rng, now)
}

/// A death test named `what` in the log.
fn test(
    c: &mut Character,
    what: String,
    rng: &mut dyn Rng,
    now: f64,
) -> Result<DeathTested, String> {
    let before = (c.combat.life, c.combat.damage);
    let t = c.combat.life.death_test(rng)?;
    let msg = t.message(labels(c.ruleset));
    if let DeathResult::WakesUp { toughness } = t.result {
        let max = c.derived().toughness.value;
        c.combat.damage = (max - toughness).max(0);
    }
    c.combat.life = t.state;
    let mut dice = format!("d20: {}", t.roll);
    if let Some(d) = t.d4 {
        dice += &format!("; d4: {d}");
    }
    log_roll(c, now, what, dice, msg.clone());
    Ok(DeathTested {
        message: msg,
        before,
        after: (c.combat.life, c.combat.damage),
    })
}

/// First aid that ends dying without healing, given `by` someone else (the dying
/// cannot help themself): the death steps reset. Returns the sheet's message, or why
/// it cannot be given.
pub fn first_aid(
    c: &mut Character,
    by: Healer,
    rng: &mut dyn Rng,
    now: f64,
) -> Result<String, String> {
    let max = c.derived().toughness.value;
    let cur = c.combat.current_toughness(max);
    let aid = stabilise(
        rng,
        c.combat.life,
        cur,
        max,
        HealingSource::Other { amount: 0 },
        by,
    )?;
    c.combat.life = aid.state;
    c.combat.damage = (max - aid.toughness).max(0);
    c.updated = now;
    Ok("Stabilised: no longer dying, death steps reset.".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::play::toughness::set_toughness;
    use crate::rules::dice::FixedDice;
    use crate::rules::Ruleset;

    fn dying() -> Character {
        let mut c = Character::new("Down".into(), Ruleset::Homebrew, 0.0);
        set_toughness(&mut c, 10, 0);
        assert!(c.combat.life.is_dying());
        c
    }

    #[test]
    fn a_death_test_of_1_wakes_the_character_with_1d4_toughness() {
        let mut c = dying();
        let mut dice = FixedDice::new(&[(1, 20), (3, 4)]);
        let msg = death_test(&mut c, &mut dice, 4.0).unwrap().message;
        assert!(
            msg.starts_with("Rolled 1: the wounds looked worse"),
            "{msg}"
        );
        assert_eq!(c.combat.life, LifeState::Alive);
        assert_eq!(c.combat.current_toughness(10), 3);
        assert_eq!(c.roll_log[0].dice, "d20: 1; d4: 3");
    }

    #[test]
    fn three_steps_closer_and_the_character_dies() {
        let mut c = dying();
        for (n, want) in [
            (15, LifeState::Dying { steps: 1 }),
            (5, LifeState::Dying { steps: 1 }),
            (12, LifeState::Dying { steps: 2 }),
            (19, LifeState::Dead),
        ] {
            let mut dice = FixedDice::new(&[(n, 20)]);
            death_test(&mut c, &mut dice, 0.0).unwrap();
            assert_eq!(c.combat.life, want, "after a {n}");
        }
        let mut none = FixedDice::new(&[]);
        assert_eq!(
            death_test(&mut c, &mut none, 0.0),
            Err("The character is dead.".into())
        );
        assert_eq!(c.roll_log.len(), 4);
    }

    #[test]
    fn a_death_test_rerolled_for_experience_starts_again_from_before_it() {
        let mut c = dying();
        c.advance_mut().reroll.enabled = true;
        let mut dice = FixedDice::new(&[(14, 20)]);
        let first = death_test(&mut c, &mut dice, 0.0).unwrap();
        assert_eq!(first.after.0, LifeState::Dying { steps: 1 });
        // Re-rolled: a 1 this time, from the state before the first (no step lost).
        let mut dice = FixedDice::new(&[(1, 20), (2, 4)]);
        let again = reroll_death_test(&mut c, &first, &mut dice, 5.0).unwrap();
        assert_eq!(again.before, first.before);
        assert_eq!(c.combat.life, LifeState::Alive);
        assert_eq!(c.combat.current_toughness(10), 2);
        assert_eq!(c.roll_log[0].what, "Re-roll for 1 XP: Death test");
        assert_eq!(c.roll_log.len(), 2);
    }

    #[test]
    fn first_aid_ends_dying_and_is_refused_for_the_living() {
        let mut c = dying();
        let mut none = FixedDice::new(&[]);
        assert!(first_aid(&mut c, Healer::SomeoneElse, &mut none, 1.0).is_ok());
        assert_eq!(c.combat.life, LifeState::Alive);
        assert!(first_aid(
            &mut Character::new("Up".into(), Ruleset::Homebrew, 0.0),
            Healer::SomeoneElse,
            &mut none,
            1.0
        )
        .is_err());
    }

    #[test]
    fn the_dying_cannot_give_themself_first_aid() {
        // Seed 000: "they cannot help themself in any way".
        let mut c = dying();
        let before = c.clone();
        let mut none = FixedDice::new(&[]);
        let why = first_aid(&mut c, Healer::Themself, &mut none, 1.0).unwrap_err();
        assert!(
            why.starts_with("A dying character cannot help themself"),
            "{why}"
        );
        assert_eq!(c, before);
    }
}
