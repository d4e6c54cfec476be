//! The encounter's turn order: everyone in the fight by initiative (ties to the
//! higher willpower), whose turn it is, delaying, and readied actions.

use serde::{Deserialize, Serialize};

use super::combat::{compare_initiative, Initiative};
use crate::rules::input::name_problem;
use std::cmp::Ordering;

/// The most combatants one encounter lists.
pub const COMBATANTS_MAX: usize = 30;
/// The longest name or trigger.
pub const TEXT_MAX: usize = 80;

/// One character in the fight.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Combatant {
    /// Stable within the encounter (for the list's rows).
    pub id: u32,
    pub name: String,
    pub initiative: i32,
    pub willpower: i32,
    /// The sheet's own character (its name is the character's).
    pub you: bool,
    /// The trigger of a readied action (empty: none).
    pub readied: String,
}

impl Combatant {
    fn key(&self) -> Initiative {
        Initiative {
            result: self.initiative,
            willpower: self.willpower,
        }
    }
}

/// The turn order of one fight.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Encounter {
    /// First to act first.
    pub order: Vec<Combatant>,
    /// Index of the one whose turn it is.
    pub turn: usize,
    /// Rounds completed (the first round is 0).
    pub round: u32,
    pub next_id: u32,
}

/// What a new turn in the order brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnStart {
    /// It is now the sheet's own character's turn.
    pub yours: bool,
    /// A readied action that was lost: its trigger did not come before this turn.
    pub lost_readied: Option<String>,
}

/// Reads "name initiative willpower" as typed in one box ("Asa the Bold 12 3"; the
/// minus sign or a hyphen for negatives).
pub fn parse_combatant(text: &str) -> Result<Combatant, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let help = "Type a name, the initiative and the willpower, like: Asa 12 3.";
    let [name @ .., init, wp] = words.as_slice() else {
        return Err(help.into());
    };
    if name.is_empty() {
        return Err(help.into());
    }
    let n = |what, t| crate::rules::input::parse_whole(what, t, -999, 999).map(|v| v as i32);
    Ok(Combatant {
        name: name.join(" "),
        initiative: n("Initiative", init)?,
        willpower: n("Willpower", wp)?,
        ..Combatant::default()
    })
}

impl Encounter {
    /// The one whose turn it is.
    pub fn current(&self) -> Option<&Combatant> {
        self.order.get(self.turn)
    }

    /// The index of the combatant with this id.
    pub fn index(&self, id: u32) -> Option<usize> {
        self.order.iter().position(|c| c.id == id)
    }

    /// Adds a combatant in initiative order: after everyone with a higher result, or
    /// the same result and more willpower; after those tied on both (the GM may move
    /// them). The sheet's own character replaces its earlier entry. Once the fight
    /// has moved on, the one whose turn it is keeps it.
    pub fn add(&mut self, mut c: Combatant) -> Result<(), String> {
        c.name = c.name.trim().to_string();
        if let Some(why) = name_problem(&c.name, !c.you) {
            return Err(why);
        }
        if c.you {
            if let Some(i) = self.order.iter().position(|o| o.you) {
                self.remove(i);
            }
        }
        if self.order.len() >= COMBATANTS_MAX {
            return Err(format!("An encounter lists at most {COMBATANTS_MAX}."));
        }
        c.id = self.next_id;
        self.next_id += 1;
        let at = self
            .order
            .iter()
            .position(|o| compare_initiative(c.key(), o.key()) == Ordering::Less)
            .unwrap_or(self.order.len());
        // Before anyone has acted (the first turn of the first round) the top of the
        // order has the turn, whoever arrives; later the turn stays with its owner.
        let started = self.turn > 0 || self.round > 0;
        if at <= self.turn && started {
            self.turn += 1;
        }
        self.order.insert(at, c);
        Ok(())
    }

    /// Removes a combatant; the turn stays with whoever had it (or passes on).
    pub fn remove(&mut self, i: usize) {
        if i >= self.order.len() {
            return;
        }
        self.order.remove(i);
        if i < self.turn {
            self.turn -= 1;
        }
        if self.turn >= self.order.len() {
            self.turn = 0;
        }
    }

    /// The next in the order has the turn (after the last, a new round starts). A
    /// readied action whose trigger has not come by its owner's next turn is lost.
    pub fn next_turn(&mut self) -> Option<TurnStart> {
        if self.order.is_empty() {
            return None;
        }
        self.turn += 1;
        if self.turn >= self.order.len() {
            self.turn = 0;
            self.round += 1;
        }
        let c = &mut self.order[self.turn];
        let lost = std::mem::take(&mut c.readied);
        Some(TurnStart {
            yours: c.you,
            lost_readied: (!lost.is_empty()).then_some(lost),
        })
    }

