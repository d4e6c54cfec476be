//! Initiative and rounds at a game master's table, across members and foes, in each
//! family's order: the Symbaroum family by Agility, then Vigilance, full ties by a d20
//! roll-off (RULES.md, "initiative order"); Heimr by each one's initiative challenge
//! (C = Dexterity, P = current willpower), ties to the higher willpower, then the
//! order the table lists them in (the seed is silent; the game master can roll again).
//!
//! "Next turn" passes the turn on; past the last it starts the next round. The one
//! whose turn starts counts their conditions down, as their own sheet's "Next turn"
//! does (a member's conditions and effects; a foe has none kept).

use super::{FoeStats, Table};
use crate::model::play::initiative::my_scores;
use crate::rules::dice::Rng;
use crate::rules::heimr::attributes::Attribute;
use crate::rules::heimr::combat::{initiative_order, roll_initiative, Initiative};
use crate::rules::heimr::num;
use crate::rules::symbaroum::initiative::{rolled_order, Combatant};
use serde::{Deserialize, Serialize};

/// Who acts, by their row's id at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    Member(u32),
    Foe(u32),
}

/// The fight at the table: nothing until initiative is rolled.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Fight {
    /// From 1 once initiative is rolled.
    pub round: u32,
    /// First to act first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<Seat>,
    /// Whose turn it is: a place in `order`.
    #[serde(default)]
    pub turn: usize,
}

impl Fight {
    pub fn is_empty(&self) -> bool {
        *self == Fight::default()
    }

    /// Whose turn it is.
    pub fn current(&self) -> Option<Seat> {
        self.order.get(self.turn).copied()
    }
}

impl Table {
    /// The name of who sits at `seat`.
    pub fn seat_name(&self, seat: Seat) -> Option<&str> {
        match seat {
            Seat::Member(id) => self
                .members
                .iter()
                .find(|m| m.id == id)
                .map(|m| m.character.display_name()),
            Seat::Foe(id) => self
                .foes
                .iter()
                .find(|f| f.id == id)
                .map(|f| f.name.as_str()),
        }
    }

    /// Rolls initiative for everyone at the table and starts round 1 with the first in
    /// the order. Returns the order in words (one line each, with what placed them);
    /// refused in words when no one is at the table.
    pub fn roll_initiative(&mut self, rng: &mut dyn Rng, now: f64) -> Result<Vec<String>, String> {
        if self.members.is_empty() && self.foes.is_empty() {
            return Err("Seat the party or add a foe first: no one is at the table.".into());
        }
        let seats: Vec<Seat> = self
            .members
            .iter()
            .map(|m| Seat::Member(m.id))
            .chain(self.foes.iter().map(|f| Seat::Foe(f.id)))
            .collect();
        let (order, lines): (Vec<Seat>, Vec<String>) = match self.family {
            super::Family::Symbaroum => {
                let list: Vec<Combatant> =
                    seats.iter().map(|&s| self.symbaroum_combatant(s)).collect();
                rolled_order(rng, &list)
                    .into_iter()
                    .map(|(i, placed)| {
                        let c = &placed.combatant;
                        let mut line = format!(
                            "{}: Agility {}, Vigilance {}",
                            c.name, c.agility, c.vigilance
                        );
                        if !placed.rolloffs.is_empty() {
                            let rolls: Vec<String> =
                                placed.rolloffs.iter().map(u32::to_string).collect();
                            line.push_str(&format!(", roll-off {}", rolls.join(", ")));
                        }
                        (seats[i], line)
                    })
                    .unzip()
            }
            super::Family::Heimr => {
                let rolls: Vec<(Initiative, String)> = seats
                    .iter()
                    .map(|&s| {
                        let (dexterity, willpower) = self.heimr_initiative(s);
                        let r = roll_initiative(rng, dexterity, willpower);
                        let line = format!(
                            "{}: initiative {} (C {}, P {})",
                            self.seat_name(s).unwrap_or_default(),
                            num(r.result),
                            num(r.consistency),
                            num(r.potential)
                        );
                        (
                            Initiative {
                                result: r.result,
                                willpower,
                            },
                            line,
                        )
                    })
                    .collect();
                let keys: Vec<Initiative> = rolls.iter().map(|r| r.0).collect();
                initiative_order(&keys)
                    .into_iter()
                    .map(|i| (seats[i], rolls[i].1.clone()))
                    .unzip()
            }
        };
        self.fight = Fight {
            round: 1,
            order,
            turn: 0,
        };
        self.updated = now;
        Ok(lines)
    }

