//! Damage and armor dice as players write them: `1d8`, `d8`, `1d6+1`, `1d10+1d4`,
//! `2d6-1`. Parsed into [`DiceExpr`], rolled with any [`Rng`], written back in one
//! canonical form. Stored in documents as that text.

use crate::rules::dice::{self, Rng};
use serde::{Deserialize, Serialize};
use std::fmt;

/// At most this many dice in one term (`20d6` is fine, `21d6` is refused).
pub const MAX_DICE_PER_TERM: u32 = 20;
/// The largest die: d100.
pub const MAX_SIDES: u32 = 100;
/// At most this many `+`/`-` separated terms.
pub const MAX_TERMS: usize = 6;
/// The largest flat number in one term.
pub const MAX_FLAT: i32 = 100;

/// `count` dice with `sides` faces each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
}

/// A sum of dice and a flat bonus (which may be negative).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DiceExpr {
    /// The dice, in the order written.
    pub dice: Vec<Dice>,
    /// The sum of the flat numbers (`2d6-1` → −1).
    pub bonus: i32,
}

impl DiceExpr {
    /// `count`d`sides` with no bonus. No caps are checked: use [`parse_dice`] for input.
    pub fn new(count: u32, sides: u32) -> Self {
        DiceExpr {
            dice: vec![Dice { count, sides }],
            bonus: 0,
        }
    }

    /// No dice and no bonus: what "no armor" rolls.
    pub fn is_empty(&self) -> bool {
        self.dice.is_empty() && self.bonus == 0
    }

    /// The same dice with Advantage's extra 1d4 on damage.
    pub fn with_advantage(&self) -> Self {
        let mut e = self.clone();
        e.dice.push(Dice { count: 1, sides: 4 });
        e
    }

    /// The lowest possible total.
    pub fn min(&self) -> i32 {
        self.dice.iter().map(|d| d.count as i32).sum::<i32>() + self.bonus
    }

    /// The highest possible total.
    pub fn max(&self) -> i32 {
        self.dice
            .iter()
            .map(|d| (d.count * d.sides) as i32)
            .sum::<i32>()
            + self.bonus
    }

    /// The mean total (1d8 → 4.5).
    pub fn average(&self) -> f64 {
        self.dice
            .iter()
            .map(|d| d.count as f64 * (d.sides as f64 + 1.0) / 2.0)
            .sum::<f64>()
            + self.bonus as f64
    }

    /// Rolls every die and adds the bonus.
    pub fn roll(&self, rng: &mut dyn Rng) -> DiceRoll {
        let mut rolled = Vec::new();
        for d in &self.dice {
            for _ in 0..d.count {
                rolled.push(RolledDie {
                    sides: d.sides,
                    face: dice::roll(rng, d.sides),
                });
            }
        }
        let total = rolled.iter().map(|r| r.face as i32).sum::<i32>() + self.bonus;
        DiceRoll {
            dice: rolled,
            bonus: self.bonus,
            total,
        }
    }
}

impl fmt::Display for DiceExpr {
    /// Canonical text: dice in the order written with an explicit count, then the
    /// summed bonus: `d8` → `1d8`, `1d6 + 1 + 1` → `1d6+2`, `2d6-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for d in &self.dice {
            if !first {
                f.write_str("+")?;
            }
            write!(f, "{}d{}", d.count, d.sides)?;
            first = false;
        }
        if first {
            write!(f, "{}", self.bonus)
        } else if self.bonus > 0 {
            write!(f, "+{}", self.bonus)
        } else if self.bonus < 0 {
            write!(f, "-{}", -self.bonus)
        } else {
            Ok(())
        }
    }
}

impl From<DiceExpr> for String {
    fn from(e: DiceExpr) -> String {
        e.to_string()
    }
}

impl TryFrom<String> for DiceExpr {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        parse_dice(&s)
    }
}

impl std::str::FromStr for DiceExpr {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        parse_dice(s)
    }
}

