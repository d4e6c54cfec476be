//! What a player types into the roll panel, checked, and how a rolled test is written
//! into the roll log. The errors are the messages shown at the field.

use super::derived::{fmt_plus, fmt_signed};
use super::success::TestOutcome;
use crate::rules::input::whole;

/// The difficulty choices, easiest first: +5 (very easy) … −5 (very hard).
pub const DIFFICULTIES: [i32; 11] = [5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5];

/// What a difficulty choice is called in the picker: "+5 very easy", "0 normal", "−2".
pub fn difficulty_text(amount: i32) -> String {
    match amount {
        5 => "+5 very easy".into(),
        0 => "0 normal".into(),
        -5 => "−5 very hard".into(),
        n => fmt_plus(n),
    }
}

/// The range an opposing score may take (an opponent's attribute or Defense, which
/// armor can bring below 1).
pub const OPPONENT_MIN: i32 = -20;
pub const OPPONENT_MAX: i32 = 40;
/// The largest passive resistance (−X) the panel takes.
pub const RESISTANCE_MAX: i32 = 20;

/// Reads a whole number, with "+", "-" or a real minus "−" in front (the app's one
/// reading, [`crate::rules::input::whole`]), of at most six digits.
pub(crate) fn parse_int(text: &str) -> Option<i64> {
    whole(text).filter(|n| n.unsigned_abs() < 1_000_000)
}

/// The opponent's score for an opposed test: a whole number from −20 to 40.
pub fn parse_opponent_score(text: &str) -> Result<i32, String> {
    let range = format!(
        "a whole number from {} to {OPPONENT_MAX}",
        fmt_signed(OPPONENT_MIN)
    );
    if text.trim().is_empty() {
        return Err(format!("Enter the opponent's score, {range}."));
    }
    match parse_int(text) {
        Some(n) if (OPPONENT_MIN as i64..=OPPONENT_MAX as i64).contains(&n) => Ok(n as i32),
        Some(_) => Err(format!("The opponent's score must be {range}.")),
        None => Err(format!("“{}” is not {range}.", shorten(text.trim()))),
    }
}

/// A passive resistance `[Attribute −X]`: X from 0 to 20. "3", "-3" and "−3" all mean
/// a resistance of 3 (a modifier of −3).
pub fn parse_resistance(text: &str) -> Result<i32, String> {
    let range = format!("a whole number from 0 to {RESISTANCE_MAX} (3 means −3)");
    if text.trim().is_empty() {
        return Err(format!("Enter the resistance, {range}."));
    }
    match parse_int(text) {
        Some(n) if n.abs() <= RESISTANCE_MAX as i64 => Ok(n.abs() as i32),
        Some(_) => Err(format!("The resistance must be {range}.")),
        None => Err(format!("“{}” is not {range}.", shorten(text.trim()))),
    }
}

pub(crate) fn shorten(t: &str) -> String {
    let mut s: String = t.chars().take(12).collect();
    if t.chars().count() > 12 {
        s.push('…');
    }
    s
}

/// The dice of a rolled test as the log shows them: "d20: 7", or "d20: 7, 15 → 7"
/// with the kept die after the arrow.
pub fn dice_text(out: &TestOutcome) -> String {
    let faces: Vec<String> = out.dice.iter().map(u32::to_string).collect();
    if out.dice.len() > 1 {
        format!("d20: {} → {}", faces.join(", "), out.kept)
    } else {
        format!("d20: {}", faces.join(", "))
    }
}

/// "Pass" or "Fail".
pub fn outcome_word(passed: bool) -> &'static str {
    if passed {
        "Pass"
    } else {
        "Fail"
    }
}

/// The sentence announced after a roll: "Might test [Might −2]: rolled 7 against 8: Pass."
pub fn announcement(what: &str, out: &TestOutcome) -> String {
    let rolled = match out.dice.as_slice() {
        [one] => format!("rolled {one}"),
        dice => {
            let faces: Vec<String> = dice.iter().map(u32::to_string).collect();
            format!("rolled {}, kept {}", faces.join(" and "), out.kept)
        }
    };
    format!(
        "{what}: {rolled} against {}: {}.",
        fmt_signed(out.target),
        outcome_word(out.passed)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::symbaroum::success::{roll_test, Stat, TestSpec};
    use crate::rules::symbaroum::Attr;

    #[test]
    fn difficulty_choices_run_from_plus_5_to_minus_5() {
        assert_eq!(DIFFICULTIES.len(), 11);
        assert_eq!(difficulty_text(5), "+5 very easy");
        assert_eq!(difficulty_text(2), "+2");
        assert_eq!(difficulty_text(0), "0 normal");
        assert_eq!(difficulty_text(-2), "−2");
        assert_eq!(difficulty_text(-5), "−5 very hard");
    }

    #[test]
    fn opponent_scores_are_checked() {
        assert_eq!(parse_opponent_score("13"), Ok(13));
        assert_eq!(parse_opponent_score(" 16 "), Ok(16));
        assert_eq!(parse_opponent_score("-2"), Ok(-2));
        assert_eq!(parse_opponent_score("−2"), Ok(-2));
        assert_eq!(parse_opponent_score("+4"), Ok(4));
        for bad in [
            "",
            "abc",
            "12.5",
            "41",
            "-21",
            "1e1",
            "--3",
            "99999999999999",
        ] {
            let e = parse_opponent_score(bad).unwrap_err();
            assert!(e.contains("40"), "{bad:?}: {e}");
        }
        assert!(parse_opponent_score("abc").unwrap_err().contains("abc"));
    }

    #[test]
    fn resistance_is_a_size_whatever_the_sign() {
        assert_eq!(parse_resistance("3"), Ok(3));
        assert_eq!(parse_resistance("-3"), Ok(3));
        assert_eq!(parse_resistance("−3"), Ok(3));
        assert_eq!(parse_resistance("0"), Ok(0));
        for bad in ["", "x", "21", "2.5"] {
            assert!(parse_resistance(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn log_texts_show_every_die_and_the_kept_one() {
        let spec = TestSpec::new(Stat::Attr(Attr::Might), 10);
        let out = roll_test(&mut FixedDice::new(&[(7, 20)]), &spec);
        assert_eq!(dice_text(&out), "d20: 7");
        assert_eq!(
            announcement("Might test", &out),
            "Might test: rolled 7 against 10: Pass."
        );
        let two = spec.with_second_chance_to_fail(true);
        let out = roll_test(&mut FixedDice::new(&[(7, 20), (15, 20)]), &two);
        assert_eq!(dice_text(&out), "d20: 7, 15 → 15");
        assert_eq!(outcome_word(out.passed), "Fail");
        assert_eq!(
            announcement("Might test", &out),
            "Might test: rolled 7 and 15, kept 15 against 10: Fail."
        );
        assert_eq!(outcome_word(true), "Pass");
    }
}