    fn symbaroum_combatant(&self, seat: Seat) -> Combatant {
        let name = self.seat_name(seat).unwrap_or_default().to_string();
        let (agility, vigilance) = match seat {
            Seat::Member(id) => self
                .members
                .iter()
                .find(|m| m.id == id)
                .map_or((0, 0), |m| my_scores(m.character.sheet())),
            Seat::Foe(id) => match self
                .foes
                .iter()
                .find(|f| f.id == id)
                .and_then(|f| f.stats())
            {
                Some(FoeStats::Symbaroum(s)) => (s.agility, s.vigilance),
                _ => (0, 0),
            },
        };
        Combatant::new(name, agility, vigilance)
    }

    /// Dexterity and current willpower.
    fn heimr_initiative(&self, seat: Seat) -> (i32, i32) {
        match seat {
            Seat::Member(id) => self
                .members
                .iter()
                .find(|m| m.id == id)
                .and_then(|m| m.character.heimr())
                .map_or((0, 0), |h| {
                    (
                        h.effective_attributes().get(Attribute::Dexterity),
                        h.willpower.current,
                    )
                }),
            Seat::Foe(id) => match self
                .foes
                .iter()
                .find(|f| f.id == id)
                .and_then(|f| f.stats())
            {
                Some(FoeStats::Heimr(h)) => {
                    (h.attributes.get(Attribute::Dexterity), h.willpower.current)
                }
                _ => (0, 0),
            },
        }
    }

