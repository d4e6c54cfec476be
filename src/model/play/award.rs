//! Experience awarded for a scene as one Game Master of the homebrew does it (seed 004):
//! 1, with 1d4 more for something really cool and 1d10 more for the big bad boss, the
//! dice rolled here and kept in the roll log, the award booked in the ledger.

use super::log_roll;
use crate::model::Character;
use crate::rules::dice::Rng;
use crate::rules::symbaroum::experience::{scene_award, XpEntry};

/// Books a scene's award for `note` on `date` and says it: "Added 4 Experience (1 +
/// cool 1d4: 3)."
pub fn award_scene(
    c: &mut Character,
    cool: bool,
    boss: bool,
    note: &str,
    date: String,
    rng: &mut dyn Rng,
    now: f64,
) -> String {
    let (n, text) = scene_award(rng, cool, boss);
    let note = note.trim();
    let note = if note.is_empty() {
        format!("Scene ({text})")
    } else {
        format!("Scene: {note} ({text})")
    };
    c.advance.xp.push(XpEntry::Award {
        amount: n,
        note,
        date,
    });
    if cool || boss {
        log_roll(
            c,
            now,
            "Scene award".into(),
            text.clone(),
            format!("{n} Experience"),
        );
    }
    c.updated = now;
    format!("Added {n} Experience ({text}).")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::Ruleset;

    #[test]
    fn a_scene_is_booked_with_its_dice_in_the_ledger_and_the_roll_log() {
        let mut c = Character::new("Ann".into(), Ruleset::Homebrew, 0.0);
        let said = award_scene(
            &mut c,
            false,
            false,
            "",
            "2026-11-25".into(),
            &mut FixedDice::new(&[]),
            5.0,
        );
        assert_eq!(said, "Added 1 Experience (1).");
        assert!(c.roll_log.is_empty(), "no dice, nothing rolled");
        let mut dice = FixedDice::new(&[(3, 4), (7, 10)]);
        let said = award_scene(
            &mut c,
            true,
            true,
            " The keep ",
            "2026-11-25".into(),
            &mut dice,
            9.0,
        );
        assert_eq!(
            said,
            "Added 11 Experience (1 + cool 1d4: 3 + boss 1d10: 7)."
        );
        assert_eq!(c.advance.totals().earned, 12);
        assert_eq!(
            c.advance.xp[1].text(),
            "Award: Scene: The keep (1 + cool 1d4: 3 + boss 1d10: 7)"
        );
        assert_eq!(c.roll_log[0].what, "Scene award");
        assert_eq!(c.roll_log[0].outcome, "11 Experience");
        assert_eq!(c.updated, 9.0);
    }
}
