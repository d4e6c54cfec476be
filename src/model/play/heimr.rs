//! Heimr at the table: the initiative challenge (C = Dexterity, P = current
//! willpower), which puts the character in the encounter's order.

use crate::model::heimr::HeimrSheet;
use crate::model::log::LogEntry;
use crate::rules::dice::Rng;
use crate::rules::heimr::attributes::Attribute;
use crate::rules::heimr::challenge::dice_text;
use crate::rules::heimr::combat::roll_initiative;
use crate::rules::heimr::dice::ChallengeRoll;
use crate::rules::heimr::encounter::Combatant;
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
        unknown: Default::default(),
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
}