    /// Moves `from` to just before (or after) `to`; the turn then belongs to the one
    /// at index `keep` (before the move).
    fn relocate(&mut self, from: usize, to: usize, after: bool, keep: usize) -> Result<(), String> {
        let n = self.order.len();
        if from >= n || to >= n || keep >= n || from == to {
            return Err("Pick someone else in the order.".into());
        }
        let c = self.order.remove(from);
        let shift = |k: usize| if k > from { k - 1 } else { k };
        let slot = shift(to) + after as usize;
        self.order.insert(slot, c);
        self.turn = if keep == from {
            slot
        } else if shift(keep) >= slot {
            shift(keep) + 1
        } else {
            shift(keep)
        };
        Ok(())
    }

    /// Delaying, declared at the start of one's turn: `from` moves to just after (or
    /// before) `to`. When it was `from`'s turn, the next in the order acts now.
    pub fn delay(&mut self, from: usize, to: usize, after: bool) -> Result<(), String> {
        let keep = if from == self.turn {
            (from + 1) % self.order.len().max(1)
        } else {
            self.turn
        };
        self.relocate(from, to, after, keep)
    }

    /// Readies one combat action with its trigger.
    pub fn ready(&mut self, i: usize, trigger: &str) -> Result<(), String> {
        let t = trigger.trim();
        if t.is_empty() || t.chars().count() > TEXT_MAX {
            return Err(format!(
                "Describe the trigger (up to {TEXT_MAX} characters)."
            ));
        }
        let c = self.order.get_mut(i).ok_or("No such combatant.")?;
        c.readied = t.to_string();
        Ok(())
    }

    /// The trigger of `i`'s readied action happened in the turn of the one acting
    /// now: the action takes place and `i` moves to the turn just before them; the
    /// turn stays with the one acting.
    pub fn trigger(&mut self, i: usize) -> Result<(), String> {
        if self.order.get(i).is_none_or(|c| c.readied.is_empty()) {
            return Err("Nothing readied.".into());
        }
        self.order[i].readied.clear();
        if i == self.turn {
            return Ok(());
        }
        self.relocate(i, self.turn, false, self.turn)
    }

