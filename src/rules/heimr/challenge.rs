//! One dice challenge as the sheet's panel runs it: what it is rolled against (a
//! challenge requirement or an opponent's result), the exact chance of success
//! before rolling, whether the roll succeeded, and the dice in words for the log.

use super::dice::{
    opposed, pass_probability, pass_probability_with_fatigue, ChallengeRoll, OpposedOutcome,
    Probability, TakenDie,
};

/// What a challenge is rolled against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// A challenge requirement: the result must be equal or higher.
    Cr(i32),
    /// An opponent's result. When `defending`, the roller is the defence and wins
    /// ties; otherwise the roller must beat the opponent's result.
    Opponent { result: i32, defending: bool },
}

impl Against {
    /// The lowest result that succeeds.
    pub fn needed(self) -> i32 {
        match self {
            Against::Cr(cr) => cr,
            Against::Opponent {
                result,
                defending: true,
            } => result,
            Against::Opponent {
                result,
                defending: false,
            } => result.saturating_add(1),
        }
    }

    /// Whether a result succeeds (the defence wins ties).
    pub fn succeeds(self, result: i32) -> bool {
        match self {
            Against::Cr(cr) => super::dice::passes(result, cr),
            Against::Opponent {
                result: other,
                defending: true,
            } => opposed(other, result) == OpposedOutcome::Defender,
            Against::Opponent {
                result: other,
                defending: false,
            } => opposed(result, other) == OpposedOutcome::Attacker,
        }
    }

    /// E.g. "CR 8", "opponent's attack 9 (the defence wins ties)".
    pub fn label(self) -> String {
        match self {
            Against::Cr(cr) => format!("CR {}", super::num(cr)),
            Against::Opponent {
                result,
                defending: true,
            } => format!(
                "opponent's attack {} (you defend: ties are yours)",
                super::num(result)
            ),
            Against::Opponent {
                result,
                defending: false,
            } => format!(
                "opponent's defence {} (the defence wins ties)",
                super::num(result)
            ),
        }
    }
}

/// The exact chance of success before rolling. `fatigue` is Some for a physical
/// roll: a result before potential below it fails outright.
pub fn success_probability(
    consistency: i32,
    potential: i32,
    against: Against,
    fatigue: Option<u32>,
) -> Probability {
    let needed = against.needed();
    match fatigue {
        Some(f) => pass_probability_with_fatigue(consistency, potential, needed, f),
        None => pass_probability(consistency, potential, needed),
    }
}

/// The dice in words, e.g. "d6 3; d10 4, 9 → kept d10 9". The kept die is named
/// by its kind and face.
pub fn dice_text(roll: &ChallengeRoll) -> String {
    let kept = match roll.taken {
        TakenDie::D6 => format!("d6 {}", roll.d6),
        TakenDie::D10(_) => format!("d10 {}", roll.die),
    };
    if roll.d10s.is_empty() {
        format!("d6 {} → kept d6 {}", roll.d6, roll.d6)
    } else {
        let d10s: Vec<String> = roll.d10s.iter().map(|f| f.to_string()).collect();
        format!("d6 {}; d10 {} → kept {kept}", roll.d6, d10s.join(", "))
    }
}

/// "Highest", "Lowest" or "Only": which die the rule keeps for this consistency.
pub fn keep_rule(consistency: i32) -> &'static str {
    match consistency.signum() {
        1 => "the highest die",
        -1 => "the lowest die",
        _ => "the d6 alone",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needed_result_per_target() {
        assert_eq!(Against::Cr(8).needed(), 8);
        let def = Against::Opponent {
            result: 9,
            defending: true,
        };
        let att = Against::Opponent {
            result: 9,
            defending: false,
        };
        assert_eq!(def.needed(), 9);
        assert_eq!(att.needed(), 10);
        assert!(def.succeeds(9), "the defence wins ties");
        assert!(!att.succeeds(9), "an attack must beat the defence");
        assert!(att.succeeds(10));
        assert!(Against::Cr(8).succeeds(8));
        assert!(!Against::Cr(8).succeeds(7));
    }

    #[test]
    fn probability_matches_the_dice_rules() {
        // C 0, P 0: the d6 alone; CR 4 passes on 4, 5, 6.
        let p = success_probability(0, 0, Against::Cr(4), None);
        assert_eq!((p.numerator, p.denominator), (1, 2));
        // Opposed as the attacker against 3: needs 4.
        let p = success_probability(
            0,
            0,
            Against::Opponent {
                result: 3,
                defending: false,
            },
            None,
        );
        assert_eq!((p.numerator, p.denominator), (1, 2));
        // Fatigue 5 on a physical roll: needs 5 before potential even with P 10.
        let p = success_probability(0, 10, Against::Cr(1), Some(5));
        assert_eq!((p.numerator, p.denominator), (1, 3));
        assert_eq!(
            success_probability(2, 1, Against::Cr(8), None),
            pass_probability(2, 1, 8)
        );
    }

    #[test]
    fn dice_in_words() {
        let r = ChallengeRoll::from_dice(3, 3, 1, &[4, 9, 10]).unwrap();
        assert_eq!(dice_text(&r), "d6 1; d10 4, 9, 10 → kept d10 10");
        let r = ChallengeRoll::from_dice(0, 0, 3, &[]).unwrap();
        assert_eq!(dice_text(&r), "d6 3 → kept d6 3");
        let r = ChallengeRoll::from_dice(-2, 0, 2, &[5, 7]).unwrap();
        assert_eq!(dice_text(&r), "d6 2; d10 5, 7 → kept d6 2");
        assert_eq!(keep_rule(-1), "the lowest die");
        assert_eq!(keep_rule(0), "the d6 alone");
    }
}
