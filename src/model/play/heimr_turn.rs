//! Heimr's turn at the table: an action of the seed's list taken (`rules::heimr::
//! actions`), with what it does to the sheet where the seed says: an ongoing action's
//! C −2 on defences until the next turn, a breather's −2 fatigue, dropping prone, a
//! readied dodge; and an upcoming action that went on into this turn, finished or
//! dropped. The turn itself is the sheet's moment, passed in beside the sheet.

use crate::model::heimr::HeimrSheet;
use crate::rules::heimr::actions::{
    action, ActionType, TurnActions, BREATHER_ONGOING, BREATHER_UPCOMING, CRAWL, DROP_PRONE,
    READY_DODGE,
};
use crate::rules::heimr::combat::{Position, READIED_DODGE_POTENTIAL};

/// Takes the action `name` this turn. Returns what happened in words, or why it
/// cannot be done now (and nothing changes).
pub fn take_action(
    h: &mut HeimrSheet,
    turn: &mut TurnActions,
    name: &str,
) -> Result<String, String> {
    let a = action(name).ok_or_else(|| format!("No combat action is called {name}."))?;
    if name == CRAWL {
        // Only while prone, and not after the character left their square this turn
        // (`TurnActions::may_crawl`, with the seed's line).
        turn.may_crawl(h.situation.positions.contains(&Position::Prone))?;
    }
    let mut said = turn.spend(a)?;
    if a.kind == ActionType::Ongoing {
        h.defences.start_ongoing_action();
    }
    match name {
        BREATHER_ONGOING => said.push_str(&breather(h)),
        DROP_PRONE => {
            h.situation.set_position(Position::Prone, true);
            said.push_str(" You are prone.");
        }
        READY_DODGE => {
            h.defences.readied_dodge = true;
            said.push_str(&format!(
                " P +{READIED_DODGE_POTENTIAL} on your next dodge against a ranged attack."
            ));
        }
        _ => {}
    }
    Ok(said)
}

/// The upcoming action going on this turn is finished (a breather lowers fatigue
/// now), or dropped (interrupted or cancelled: the standard action is free again).
pub fn end_continuing(
    h: &mut HeimrSheet,
    turn: &mut TurnActions,
    finished: bool,
) -> Option<String> {
    let name = turn.end_continuing(finished)?;
    Some(match (finished, name) {
        (true, BREATHER_UPCOMING) => format!("{name}: finished.{}", breather(h)),
        (true, _) => format!("{name}: finished, as your standard action."),
        (false, _) => format!("{name}: dropped. Your standard action is free."),
    })
}

fn breather(h: &mut HeimrSheet) -> String {
    let (before, after) = h.take_breather();
    format!(" Fatigue {before} → {after}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::heimr::combat::DefenceKind;

    /// A new turn of the sheet and of the turn's actions, as "New turn" does.
    fn new_turn(h: &mut HeimrSheet, t: &mut TurnActions) {
        h.new_turn();
        t.new_turn();
    }

    #[test]
    fn an_ongoing_action_puts_c_minus_2_on_defences_until_the_next_turn() {
        let (mut h, mut t) = (HeimrSheet::default(), TurnActions::default());
        assert_eq!(h.defences.c_penalty(DefenceKind::Dodge), 0);
        let said = take_action(&mut h, &mut t, "Run").unwrap();
        assert!(said.starts_with("Run: an ongoing action."));
        assert_eq!(h.defences.c_penalty(DefenceKind::Dodge), 2);
        assert!(
            take_action(&mut h, &mut t, "Speak").is_err(),
            "the turn is over"
        );
        new_turn(&mut h, &mut t);
        assert_eq!(h.defences.c_penalty(DefenceKind::Dodge), 0);
        assert_eq!(
            take_action(&mut h, &mut t, "Speak"),
            Ok("Speak: a free action.".into())
        );
    }

    #[test]
    fn a_breather_lowers_fatigue_now_or_when_its_upcoming_turn_is_finished() {
        let (mut h, mut t) = (HeimrSheet::default(), TurnActions::default());
        // Base fatigue 4 (Stamina 0): a breather never goes below it.
        h.fatigue.current = 9;
        let said = take_action(&mut h, &mut t, BREATHER_ONGOING).unwrap();
        assert!(said.ends_with(" Fatigue 9 → 7."), "{said}");
        new_turn(&mut h, &mut t);
        take_action(&mut h, &mut t, BREATHER_UPCOMING).unwrap();
        assert_eq!(h.fatigue.current, 7, "not yet: it goes on next turn");
        new_turn(&mut h, &mut t);
        assert_eq!(
            end_continuing(&mut h, &mut t, true),
            Some("Take a breather (upcoming): finished. Fatigue 7 → 5.".into())
        );
        assert_eq!(end_continuing(&mut h, &mut t, true), None, "once");
    }

    #[test]
    fn an_interrupted_upcoming_action_frees_the_standard_action() {
        let (mut h, mut t) = (HeimrSheet::default(), TurnActions::default());
        h.situation.set_position(Position::Prone, true);
        take_action(&mut h, &mut t, "Crawl").unwrap();
        new_turn(&mut h, &mut t);
        assert!(take_action(&mut h, &mut t, "Weapon attack").is_err());
        assert_eq!(
            end_continuing(&mut h, &mut t, false),
            Some("Crawl: dropped. Your standard action is free.".into())
        );
        assert!(take_action(&mut h, &mut t, "Weapon attack").is_ok());
    }

    #[test]
    fn a_crawl_is_refused_unless_prone_and_still_in_the_turns_first_square() {
        let (mut h, mut t) = (HeimrSheet::default(), TurnActions::default());
        // Standing: refused, and nothing changes.
        assert_eq!(
            take_action(&mut h, &mut t, CRAWL),
            Err("Crawl: only while prone. Drop prone first (a free action).".into())
        );
        assert_eq!(t, TurnActions::default());
        // A Move, then down prone: refused, and the turn is as it was.
        let mut moved = TurnActions::default();
        take_action(&mut h, &mut moved, "Move").unwrap();
        take_action(&mut h, &mut moved, DROP_PRONE).unwrap();
        let before = moved.clone();
        let why = take_action(&mut h, &mut moved, CRAWL).unwrap_err();
        assert!(why.ends_with("you left it this turn (Move)."), "{why}");
        assert_eq!(moved, before);
        // Prone, not moved: the crawl begins.
        assert!(h.situation.positions.contains(&Position::Prone));
        assert!(take_action(&mut h, &mut t, CRAWL)
            .unwrap()
            .starts_with("Crawl: begun."));
    }

    #[test]
    fn dropping_prone_and_readying_a_dodge_change_the_sheet() {
        let (mut h, mut t) = (HeimrSheet::default(), TurnActions::default());
        take_action(&mut h, &mut t, DROP_PRONE).unwrap();
        assert!(h.situation.positions.contains(&Position::Prone));
        let said = take_action(&mut h, &mut t, READY_DODGE).unwrap();
        assert_eq!(
            said,
            "Ready a dodge: your standard action. P +2 on your next dodge against a ranged attack."
        );
        assert!(h.defences.readied_dodge);
        assert_eq!(
            take_action(&mut h, &mut t, "Fly"),
            Err("No combat action is called Fly.".into())
        );
    }
}