    /// Checks what a document holds.
    pub fn check(&self) -> Result<(), String> {
        if self.order.len() > COMBATANTS_MAX {
            return Err(format!("more than {COMBATANTS_MAX} in the encounter"));
        }
        if self.order.iter().any(|c| {
            c.name.chars().count() > TEXT_MAX
                || c.readied.chars().count() > TEXT_MAX
                || c.initiative.abs() > 1000
                || c.willpower.abs() > 1000
        }) {
            return Err("an encounter entry is out of range".into());
        }
        if self.turn > self.order.len() {
            return Err("the encounter's turn is out of range".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::SeededRng;
    use crate::rules::heimr::combat::roll_initiative;

    fn c(name: &str, initiative: i32, willpower: i32) -> Combatant {
        Combatant {
            name: name.into(),
            initiative,
            willpower,
            ..Combatant::default()
        }
    }

    fn names(e: &Encounter) -> Vec<&str> {
        e.order.iter().map(|c| c.name.as_str()).collect()
    }

    fn fight() -> Encounter {
        let mut e = Encounter::default();
        for x in [
            c("Ulf", 8, 2),
            c("Asa", 12, 1),
            c("Bo", 8, 5),
            c("Kit", 3, 9),
        ] {
            e.add(x).unwrap();
        }
        e
    }

    #[test]
    fn the_order_is_by_initiative_then_willpower() {
        let e = fight();
        assert_eq!(names(&e), ["Asa", "Bo", "Ulf", "Kit"]);
        assert_eq!(e.current().unwrap().name, "Asa");
        // Rolled with the rules' initiative (C Dexterity, P willpower), seeded.
        let mut rng = SeededRng::new(5);
        let mut e = Encounter::default();
        for (n, dex, wp) in [("A", 2, 3), ("B", -1, 4), ("C", 0, 0)] {
            let r = roll_initiative(&mut rng, dex, wp).result;
            e.add(c(n, r, wp)).unwrap();
        }
        let keys: Vec<_> = e
            .order
            .iter()
            .map(|c| (c.initiative, c.willpower))
            .collect();
        assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{keys:?}");
    }

    #[test]
    fn a_combatants_name_is_checked_as_every_name_in_the_app() {
        let mut e = Encounter::default();
        assert_eq!(e.add(c("  ", 5, 1)), Err("Enter a name.".into()));
        let long = "é".repeat(crate::rules::input::NAME_MAX + 1);
        assert_eq!(
            e.add(c(&long, 5, 1)),
            Err(crate::rules::input::name_problem(&long, true).unwrap())
        );
        assert!(e.order.is_empty(), "nothing added");
        e.add(c(" Asa ", 5, 1)).unwrap();
        assert_eq!(names(&e), ["Asa"], "trimmed");
    }

    #[test]
    fn turns_go_round_and_a_late_arrival_keeps_the_turn_with_its_owner() {
        let mut e = fight();
        e.next_turn();
        assert_eq!(e.current().unwrap().name, "Bo");
        e.add(c("Zed", 20, 0)).unwrap();
        assert_eq!(e.current().unwrap().name, "Bo", "the turn stays with Bo");
        e.next_turn();
        e.next_turn();
        let start = e.next_turn().unwrap();
        assert_eq!((e.current().unwrap().name.as_str(), e.round), ("Zed", 1));
        assert!(!start.yours);
        e.remove(0);
        assert_eq!(e.current().unwrap().name, "Asa");
    }

    #[test]
    fn your_entry_is_replaced_and_your_turn_is_told() {
        let mut e = fight();
        let me = Combatant {
            you: true,
            ..c("", 10, 3)
        };
        e.add(me.clone()).unwrap();
        e.add(Combatant {
            initiative: 1,
            ..me
        })
        .unwrap();
        assert_eq!(e.order.iter().filter(|c| c.you).count(), 1);
        assert!(e.order.last().unwrap().you);
        for _ in 0..3 {
            assert!(!e.next_turn().unwrap().yours);
        }
        assert!(e.next_turn().unwrap().yours);
        assert!(e.add(c(" ", 1, 1)).is_err());
    }

    #[test]
    fn delaying_moves_you_and_the_next_acts_now() {
        let mut e = fight(); // Asa, Bo, Ulf, Kit; Asa's turn
        e.delay(0, 2, true).unwrap();
        assert_eq!(names(&e), ["Bo", "Ulf", "Asa", "Kit"]);
        assert_eq!(e.current().unwrap().name, "Bo", "Bo acts now");
        e.next_turn();
        e.next_turn();
        assert_eq!(e.current().unwrap().name, "Asa");
        // Delay to just before someone earlier: the turn passes to the next after Asa.
        e.delay(2, 0, false).unwrap();
        assert_eq!(names(&e), ["Asa", "Bo", "Ulf", "Kit"]);
        assert_eq!(e.current().unwrap().name, "Kit");
        assert!(e.delay(1, 1, true).is_err());
    }

    #[test]
    fn a_readied_action_moves_before_its_trigger_or_is_lost() {
        let mut e = fight(); // Asa, Bo, Ulf, Kit
        e.ready(0, "an opponent enters this square").unwrap();
        e.next_turn(); // Bo
        e.next_turn(); // Ulf triggers it
        e.trigger(0).unwrap();
        assert_eq!(names(&e), ["Bo", "Asa", "Ulf", "Kit"]);
        assert_eq!(e.current().unwrap().name, "Ulf", "Ulf's turn goes on");
        assert!(e.order[1].readied.is_empty());
        assert!(e.trigger(1).is_err(), "nothing readied any more");
        // Not triggered before Bo's next turn: lost.
        e.ready(0, "someone shoots").unwrap();
        e.next_turn();
        let start = e.next_turn().unwrap();
        assert_eq!(e.current().unwrap().name, "Bo");
        assert_eq!(start.lost_readied.as_deref(), Some("someone shoots"));
        assert!(e.ready(0, "  ").is_err());
    }

    #[test]
    fn one_box_gives_name_initiative_and_willpower() {
        let c = parse_combatant(" Asa the Bold  12 \u{2212}1 ").unwrap();
        assert_eq!(
            (c.name.as_str(), c.initiative, c.willpower),
            ("Asa the Bold", 12, -1)
        );
        assert!(parse_combatant("Asa 12")
            .unwrap_err()
            .contains("like: Asa 12 3"));
        assert!(parse_combatant("Asa twelve 3")
            .unwrap_err()
            .contains("Initiative"));
        assert!(parse_combatant("").is_err());
    }

    #[test]
    fn check_and_old_documents() {
        let mut e = fight();
        assert_eq!(e.check(), Ok(()));
        e.order[0].readied = "x".repeat(TEXT_MAX + 1);
        assert!(e.check().is_err());
        let e: Encounter = serde_json::from_str(r#"{"order":[{"name":"A"}]}"#).unwrap();
        assert_eq!((e.order[0].initiative, e.turn), (0, 0));
        let mut full = Encounter::default();
        for i in 0..COMBATANTS_MAX {
            full.add(c(&format!("N{i}"), 0, 0)).unwrap();
        }
        assert!(full.add(c("one more", 0, 0)).is_err());
    }
}
