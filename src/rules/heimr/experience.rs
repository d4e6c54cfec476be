//! Experience: the cost ladder for ability training, buying and refunding points,
//! and sharing encounter XP among the characters present.

use serde::{Deserialize, Serialize};

use super::abilities::Ability;

/// The first point of training costs this much; the second twice as much.
pub const FIRST_POINT_COST: u64 = 5;

/// The cost of the `n`-th point of training on one ladder (n ≥ 1): 5, 10, 15, 25, 40,
/// 65, 105, … each the sum of the two before. `n` = 0 costs 0. Saturates instead of
/// overflowing far beyond any real ladder.
pub fn point_cost(n: u32) -> u64 {
    match n {
        0 => 0,
        1 => FIRST_POINT_COST,
        _ => {
            let (mut a, mut b) = (FIRST_POINT_COST, 2 * FIRST_POINT_COST);
            for _ in 2..n {
                (a, b) = (b, a.saturating_add(b));
            }
            b
        }
    }
}

/// The total XP for the first `points` points on one ladder: 5, 15, 30, 55, 95, 160, 265.
pub fn total_cost(points: u32) -> u64 {
    (1..=points).fold(0u64, |acc, n| acc.saturating_add(point_cost(n)))
}

/// The two ladders every ability has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrainingTrack {
    Consistency,
    Potential,
}

impl TrainingTrack {
    pub fn name(self) -> &'static str {
        match self {
            TrainingTrack::Consistency => "consistency",
            TrainingTrack::Potential => "potential",
        }
    }

    /// The points already trained on this ladder.
    pub fn trained(self, ability: &Ability) -> u32 {
        match self {
            TrainingTrack::Consistency => ability.trained_consistency,
            TrainingTrack::Potential => ability.trained_potential,
        }
    }

    fn trained_mut(self, ability: &mut Ability) -> &mut u32 {
        match self {
            TrainingTrack::Consistency => &mut ability.trained_consistency,
            TrainingTrack::Potential => &mut ability.trained_potential,
        }
    }
}

/// A character's experience: all XP ever earned and the part spent on training.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Experience {
    pub earned: u64,
    pub spent: u64,
}

impl Experience {
    /// XP available to spend (never negative, even in a hand-edited document).
    pub fn unspent(&self) -> u64 {
        self.earned.saturating_sub(self.spent)
    }

    /// Adds an award.
    pub fn award(&mut self, amount: u64) {
        self.earned = self.earned.saturating_add(amount);
    }
}

/// What the next point on `track` costs for this ability.
pub fn next_point_cost(ability: &Ability, track: TrainingTrack) -> u64 {
    point_cost(track.trained(ability).saturating_add(1))
}

/// Buys the next point on `track`, spending its cost. Refused, with how much XP is
/// missing, when the character has too little unspent. Returns the cost.
pub fn buy_point(
    xp: &mut Experience,
    ability: &mut Ability,
    track: TrainingTrack,
) -> Result<u64, String> {
    let level = track.trained(ability) + 1;
    let cost = point_cost(level);
    let have = xp.unspent();
    if cost > have {
        return Err(format!(
            "Training {} {} to {level} costs {cost} XP; you have {have} unspent, {} XP missing.",
            ability.name,
            track.name(),
            cost - have
        ));
    }
    xp.spent += cost;
    *track.trained_mut(ability) = level;
    Ok(cost)
}

/// Refunds the last point bought on `track` and returns the XP given back: the cost
/// of that point, but never more than the XP recorded as spent (so points written
/// onto a sheet without being paid for cannot be turned into XP).
pub fn refund_point(
    xp: &mut Experience,
    ability: &mut Ability,
    track: TrainingTrack,
) -> Result<u64, String> {
    let level = track.trained(ability);
    if level == 0 {
        return Err(format!(
            "{} has no trained {} to refund.",
            ability.name,
            track.name()
        ));
    }
    let back = point_cost(level).min(xp.spent);
    xp.spent -= back;
    *track.trained_mut(ability) = level - 1;
    Ok(back)
}

/// One encounter award shared out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AwardSplit {
    /// XP each character present receives.
    pub share: u64,
    /// XP carried over to the next award.
    pub remainder: u64,
}