/// One die as rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledDie {
    pub sides: u32,
    pub face: u32,
}

/// Every die rolled, the bonus and the total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceRoll {
    pub dice: Vec<RolledDie>,
    pub bonus: i32,
    pub total: i32,
}

impl DiceRoll {
    /// "5 + 3 + 1 = 9", "4 − 1 = 3", "6".
    pub fn text(&self) -> String {
        let faces: Vec<String> = self.dice.iter().map(|d| d.face.to_string()).collect();
        if faces.is_empty() {
            return self.total.to_string();
        }
        let mut s = faces.join(" + ");
        if self.bonus > 0 {
            s.push_str(&format!(" + {}", self.bonus));
        } else if self.bonus < 0 {
            s.push_str(&format!(" − {}", -self.bonus));
        }
        if faces.len() > 1 || self.bonus != 0 {
            s.push_str(&format!(" = {}", self.total));
        }
        s
    }
}

const EXAMPLE: &str = "e.g. 1d8, 1d6+1 or 1d10+1d4";

/// Parses dice notation. Accepts `NdS`, `dS` (one die), flat numbers, `+` and `-`
/// between terms, spaces, `D` and the typographic minus `−`. Refuses empty text, `d`
/// alone, zero dice or zero sides, subtracted dice, more than [`MAX_DICE_PER_TERM`] dice
/// in a term, dice above d[`MAX_SIDES`], more than [`MAX_TERMS`] terms, flat numbers
/// above [`MAX_FLAT`]. The error is the message shown at the field.
pub fn parse_dice(text: &str) -> Result<DiceExpr, String> {
    // Spaces may sit around + and −, never inside a term ("1d6 1" is not "1d61").
    let chars: Vec<char> = text.trim().chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if c.is_whitespace() && i > 0 && chars[i - 1].is_alphanumeric() {
            if let Some(next) = chars[i..].iter().find(|c| !c.is_whitespace()) {
                if next.is_alphanumeric() {
                    return Err(format!(
                        "“{}” has a space inside: join the parts with + or −.",
                        text.trim()
                    ));
                }
            }
        }
    }
    let cleaned: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '−' | '–' => '-',
            'D' => 'd',
            c => c,
        })
        .collect();
    if cleaned.is_empty() {
        return Err(format!("Enter dice, {EXAMPLE}."));
    }
    // Split into signed terms.
    let mut terms: Vec<(bool, String)> = Vec::new();
    let mut negative = false;
    let mut current = String::new();
    for c in cleaned.chars() {
        if c == '+' || c == '-' {
            if current.is_empty() {
                return Err(if terms.is_empty() {
                    format!("Start with dice or a number, {EXAMPLE}.")
                } else {
                    format!("Something is missing before “{c}”: {EXAMPLE}.")
                });
            }
            terms.push((negative, std::mem::take(&mut current)));
            negative = c == '-';
        } else {
            current.push(c);
        }
    }
    if current.is_empty() {
        return Err(format!("Something is missing at the end: {EXAMPLE}."));
    }
    terms.push((negative, current));
    if terms.len() > MAX_TERMS {
        return Err(format!(
            "At most {MAX_TERMS} parts joined by + or − ({} given).",
            terms.len()
        ));
    }
    let mut expr = DiceExpr::default();
    for (negative, term) in terms {
        match term.split_once('d') {
            Some((count, sides)) => {
                let d = parse_dice_term(&term, count, sides)?;
                if negative {
                    return Err(format!(
                        "Dice can only be added, not subtracted (“−{term}”)."
                    ));
                }
                expr.dice.push(d);
            }
            None => {
                let n = parse_number(&term).filter(|&n| n <= MAX_FLAT as u64);
                match n {
                    Some(n) if negative => expr.bonus -= n as i32,
                    Some(n) => expr.bonus += n as i32,
                    None if is_digits(&term) => {
                        return Err(format!(
                            "A flat number can be at most {MAX_FLAT} (“{term}”)."
                        ))
                    }
                    None => return Err(not_understood(&term)),
                }
            }
        }
    }
    Ok(expr)
}

