//! Fatigue: a physical roll must reach it before potential, and rolling a low d6
//! while tired makes it worse (at most once per turn).

use serde::{Deserialize, Serialize};

use super::dice::ChallengeRoll;

/// Fatigue never goes below this.
pub const MIN_FATIGUE: u32 = 1;
/// Fatigue never goes above this (a d20 can track it).
pub const MAX_FATIGUE: u32 = 20;
/// How much a breather lowers fatigue.
pub const BREATHER: u32 = 2;

/// Base fatigue = 4 − Stamina, at least 1 (and at most 20, the fatigue cap).
pub fn base_fatigue(stamina: i32) -> u32 {
    (4i64 - stamina as i64).clamp(MIN_FATIGUE as i64, MAX_FATIGUE as i64) as u32
}

/// A character's current fatigue and whether it already rose this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fatigue {
    pub current: u32,
    /// Set when fatigue rose since the start of the character's last turn; cleared by
    /// [`Fatigue::new_turn`]. The seed: "Your fatigue can only increase by one every
    /// turn. This includes any action you take during your turn, and any defensive roll
    /// you make until the start of your next turn."
    #[serde(default)]
    pub raised_this_turn: bool,
}

impl Default for Fatigue {
    fn default() -> Self {
        Fatigue {
            current: MIN_FATIGUE,
            raised_this_turn: false,
        }
    }
}

impl Fatigue {
    /// Fully rested: at base fatigue.
    pub fn rested(stamina: i32) -> Fatigue {
        Fatigue {
            current: base_fatigue(stamina),
            raised_this_turn: false,
        }
    }

    /// Sets fatigue by hand, kept within 1 … 20.
    pub fn set(&mut self, value: u32) {
        self.current = value.clamp(MIN_FATIGUE, MAX_FATIGUE);
    }

    /// True when a physical roll fails outright: its result before potential (the kept
    /// die plus bonus minus penalty; the seed says "the result before adding
    /// potential") is below fatigue.
    pub fn fails_outright(&self, roll: &ChallengeRoll) -> bool {
        roll.before_potential() < self.current as i32
    }

    /// After a physical roll: if the d6 shows less than fatigue and fatigue has not
    /// risen yet this turn, fatigue rises by 1 (up to 20). Returns true when it rose.
    /// Call it only for rolls that count: a pre-rolled defence counts when it is used
    /// against an attack, and of a ranged attack re-rolled around a combat cluster only
    /// the first roll counts.
    pub fn after_physical_roll(&mut self, d6: u32) -> bool {
        if self.raised_this_turn || d6 >= self.current || self.current >= MAX_FATIGUE {
            return false;
        }
        self.current += 1;
        self.raised_this_turn = true;
        true
    }

    /// The start of the character's own turn: fatigue may rise again.
    pub fn new_turn(&mut self) {
        self.raised_this_turn = false;
    }

    /// Taking a breather: −2, but not below base fatigue. A breather never raises
    /// fatigue, even if it is somehow below base (e.g. Stamina just dropped).
    pub fn take_breather(&mut self, stamina: i32) {
        let base = base_fatigue(stamina);
        if self.current > base {
            self.current = self.current.saturating_sub(BREATHER).max(base);
        }
    }

    /// Resting out of combat (a few seconds to half a minute): back to base fatigue.
    pub fn recover(&mut self, stamina: i32) {
        self.current = base_fatigue(stamina);
        self.raised_this_turn = false;
    }
}

/// What a physical roll came to once fatigue is taken into account.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhysicalOutcome {
    /// The result before potential was below fatigue: the roll fails whatever its result.
    pub fatigue_failed: bool,
    /// The roll succeeds: no fatigue failure, and the CR (if any) is met.
    pub passed: bool,
    /// Fatigue rose by 1 after this roll.
    pub fatigue_raised: bool,
}

