//! Corruption: temporary and permanent, against the Corruption Threshold and the
//! corruption maximum (RULES.md, "Derived values"; the seeds name the values only).

use super::derived::fmt_signed;
use super::{Attr, Labels};
use serde::{Deserialize, Serialize};

/// A character's corruption. Neither part goes below 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Corruption {
    #[serde(default)]
    pub temporary: i32,
    #[serde(default)]
    pub permanent: i32,
}

impl Corruption {
    pub fn total(&self) -> i32 {
        self.temporary + self.permanent
    }

    /// Adds (or with a negative number removes) temporary corruption, not below 0.
    pub fn add_temporary(&mut self, n: i32) {
        self.temporary = (self.temporary + n).max(0);
    }

    /// Adds (or removes) permanent corruption, not below 0.
    pub fn add_permanent(&mut self, n: i32) {
        self.permanent = (self.permanent + n).max(0);
    }

    /// Temporary corruption fades (end of scene): one call clears it.
    pub fn clear_temporary(&mut self) {
        self.temporary = 0;
    }

    /// Where the total stands against `threshold` and `max` (Resolve). Both compare with
    /// ≥: the core rule speaks of corruption *reaching* them.
    pub fn status(&self, threshold: i32, max: i32) -> CorruptionStatus {
        let t = self.total();
        if t >= max {
            CorruptionStatus::Abomination
        } else if t >= threshold {
            CorruptionStatus::AtThreshold
        } else {
            CorruptionStatus::Fine
        }
    }
}

/// How corrupted a character is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorruptionStatus {
    Fine,
    /// Total at or over the Corruption Threshold.
    AtThreshold,
    /// Total at or over the maximum (Resolve): the character is lost.
    Abomination,
}

/// The message a player sees for `c` against `threshold` and `max`; empty when fine.
pub fn status_message(c: &Corruption, threshold: i32, max: i32, l: &Labels) -> String {
    let t = c.total();
    match c.status(threshold, max) {
        CorruptionStatus::Fine => String::new(),
        CorruptionStatus::AtThreshold => format!(
            "Total corruption {t} has reached the {} ({}): the character is marked by corruption and gains a stigma.",
            l.corruption_threshold,
            fmt_signed(threshold)
        ),
        CorruptionStatus::Abomination => format!(
            "Total corruption {t} has reached the {} ({}, {} {}): the character becomes an abomination and is lost.",
            l.corruption_max,
            fmt_signed(max),
            l.attr(Attr::Resolve),
            fmt_signed(max)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::labels;
    use crate::rules::Ruleset;

    #[test]
    fn totals_and_clearing() {
        let mut c = Corruption::default();
        c.add_temporary(3);
        c.add_permanent(2);
        assert_eq!(c.total(), 5);
        c.add_temporary(-10);
        assert_eq!(
            c,
            Corruption {
                temporary: 0,
                permanent: 2
            }
        );
        c.add_temporary(4);
        c.clear_temporary();
        assert_eq!(c.total(), 2);
        c.add_permanent(-5);
        assert_eq!(c.permanent, 0);
    }

    #[test]
    fn status_bands_use_reaching() {
        // Resolve 13: threshold 7, maximum 13.
        let at = |temporary, permanent| {
            Corruption {
                temporary,
                permanent,
            }
            .status(7, 13)
        };
        assert_eq!(at(0, 0), CorruptionStatus::Fine);
        assert_eq!(at(3, 3), CorruptionStatus::Fine);
        assert_eq!(at(4, 3), CorruptionStatus::AtThreshold);
        assert_eq!(at(0, 12), CorruptionStatus::AtThreshold);
        assert_eq!(at(1, 12), CorruptionStatus::Abomination);
        assert_eq!(at(10, 10), CorruptionStatus::Abomination);
    }

    #[test]
    fn messages_use_the_ruleset_words() {
        let l = labels(Ruleset::Symbaroum);
        let c = Corruption {
            temporary: 2,
            permanent: 5,
        };
        assert_eq!(status_message(&c, 7, 13, l),
            "Total corruption 7 has reached the Corruption Threshold (7): the character is marked by corruption and gains a stigma.");
        let c = Corruption {
            temporary: 1,
            permanent: 12,
        };
        assert_eq!(status_message(&c, 7, 13, l),
            "Total corruption 13 has reached the Corruption maximum (13, Resolute 13): the character becomes an abomination and is lost.");
        assert_eq!(status_message(&Corruption::default(), 7, 13, l), "");
    }

    #[test]
    fn serialises_with_stable_names() {
        let c = Corruption {
            temporary: 1,
            permanent: 2,
        };
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"temporary":1,"permanent":2}"#
        );
        assert_eq!(
            serde_json::from_str::<Corruption>("{}").unwrap(),
            Corruption::default()
        );
        assert_eq!(
            serde_json::to_string(&CorruptionStatus::AtThreshold).unwrap(),
            r#""at_threshold""#
        );
    }
}
