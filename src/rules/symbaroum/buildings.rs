//! Damage on Buildings (optional rule, seed 000; 003 calls Toughness "Health"): the
//! building table, damage past Fortification (Wrecking ignores it), the breach, and
//! fire (RULES.md, "Optional rules and tables").

use serde::{Deserialize, Serialize};

/// One row of the building table: (name, Toughness, Breakpoint, Fortification).
pub const BUILDINGS: [(&str, i32, i32, i32); 9] = [
    ("Croft", 10, 5, 5),
    ("Farm house", 10, 5, 10),
    ("Guard Tower, wood", 10, 5, 15),
    ("Guard Tower, stone", 40, 20, 20),
    ("Fort, wood", 50, 25, 15),
    ("Manor", 100, 50, 10),
    ("Fort, stone", 200, 100, 20),
    ("Stronghold", 500, 250, 20),
    ("Castle", 1000, 500, 20),
];

/// A building under attack, kept with the character while the siege lasts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    /// Its row in [`BUILDINGS`].
    pub kind: usize,
    /// Toughness lost so far.
    #[serde(default)]
    pub damage: i32,
    /// Damage dealt this turn (for the Breakpoint).
    #[serde(default)]
    pub this_turn: i32,
    #[serde(default)]
    pub breached: bool,
    /// Turns the fire has burned, if it is burning (1 the turn it caught).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub burning: Option<u32>,
}

impl Building {
    fn row(&self) -> (&'static str, i32, i32, i32) {
        BUILDINGS[self.kind.min(BUILDINGS.len() - 1)]
    }

    pub fn name(&self) -> &'static str {
        self.row().0
    }

    pub fn toughness(&self) -> i32 {
        self.row().1
    }

    pub fn breakpoint(&self) -> i32 {
        self.row().2
    }

    pub fn fortification(&self) -> i32 {
        self.row().3
    }

    /// Toughness left, never below 0.
    pub fn left(&self) -> i32 {
        (self.toughness() - self.damage).max(0)
    }

    /// Takes a hit: damage less Fortification unless the weapon (or fire) is
    /// Wrecking; armor-piercing abilities do nothing here. Breached at 0 Toughness,
    /// or when this turn's damage exceeds the Breakpoint. Returns the damage dealt.
    pub fn hit(&mut self, damage: i32, wrecking: bool) -> i32 {
        let dealt = if wrecking {
            damage.max(0)
        } else {
            (damage - self.fortification()).max(0)
        };
        self.damage = (self.damage + dealt).min(self.toughness());
        self.this_turn += dealt;
        if self.left() == 0 || self.this_turn > self.breakpoint() {
            self.breached = true;
        }
        dealt
    }

    /// The next turn: the turn's damage starts again, and a fire burns one turn longer.
    pub fn next_turn(&mut self) {
        self.this_turn = 0;
        if let Some(t) = &mut self.burning {
            *t += 1;
        }
    }

    /// The passive resistance of the test to put the fire out: the turns it has
    /// burned after the first.
    pub fn put_out_resistance(&self) -> Option<i32> {
        self.burning.map(|t| t.saturating_sub(1) as i32)
    }

    pub fn check(&self) -> Result<(), String> {
        if self.kind >= BUILDINGS.len() || !(0..=self.toughness()).contains(&self.damage) {
            return Err("the building under attack is not one of the table's".into());
        }
        Ok(())
    }
}

/// Fire deals 1d4 a turn and counts as Wrecking.
pub const FIRE_DIE: u32 = 4;

#[cfg(test)]
mod tests {
    use super::*;

    fn building(name: &str) -> Building {
        Building {
            kind: BUILDINGS.iter().position(|b| b.0 == name).unwrap(),
            ..Default::default()
        }
    }

    #[test]
    fn damage_must_pass_fortification_unless_wrecking() {
        let mut b = building("Manor");
        assert_eq!(
            (b.toughness(), b.breakpoint(), b.fortification()),
            (100, 50, 10)
        );
        assert_eq!(b.hit(8, false), 0, "8 does not pass Fortification 10");
        assert_eq!(b.hit(14, false), 4);
        assert_eq!(b.hit(8, true), 8, "Wrecking ignores Fortification");
        assert_eq!(b.left(), 88);
        assert!(!b.breached);
    }

    #[test]
    fn breached_at_zero_or_past_the_breakpoint_in_one_turn() {
        // Guard Tower, stone: 40 / 20 / 20. Wrecking 20 this turn is not past 20 …
        let mut b = building("Guard Tower, stone");
        b.hit(12, true);
        b.hit(8, true);
        assert!(!b.breached, "20 is not more than the Breakpoint");
        b.next_turn();
        b.hit(15, true);
        assert!(!b.breached, "a new turn starts again");
        b.hit(6, true);
        assert!(b.breached, "21 in one turn exceeds 20");
        // A croft worn down over turns: breached at 0.
        let mut c = building("Croft");
        for _ in 0..3 {
            c.hit(8, false);
            c.next_turn();
        }
        assert_eq!(c.left(), 1);
        assert!(!c.breached);
        c.hit(9, false);
        assert_eq!(c.left(), 0);
        assert!(c.breached);
    }

    #[test]
    fn fire_burns_on_and_gets_harder_to_put_out() {
        let mut b = building("Farm house");
        assert_eq!(b.put_out_resistance(), None);
        b.burning = Some(1);
        assert_eq!(b.put_out_resistance(), Some(0));
        b.next_turn();
        b.next_turn();
        assert_eq!(b.burning, Some(3));
        assert_eq!(b.put_out_resistance(), Some(2));
        assert!(b.check().is_ok());
        b.kind = 99;
        assert!(b.check().is_err());
    }
}