/// Resolves a physical roll: the outright-failure check against fatigue *before* the
/// roll, then the fatigue rise. `cr` is None for an opposed roll (compare `result`
/// yourself unless `fatigue_failed`).
pub fn resolve_physical(
    fatigue: &mut Fatigue,
    roll: &ChallengeRoll,
    cr: Option<i32>,
) -> PhysicalOutcome {
    let fatigue_failed = fatigue.fails_outright(roll);
    let passed = !fatigue_failed && cr.is_none_or(|cr| roll.passes(cr));
    let fatigue_raised = fatigue.after_physical_roll(roll.d6);
    PhysicalOutcome {
        fatigue_failed,
        passed,
        fatigue_raised,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(c: i32, p: i32, d6: u32, d10s: &[u32]) -> ChallengeRoll {
        ChallengeRoll::from_dice(c, p, d6, d10s).unwrap()
    }

    #[test]
    fn base_fatigue_from_stamina() {
        // Seed: stamina 3 → 1; stamina −2 → 6; stamina 4 → still 1; stamina −3 → 7.
        assert_eq!(base_fatigue(3), 1);
        assert_eq!(base_fatigue(-2), 6);
        assert_eq!(base_fatigue(4), 1);
        assert_eq!(base_fatigue(-3), 7);
        assert_eq!(base_fatigue(0), 4);
        assert_eq!(base_fatigue(20), 1);
        assert_eq!(base_fatigue(-30), 20);
        assert_eq!(Fatigue::rested(1).current, 3);
    }

    #[test]
    fn seed_example_low_d6_raises_fatigue() {
        // "A character has a fatigue of four. With the D6 she rolls three, this means
        // for the fatigue is increased to five."
        let mut f = Fatigue {
            current: 4,
            raised_this_turn: false,
        };
        assert!(f.after_physical_roll(3));
        assert_eq!(f.current, 5);
        // A d6 equal to fatigue does not raise it.
        let mut g = Fatigue::rested(0);
        assert!(!g.after_physical_roll(4));
        assert_eq!(g.current, 4);
    }

    #[test]
    fn at_most_once_per_turn() {
        let mut f = Fatigue::rested(-2); // 6
        assert!(f.after_physical_roll(1));
        assert!(!f.after_physical_roll(1));
        assert!(!f.after_physical_roll(2));
        assert_eq!(f.current, 7);
        f.new_turn();
        assert!(f.after_physical_roll(6)); // above 6 every roll raises it
        assert_eq!(f.current, 8);
    }

    #[test]
    fn fatigue_caps_at_twenty() {
        let mut f = Fatigue::default();
        f.set(25);
        assert_eq!(f.current, 20);
        assert!(!f.after_physical_roll(1));
        assert_eq!(f.current, 20);
        f.set(0);
        assert_eq!(f.current, 1);
    }

    #[test]
    fn seed_example_fatigue_seven_fails_a_six() {
        // "if a character has a fatigue of 7 and rolls 6 (not counting potential) this
        // means the action automatically fails, even if the challenge would have been 7
        // or higher when adding potential."
        let f = Fatigue {
            current: 7,
            raised_this_turn: false,
        };
        let r = roll(2, 5, 6, &[3, 4]);
        assert_eq!(r.result, 11);
        assert!(f.fails_outright(&r));
        assert!(!f.fails_outright(&roll(1, 0, 2, &[7])));
        // Bonus and penalty count: two tens make 11 before potential.
        let tired = Fatigue {
            current: 11,
            raised_this_turn: false,
        };
        assert!(!tired.fails_outright(&roll(2, 0, 3, &[10, 10])));
        // At fatigue 1 only a penalty can fail: three ones give 1 − 2 = −1.
        let fresh = Fatigue::default();
        assert!(!fresh.fails_outright(&roll(-1, 0, 1, &[5])));
        assert!(fresh.fails_outright(&roll(-2, 0, 1, &[1, 1])));
    }

    #[test]
    fn resolve_physical_checks_before_raising() {
        // Fatigue 4, roll d6 3 with C 0: 3 < 4 fails outright, then fatigue rises.
        let mut f = Fatigue::rested(0);
        let out = resolve_physical(&mut f, &roll(0, 10, 3, &[]), Some(5));
        assert_eq!(
            out,
            PhysicalOutcome {
                fatigue_failed: true,
                passed: false,
                fatigue_raised: true
            }
        );
        assert_eq!(f.current, 5);
        // Next roll the same turn: the d10 carries it; no second rise.
        let out = resolve_physical(&mut f, &roll(1, 1, 2, &[8]), Some(9));
        assert_eq!(
            out,
            PhysicalOutcome {
                fatigue_failed: false,
                passed: true,
                fatigue_raised: false
            }
        );
        // A CR miss without a fatigue failure.
        f.new_turn();
        let out = resolve_physical(&mut f, &roll(1, 0, 6, &[7]), Some(8));
        assert!(!out.fatigue_failed && !out.passed && !out.fatigue_raised);
        assert!(resolve_physical(&mut f, &roll(1, 0, 6, &[7]), None).passed);
    }

    #[test]
    fn breather_lowers_by_two_not_below_base() {
        let mut f = Fatigue {
            current: 9,
            raised_this_turn: true,
        };
        f.take_breather(0); // base 4
        assert_eq!(f.current, 7);
        f.take_breather(0);
        f.take_breather(0);
        assert_eq!(f.current, 4);
        f.current = 5;
        f.take_breather(0);
        assert_eq!(f.current, 4);
        // Never raises fatigue.
        f.current = 2;
        f.take_breather(0);
        assert_eq!(f.current, 2);
        f.current = 12;
        f.recover(2);
        assert_eq!((f.current, f.raised_this_turn), (2, false));
    }

    #[test]
    fn fatigue_serializes() {
        let f = Fatigue {
            current: 6,
            raised_this_turn: true,
        };
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(json, r#"{"current":6,"raised_this_turn":true}"#);
        assert_eq!(
            serde_json::from_str::<Fatigue>(r#"{"current":6}"#)
                .unwrap()
                .current,
            6
        );
    }
}
