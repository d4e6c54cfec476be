//! A chase off the grid (seed 002, "Fatigue"): the GM picks the attribute or ability
//! the terrain asks for; chaser and target take turns rolling it. Three or more
//! points higher than the other's roll and the chaser moves one square closer;
//! three or more lower and the target moves one square further away. Reaching the
//! target's square is not yet a catch: the next winning roll, which would carry the
//! chaser past the target, is an action against the target instead.
//! Whoever fails the fatigue check of their roll cannot go on: a target caught, or a
//! chaser left behind. Fatigue cannot be lowered during a chase.

/// The margin that wins (or loses) a square.
pub const MARGIN: i32 = 3;

/// Where a chase stands after a round of rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chase {
    /// How many squares the chaser is behind the target: 0 is the same square, not
    /// yet caught.
    Apart(u32),
    /// The chaser would surpass the target and takes an action against them instead.
    Caught,
    /// The chaser cannot go on: the target has escaped.
    Escaped,
}

impl Chase {
    /// One round: the chaser's and the target's results, and whether each failed their
    /// fatigue check (a die below fatigue).
    pub fn round(
        distance: u32,
        chaser: i32,
        target: i32,
        chaser_spent: bool,
        target_spent: bool,
    ) -> Chase {
        // Both spent: the target stops, so the chaser, who stops too, does not reach
        // them; the app's choice where the seed is silent: the target escapes.
        if chaser_spent {
            return Chase::Escaped;
        }
        if target_spent {
            return Chase::Caught;
        }
        let d = chaser - target;
        if d >= MARGIN {
            // Seed 002: "During the roll in which the chaser would surpass the chase
            // target, he or she can take an action against the target instead of
            // moving ahead of the target." One square closer from the target's own
            // square would be ahead of them: that roll, not the one that reaches their
            // square, is the catch.
            match distance.checked_sub(1) {
                Some(closer) => Chase::Apart(closer),
                None => Chase::Caught,
            }
        } else if d <= -MARGIN {
            Chase::Apart(distance.saturating_add(1))
        } else {
            Chase::Apart(distance)
        }
    }

    /// What it means, in words.
    pub fn said(self) -> String {
        match self {
            Chase::Apart(0) => {
                "In the target's square: the chaser's next winning roll catches them.".into()
            }
            Chase::Apart(1) => "1 square apart.".into(),
            Chase::Apart(n) => format!("{n} squares apart."),
            Chase::Caught => "Caught: the chaser may take an action against the target.".into(),
            Chase::Escaped => "The chaser cannot go on: the target escapes.".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_points_win_a_square_either_way() {
        assert_eq!(Chase::round(3, 9, 6, false, false), Chase::Apart(2));
        assert_eq!(
            Chase::round(3, 8, 6, false, false),
            Chase::Apart(3),
            "two is not enough"
        );
        assert_eq!(Chase::round(3, 6, 9, false, false), Chase::Apart(4));
        assert_eq!(Chase::round(3, 7, 9, false, false), Chase::Apart(3));
    }

    #[test]
    fn the_same_square_is_not_yet_caught_the_roll_that_would_pass_the_target_is() {
        // Seed 002: the roll "in which the chaser would surpass the chase target" is
        // the action against them. From one square behind, a win reaches the target's
        // square only.
        assert_eq!(Chase::round(1, 12, 4, false, false), Chase::Apart(0));
        assert_eq!(
            Chase::Apart(0).said(),
            "In the target's square: the chaser's next winning roll catches them."
        );
        // In the same square: a tie keeps it, a loss puts the target ahead again, and a
        // win would pass the target: caught.
        assert_eq!(Chase::round(0, 6, 6, false, false), Chase::Apart(0));
        assert_eq!(Chase::round(0, 4, 9, false, false), Chase::Apart(1));
        assert_eq!(Chase::round(0, 12, 4, false, false), Chase::Caught);
        assert_eq!(
            Chase::Caught.said(),
            "Caught: the chaser may take an action against the target."
        );
    }

    #[test]
    fn a_failed_fatigue_check_ends_the_chase() {
        assert_eq!(Chase::round(5, 20, 1, true, false), Chase::Escaped);
        assert_eq!(Chase::round(5, 1, 20, false, true), Chase::Caught);
        assert_eq!(Chase::Apart(1).said(), "1 square apart.");
        assert_eq!(Chase::Apart(4).said(), "4 squares apart.");
    }
}