    /// Passes the turn to the next in the order (past the last, the first of the next
    /// round). A member whose turn starts counts their conditions down. Returns whose
    /// turn it is now, in words; refused before initiative is rolled.
    pub fn next_turn(&mut self, now: f64) -> Result<String, String> {
        // Someone taken from the table since the roll leaves the order too.
        let (members, foes) = (&self.members, &self.foes);
        let before = self.fight.current();
        self.fight.order.retain(|s| match *s {
            Seat::Member(id) => members.iter().any(|m| m.id == id),
            Seat::Foe(id) => foes.iter().any(|f| f.id == id),
        });
        if self.fight.order.is_empty() {
            return Err("Roll initiative first.".into());
        }
        let at = before
            .and_then(|b| self.fight.order.iter().position(|&s| s == b))
            .map_or(self.fight.turn, |i| i + 1);
        if at >= self.fight.order.len() {
            self.fight.round += 1;
            self.fight.turn = 0;
        } else {
            self.fight.turn = at;
        }
        let seat = self.fight.order[self.fight.turn];
        if let Seat::Member(id) = seat {
            if let Some(m) = self.members.iter_mut().find(|m| m.id == id) {
                let c = &mut m.character;
                match c.heimr.as_mut() {
                    Some(h) => h.new_turn(),
                    None => c.combat.next_turn(),
                }
                c.updated = now;
            }
        }
        self.updated = now;
        Ok(format!(
            "Round {}: {}'s turn.",
            self.fight.round,
            self.seat_name(seat).unwrap_or_default()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::table::{Family, Foe, HeimrFoe, SymbaroumFoe};
    use crate::rules::dice::{FixedDice, SeededRng};
    use crate::rules::heimr::attributes::AttributeScores;
    use crate::rules::heimr::injuries::Pool;
    use crate::rules::symbaroum::conditions::Condition;

    fn foe(name: &str, agility: i32, vigilance: i32) -> Foe {
        Foe::symbaroum(
            name,
            SymbaroumFoe {
                agility,
                vigilance,
                defense: 10,
                toughness: 10,
                pain_threshold: 5,
                ..Default::default()
            },
        )
    }

    fn table() -> Table {
        crate::model::table::foe::stig_facing(vec![foe("Goblin", 12, 9), foe("Ogre", 15, 5)])
    }

    #[test]
    fn the_symbaroum_family_goes_by_agility_then_vigilance() {
        let mut t = table();
        let stig = my_scores(t.members[0].character.sheet());
        let lines = t.roll_initiative(&mut SeededRng::new(1), 5.0).unwrap();
        // The Ogre's 15 first; then Stig and the Goblin by their Agility.
        assert_eq!(t.fight.order[0], Seat::Foe(2));
        let stig_first = stig.0 > 12 || (stig.0 == 12 && stig.1 > 9);
        let second = if stig_first {
            Seat::Member(1)
        } else {
            Seat::Foe(1)
        };
        assert_eq!(t.fight.order[1], second);
        assert_eq!((t.fight.round, t.fight.turn), (1, 0));
        assert!(
            lines[0].starts_with("Ogre: Agility 15, Vigilance 5"),
            "{lines:?}"
        );
        assert_eq!(t.updated, 5.0);
    }

    #[test]
    fn a_full_tie_is_rolled_off_with_a_d20() {
        let mut t = Table::new("t".into(), "Table", Family::Symbaroum, 0.0);
        t.add_foe(foe("Left", 12, 9), 0.0).unwrap();
        t.add_foe(foe("Right", 12, 9), 0.0).unwrap();
        // Left rolls 3, Right 17: Right first.
        let lines = t
            .roll_initiative(&mut FixedDice::new(&[(3, 20), (17, 20)]), 0.0)
            .unwrap();
        assert_eq!(t.fight.order, [Seat::Foe(2), Seat::Foe(1)]);
        assert!(lines[0].ends_with("roll-off 17"), "{lines:?}");
    }

    #[test]
    fn next_turn_goes_round_the_order_and_counts_the_member_s_conditions_down() {
        let mut t = table();
        // Ends when Stig's next turn comes.
        t.members[0].character.combat.conditions.push(Condition {
            name: "Blinded".into(),
            saved_turns: Some(0.into()),
            ..Default::default()
        });
        t.roll_initiative(&mut SeededRng::new(1), 0.0).unwrap();
        let n = t.fight.order.len();
        let mut said = Vec::new();
        for _ in 0..n {
            said.push(t.next_turn(9.0).unwrap());
        }
        assert_eq!(t.fight.round, 2, "{said:?}");
        assert_eq!(t.fight.turn, 0);
        assert!(
            said.last().unwrap().starts_with("Round 2: Ogre's turn."),
            "{said:?}"
        );
        assert!(
            t.members[0].character.combat.conditions.is_empty(),
            "Stig's last turn of Blinded ended when his turn came"
        );
        // A foe taken from the table leaves the order; the turn passes on.
        t.remove_foe(2, 10.0);
        assert!(!t.next_turn(11.0).unwrap().contains("Ogre"));
        assert!(!t.fight.order.contains(&Seat::Foe(2)));
    }

    #[test]
    fn heimr_goes_by_the_initiative_challenge_and_willpower() {
        let mut t = Table::new("h".into(), "Heimr", Family::Heimr, 0.0);
        let wolf = |name: &str, dexterity: i32, willpower: i32| {
            Foe::heimr(
                name,
                HeimrFoe {
                    attributes: AttributeScores {
                        dexterity,
                        ..Default::default()
                    },
                    hp: Pool::full(6),
                    willpower: Pool::full(willpower),
                },
            )
        };
        t.add_foe(wolf("Grey", 0, 2), 0.0).unwrap();
        t.add_foe(wolf("Black", 0, 4), 0.0).unwrap();
        // C 0: the d6 alone. Both roll 3: Black's 3 + 4 beats Grey's 3 + 2.
        let lines = t
            .roll_initiative(&mut FixedDice::new(&[(3, 6), (3, 6)]), 0.0)
            .unwrap();
        assert_eq!(t.fight.order, [Seat::Foe(2), Seat::Foe(1)]);
        assert_eq!(lines[0], "Black: initiative 7 (C 0, P 4)");
    }

    #[test]
    fn an_empty_table_has_no_initiative() {
        let mut t = Table::new("t".into(), "Table", Family::Symbaroum, 0.0);
        assert!(t.roll_initiative(&mut SeededRng::new(1), 0.0).is_err());
        assert_eq!(t.next_turn(0.0), Err("Roll initiative first.".into()));
    }
}