fn parse_dice_term(term: &str, count: &str, sides: &str) -> Result<Dice, String> {
    if !count.is_empty() && !is_digits(count) {
        return Err(not_understood(term));
    }
    if sides.is_empty() {
        return Err(format!(
            "“{term}” needs the number of sides after d, e.g. d8."
        ));
    }
    let count = if count.is_empty() {
        1
    } else {
        parse_number(count).ok_or_else(|| not_understood(term))?
    };
    let sides = parse_number(sides).ok_or_else(|| not_understood(term))?;
    if count == 0 {
        return Err(format!("“{term}” rolls no dice: use at least 1."));
    }
    if sides == 0 {
        return Err(format!("“{term}”: a die needs at least 1 side."));
    }
    if count > MAX_DICE_PER_TERM as u64 {
        return Err(format!(
            "“{term}”: at most {MAX_DICE_PER_TERM} dice of one kind."
        ));
    }
    if sides > MAX_SIDES as u64 {
        return Err(format!("“{term}”: the largest die is d{MAX_SIDES}."));
    }
    Ok(Dice {
        count: count as u32,
        sides: sides as u32,
    })
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Digits only; very long numbers saturate so they fail the caps, not the parse.
fn parse_number(s: &str) -> Option<u64> {
    if !is_digits(s) {
        return None;
    }
    Some(s.parse::<u64>().unwrap_or(u64::MAX))
}

fn not_understood(term: &str) -> String {
    let short: String = term.chars().take(12).collect();
    let ell = if term.chars().count() > 12 { "…" } else { "" };
    format!("“{short}{ell}” is not dice: {EXAMPLE}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::{FixedDice, SeededRng};

    fn p(s: &str) -> DiceExpr {
        parse_dice(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn parses_the_usual_forms() {
        assert_eq!(p("1d8"), DiceExpr::new(1, 8));
        assert_eq!(p("d8"), DiceExpr::new(1, 8));
        assert_eq!(p("D8"), DiceExpr::new(1, 8));
        let e = p("1d6+1");
        assert_eq!(e.dice, vec![Dice { count: 1, sides: 6 }]);
        assert_eq!(e.bonus, 1);
        let e = p("1d10+1d4");
        assert_eq!(
            e.dice,
            vec![
                Dice {
                    count: 1,
                    sides: 10
                },
                Dice { count: 1, sides: 4 }
            ]
        );
        assert_eq!(e.bonus, 0);
        let e = p("2d6-1");
        assert_eq!(e.dice, vec![Dice { count: 2, sides: 6 }]);
        assert_eq!(e.bonus, -1);
        assert_eq!(p(" 2d6 − 1 ").bonus, -1);
        assert_eq!(p("1d6 + 1 + 1").bonus, 2);
        assert_eq!(
            p("3"),
            DiceExpr {
                dice: vec![],
                bonus: 3
            }
        );
        assert_eq!(p("20d100"), DiceExpr::new(20, 100));
        assert_eq!(p("1d1").max(), 1);
    }

    #[test]
    fn refuses_bad_input_with_a_message() {
        for (bad, needle) in [
            ("", "Enter dice"),
            ("   ", "Enter dice"),
            ("d", "number of sides"),
            ("2d", "number of sides"),
            ("1d0", "at least 1 side"),
            ("0d6", "no dice"),
            ("999d999", "at most 20 dice"),
            ("21d6", "at most 20 dice"),
            ("1d101", "largest die is d100"),
            ("1d6+1d8+1d4+1d4+1d4+1d4+1", "At most 6 parts"),
            ("sword", "is not dice"),
            ("1d6+", "missing at the end"),
            ("1d6++1", "missing before"),
            ("+1d6", "Start with dice"),
            ("1d6-1d4", "only be added"),
            ("1dd6", "is not dice"),
            ("1d6x2", "is not dice"),
            ("1.5d6", "is not dice"),
            ("1d6+500", "at most 100"),
            ("99999999999999999999999d6", "at most 20 dice"),
            ("1d6 1", "space inside"),
            ("1 d6", "space inside"),
        ] {
            let err = parse_dice(bad).expect_err(bad);
            assert!(err.contains(needle), "{bad:?} gave {err:?}");
        }
    }

    #[test]
    fn displays_canonically_and_round_trips() {
        for (input, canon) in [
            ("d8", "1d8"),
            ("1d6 + 1", "1d6+1"),
            ("1d10+1d4", "1d10+1d4"),
            ("2d6-1", "2d6-1"),
            ("2D6 − 1", "2d6-1"),
            ("1+1d6", "1d6+1"),
            ("1d6+2-2", "1d6"),
            ("4", "4"),
            ("0", "0"),
        ] {
            let e = p(input);
            assert_eq!(e.to_string(), canon, "{input}");
            assert_eq!(p(canon), e);
        }
        let json = serde_json::to_string(&p("d8+1")).unwrap();
        assert_eq!(json, "\"1d8+1\"");
        let back: DiceExpr = serde_json::from_str("\"2d6-1\"").unwrap();
        assert_eq!(back, p("2d6-1"));
        assert!(serde_json::from_str::<DiceExpr>("\"1d0\"").is_err());
    }

    #[test]
    fn min_max_average() {
        let e = p("1d8");
        assert_eq!((e.min(), e.max(), e.average()), (1, 8, 4.5));
        let e = p("2d6-1");
        assert_eq!((e.min(), e.max(), e.average()), (1, 11, 6.0));
        let e = p("1d10+1d4");
        assert_eq!((e.min(), e.max(), e.average()), (2, 14, 8.0));
        let e = p("1d4-3");
        assert_eq!((e.min(), e.max()), (-2, 1));
        assert!(DiceExpr::default().is_empty());
        assert_eq!(DiceExpr::default().max(), 0);
    }

    #[test]
    fn advantage_adds_a_d4() {
        let e = p("1d8").with_advantage();
        assert_eq!(e.to_string(), "1d8+1d4");
        assert_eq!((e.min(), e.max()), (2, 12));
        assert_eq!(p("1d6+1").with_advantage().to_string(), "1d6+1d4+1");
    }

    #[test]
    fn rolls_every_die_in_order() {
        let mut d = FixedDice::new(&[(3, 10), (4, 4)]);
        let r = p("1d10+1d4").roll(&mut d);
        assert_eq!(
            r.dice,
            vec![
                RolledDie { sides: 10, face: 3 },
                RolledDie { sides: 4, face: 4 }
            ]
        );
        assert_eq!(r.total, 7);
        assert_eq!(r.text(), "3 + 4 = 7");

        let mut d = FixedDice::new(&[(5, 6), (1, 6)]);
        let r = p("2d6-1").roll(&mut d);
        assert_eq!(r.total, 5);
        assert_eq!(r.text(), "5 + 1 − 1 = 5");

        let mut d = FixedDice::new(&[(8, 8)]);
        let r = p("d8").roll(&mut d);
        assert_eq!(r.text(), "8");
        let r = p("3").roll(&mut FixedDice::new(&[]));
        assert_eq!((r.total, r.text()), (3, "3".to_string()));
    }

    #[test]
    fn seeded_rolls_stay_in_range() {
        let mut rng = SeededRng::new(9);
        let e = p("2d6+1d4-1");
        let mut seen_min = false;
        let mut seen_max = false;
        for _ in 0..5000 {
            let r = e.roll(&mut rng);
            assert!((e.min()..=e.max()).contains(&r.total));
            assert_eq!(r.dice.len(), 3);
            seen_min |= r.total == e.min();
            seen_max |= r.total == e.max();
        }
        assert!(seen_min && seen_max);
    }
}