/// Shares `award` plus the `carried` remainder of the last award among the `present`
/// characters, rounded down; the rest carries to the next award. With nobody present
/// everything carries over.
pub fn split_award(award: u64, carried: u64, present: u32) -> AwardSplit {
    let pool = award.saturating_add(carried);
    if present == 0 {
        return AwardSplit {
            share: 0,
            remainder: pool,
        };
    }
    AwardSplit {
        share: pool / present as u64,
        remainder: pool % present as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::heimr::attributes::Attribute;

    fn brawl() -> Ability {
        Ability::new("Brawl", &[Attribute::Strength], 1).unwrap()
    }

    #[test]
    fn the_ladder_matches_the_seed_table() {
        let costs: Vec<u64> = (1..=7).map(point_cost).collect();
        assert_eq!(costs, [5, 10, 15, 25, 40, 65, 105]);
        let totals: Vec<u64> = (1..=7).map(total_cost).collect();
        assert_eq!(totals, [5, 15, 30, 55, 95, 160, 265]);
        assert_eq!(point_cost(0), 0);
        assert_eq!(total_cost(0), 0);
        assert_eq!(point_cost(8), 170);
        // Far beyond any real ladder it saturates instead of overflowing.
        assert_eq!(point_cost(200), u64::MAX);
    }

    #[test]
    fn buying_walks_each_ladder_separately() {
        let mut xp = Experience {
            earned: 50,
            spent: 0,
        };
        let mut ab = brawl();
        assert_eq!(
            buy_point(&mut xp, &mut ab, TrainingTrack::Consistency),
            Ok(5)
        );
        assert_eq!(
            buy_point(&mut xp, &mut ab, TrainingTrack::Consistency),
            Ok(10)
        );
        // Potential has its own ladder: its first point costs 5 again.
        assert_eq!(next_point_cost(&ab, TrainingTrack::Potential), 5);
        assert_eq!(buy_point(&mut xp, &mut ab, TrainingTrack::Potential), Ok(5));
        assert_eq!(
            buy_point(&mut xp, &mut ab, TrainingTrack::Consistency),
            Ok(15)
        );
        assert_eq!((ab.trained_consistency, ab.trained_potential), (3, 1));
        assert_eq!(xp.spent, 35);
        assert_eq!(xp.unspent(), 15);
        assert_eq!(ab.consistency(), 4);
    }

    #[test]
    fn buying_is_refused_with_the_missing_amount() {
        let mut xp = Experience {
            earned: 20,
            spent: 5,
        };
        let mut ab = brawl();
        ab.trained_potential = 3;
        let before = ab.clone();
        assert_eq!(
            buy_point(&mut xp, &mut ab, TrainingTrack::Potential),
            Err(
                "Training Brawl potential to 4 costs 25 XP; you have 15 unspent, 10 XP missing."
                    .to_string()
            )
        );
        assert_eq!(ab, before);
        assert_eq!(xp.spent, 5);
        // Exactly enough is enough.
        xp.earned = 30;
        assert_eq!(
            buy_point(&mut xp, &mut ab, TrainingTrack::Potential),
            Ok(25)
        );
        assert_eq!(xp.unspent(), 0);
    }

    #[test]
    fn refund_gives_back_the_last_point() {
        let mut xp = Experience {
            earned: 100,
            spent: 0,
        };
        let mut ab = brawl();
        for _ in 0..3 {
            buy_point(&mut xp, &mut ab, TrainingTrack::Potential).unwrap();
        }
        assert_eq!(xp.spent, 30);
        assert_eq!(
            refund_point(&mut xp, &mut ab, TrainingTrack::Potential),
            Ok(15)
        );
        assert_eq!((ab.trained_potential, xp.spent), (2, 15));
        assert_eq!(
            refund_point(&mut xp, &mut ab, TrainingTrack::Consistency),
            Err("Brawl has no trained consistency to refund.".to_string())
        );
        // Points never paid for give back no more than was spent.
        let mut free = brawl();
        free.trained_consistency = 2;
        let mut none = Experience::default();
        assert_eq!(
            refund_point(&mut none, &mut free, TrainingTrack::Consistency),
            Ok(0)
        );
        assert_eq!(free.trained_consistency, 1);
    }

    #[test]
    fn encounter_xp_is_shared_rounded_down_with_carry_over() {
        // Seed: "10XP divided among four characters, means 2XP per character with 2
        // remaining".
        assert_eq!(
            split_award(10, 0, 4),
            AwardSplit {
                share: 2,
                remainder: 2
            }
        );
        // The 2 carried over join the next award: 7 + 2 = 9 among 4 → 2 each, 1 left.
        assert_eq!(
            split_award(7, 2, 4),
            AwardSplit {
                share: 2,
                remainder: 1
            }
        );
        assert_eq!(
            split_award(3, 0, 5),
            AwardSplit {
                share: 0,
                remainder: 3
            }
        );
        assert_eq!(
            split_award(12, 1, 0),
            AwardSplit {
                share: 0,
                remainder: 13
            }
        );
        assert_eq!(
            split_award(9, 0, 1),
            AwardSplit {
                share: 9,
                remainder: 0
            }
        );
    }

    #[test]
    fn experience_serializes_with_snake_case() {
        let xp = Experience {
            earned: 40,
            spent: 15,
        };
        assert_eq!(
            serde_json::to_string(&xp).unwrap(),
            r#"{"earned":40,"spent":15}"#
        );
        assert_eq!(
            serde_json::to_string(&TrainingTrack::Potential).unwrap(),
            r#""potential""#
        );
        let mut award = Experience::default();
        award.award(12);
        assert_eq!(award.unspent(), 12);
    }
}
