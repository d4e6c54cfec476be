//! The Symbaroum family engine: `homebrew`, `homebrew-draft` and `symbaroum` share
//! every formula here and differ only in the label table ([`labels`]) and in the few
//! rules RULES.md marks per ruleset.

pub mod abilities;
pub mod buildings;
pub mod combat;
pub mod conditions;
pub mod corruption;
pub mod creation;
pub mod derived;
pub mod dice_notation;
pub mod dying;
pub mod encumbrance;
pub mod experience;
pub mod initiative;
pub mod labels;
pub mod maneuvers;
pub mod modifier_input;
pub mod modifiers;
pub mod pack_effects;
pub mod roll_effects;
pub mod roll_input;
pub mod success;
pub mod trade;
pub mod traps_projectiles;
pub mod travel;
pub mod turn;

pub use derived::{Breakdown, Term};
pub use labels::{labels, Labels};
pub use modifiers::{Modifier, Target};

use serde::{Deserialize, Serialize};

/// The eight attributes, by their ruleset-independent key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Attr {
    Agility,
    Charisma,
    Exactitude,
    Resolve,
    Might,
    Subtlety,
    Vigilance,
    Wit,
}

impl Attr {
    pub const ALL: [Attr; 8] = [
        Attr::Agility,
        Attr::Charisma,
        Attr::Exactitude,
        Attr::Resolve,
        Attr::Might,
        Attr::Subtlety,
        Attr::Vigilance,
        Attr::Wit,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The key used in saved documents.
    pub fn key(self) -> &'static str {
        match self {
            Attr::Agility => "agility",
            Attr::Charisma => "charisma",
            Attr::Exactitude => "exactitude",
            Attr::Resolve => "resolve",
            Attr::Might => "might",
            Attr::Subtlety => "subtlety",
            Attr::Vigilance => "vigilance",
            Attr::Wit => "wit",
        }
    }

    pub fn from_key(key: &str) -> Option<Attr> {
        Attr::ALL.into_iter().find(|a| a.key() == key)
    }
}

/// The lowest and highest base score the sheet accepts (RULES.md: 1–30).
pub const SCORE_MIN: i32 = 1;
pub const SCORE_MAX: i32 = 30;

/// Parses what a player typed into an attribute field. The error is the message shown
/// at the field; the caller keeps the last good value.
pub fn parse_score(text: &str) -> Result<i32, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(format!(
            "Enter a whole number from {SCORE_MIN} to {SCORE_MAX}."
        ));
    }
    match crate::rules::input::whole(t) {
        Some(n) if (SCORE_MIN as i64..=SCORE_MAX as i64).contains(&n) => Ok(n as i32),
        Some(_) => Err(format!("Must be from {SCORE_MIN} to {SCORE_MAX}.")),
        None => Err(format!(
            "“{}” is not a whole number: enter {SCORE_MIN} to {SCORE_MAX}.",
            shorten(t)
        )),
    }
}

fn shorten(t: &str) -> String {
    let mut s: String = t.chars().take(12).collect();
    if t.chars().count() > 12 {
        s.push('…');
    }
    s
}

/// The eight base scores of a character, indexed by [`Attr`]. Saved as an object keyed
/// by attribute (`{"agility": 10, …}`) so exports stay readable and order-proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "ScoresDoc", into = "ScoresDoc")]
pub struct Scores {
    values: [i32; 8],
}

#[derive(Clone, Serialize, Deserialize)]
struct ScoresDoc {
    agility: i32,
    charisma: i32,
    exactitude: i32,
    resolve: i32,
    might: i32,
    subtlety: i32,
    vigilance: i32,
    wit: i32,
}

impl From<ScoresDoc> for Scores {
    fn from(d: ScoresDoc) -> Self {
        Scores {
            values: [
                d.agility,
                d.charisma,
                d.exactitude,
                d.resolve,
                d.might,
                d.subtlety,
                d.vigilance,
                d.wit,
            ],
        }
    }
}

impl From<Scores> for ScoresDoc {
    fn from(s: Scores) -> Self {
        let [agility, charisma, exactitude, resolve, might, subtlety, vigilance, wit] = s.values;
        ScoresDoc {
            agility,
            charisma,
            exactitude,
            resolve,
            might,
            subtlety,
            vigilance,
            wit,
        }
    }
}

impl Default for Scores {
    /// A fresh character starts at 10 everywhere: a neutral, valid sheet.
    fn default() -> Self {
        Scores::new([10; 8])
    }
}

impl Scores {
    /// The scores in [`Attr::ALL`]'s order.
    pub fn new(values: [i32; 8]) -> Scores {
        Scores { values }
    }
    /// The scores in [`Attr::ALL`]'s order.
    pub fn values(&self) -> [i32; 8] {
        self.values
    }
    pub fn get(&self, a: Attr) -> i32 {
        self.values[a.index()]
    }
    pub fn set(&mut self, a: Attr, v: i32) {
        self.values[a.index()] = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_input_accepts_1_to_30_only() {
        assert_eq!(parse_score("13"), Ok(13));
        assert_eq!(parse_score(" 1 "), Ok(1));
        assert_eq!(parse_score("30"), Ok(30));
        for bad in [
            "",
            "  ",
            "abc",
            "0",
            "31",
            "2.5",
            "-3",
            "1e1",
            "99999999999999999999",
        ] {
            let err = parse_score(bad).unwrap_err();
            assert!(!err.is_empty(), "{bad:?} must be refused with a message");
        }
        assert!(parse_score("abc").unwrap_err().contains("abc"));
        assert!(parse_score("31").unwrap_err().contains("30"));
    }

    #[test]
    fn keys_round_trip() {
        for a in Attr::ALL {
            assert_eq!(Attr::from_key(a.key()), Some(a));
            assert_eq!(Attr::ALL[a.index()], a);
        }
    }
}
