//! Heimr at the table: the initiative challenge (C = Dexterity, P = current
//! willpower), which puts the character in the encounter's order.

use crate::model::heimr::HeimrSheet;
use crate::model::log::LogEntry;
use crate::rules::dice::{roll, Rng};
use crate::rules::heimr::attributes::Attribute;
use crate::rules::heimr::challenge::dice_text;
use crate::rules::heimr::combat::roll_initiative;
use crate::rules::heimr::dice::ChallengeRoll;
use crate::rules::heimr::encounter::Combatant;
use crate::rules::heimr::injuries::{short_rest, BodyPart};
use crate::rules::heimr::num;

/// Rolls initiative: keeps the result, and puts the character in the encounter's
/// order with it (or moves it there). Returns the roll and its log entry, made at
/// `now`, for the sheet to log with the change.
pub fn initiative(h: &mut HeimrSheet, rng: &mut dyn Rng, now: f64) -> (ChallengeRoll, LogEntry) {
    let r = roll_initiative(
        rng,
        h.attributes.get(Attribute::Dexterity),
        h.willpower.current,
    );
    h.initiative = Some(r.result);
    // The character's own row needs no name: it cannot be refused.
    let _ = h.encounter.add(Combatant {
        you: true,
        initiative: r.result,
        willpower: h.willpower.current,
        ..Combatant::default()
    });
    let entry = LogEntry {
        time: now,
        what: format!(
            "Initiative (C {} = Dexterity, P {} = willpower)",
            num(r.consistency),
            num(r.potential)
        ),
        dice: dice_text(&r),
        target: None,
        passed: None,
        outcome: format!("Initiative {}: {}", num(r.result), r.explain()),
    };
    (r, entry)
}

/// Where an attack hits: the attack's d6, rolled now (5–6 torso, 4 sword arm, 3 other
/// arm, 2 right leg, 1 left leg: [`BodyPart::from_d6`]).
pub fn roll_hit_d6(rng: &mut dyn Rng) -> u32 {
    roll(rng, 6)
}

/// Takes `amount` damage, on `part` when the attack's d6 is known: HP down, the injury
/// level that follows (its timer starts when the character becomes injured), the part
/// injured. Returns the sheet's message ("Took 3 damage on the torso: HP −1, Injured.").
pub fn take_damage(h: &mut HeimrSheet, amount: u32, part: Option<BodyPart>) -> String {
    let level = h.take_damage(amount, part);
    let on = part
        .map(|p| format!(" on the {}", p.name().to_lowercase()))
        .unwrap_or_default();
    format!(
        "Took {amount} damage{on}: HP {}, {}.",
        num(h.hp.current),
        level.name()
    )
}

/// A short rest: HP back (the rules' `short_rest`), and with it the injuries, their
/// timer and stabilisation cleared. Returns the sheet's message, or why not.
pub fn rest(h: &mut HeimrSheet) -> Result<String, String> {
    short_rest(&mut h.hp)?;
    h.injured_parts.clear();
    h.injury_minutes = 0;
    h.stabilised = false;
    Ok(format!("Rested: HP back to {}.", h.hp.current))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::SeededRng;

    #[test]
    fn initiative_is_kept_and_puts_the_character_in_the_order_once() {
        let mut h = HeimrSheet::default();
        h.attributes.set(Attribute::Dexterity, 3);
        let mut rng = SeededRng::new(7);
        let (r, entry) = initiative(&mut h, &mut rng, 5.0);
        assert_eq!(h.initiative, Some(r.result));
        assert_eq!(r.consistency, 3, "C is Dexterity");
        assert_eq!(
            r.potential, h.willpower.current,
            "P is the current willpower"
        );
        let mine: Vec<_> = h.encounter.order.iter().filter(|c| c.you).collect();
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0].initiative, r.result);
        assert_eq!(entry.time, 5.0);
        assert!(entry
            .outcome
            .starts_with(&format!("Initiative {}", num(r.result))));
        // Rolled again: moved, not added twice.
        let (r2, _) = initiative(&mut h, &mut rng, 6.0);
        let mine: Vec<_> = h.encounter.order.iter().filter(|c| c.you).collect();
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0].initiative, r2.result);
    }

    #[test]
    fn damage_on_a_part_injures_it_and_a_short_rest_clears_the_injuries() {
        let mut h = HeimrSheet::default();
        h.hp.max = 3;
        h.hp.current = 1;
        let mut dice = crate::rules::dice::FixedDice::new(&[(5, 6)]);
        let part = BodyPart::from_d6(roll_hit_d6(&mut dice));
        assert_eq!(part, Some(BodyPart::Torso), "5–6: the torso");
        let said = take_damage(&mut h, 2, part);
        assert_eq!(said, "Took 2 damage on the torso: HP −1, Bloodied.");
        assert_eq!(h.injured_parts, vec![BodyPart::Torso]);
        assert!(rest(&mut h).unwrap_err().contains("needs at least 1 HP"));
        assert_eq!(h.injured_parts.len(), 1, "refused: nothing changes");
        h.hp.current = 1;
        h.injury_minutes = 20;
        assert_eq!(rest(&mut h), Ok("Rested: HP back to 3.".into()));
        assert!(h.injured_parts.is_empty());
        assert_eq!((h.injury_minutes, h.stabilised), (0, false));
    }
}
