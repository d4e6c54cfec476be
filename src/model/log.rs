//! The roll log: every roll a character makes, newest first, kept with the character.

use serde::{Deserialize, Serialize};

/// How many entries a character keeps; older ones fall off the end.
pub const LOG_MAX: usize = 500;

/// One roll as the player saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    /// When, in milliseconds since the Unix epoch.
    pub time: f64,
    /// What was rolled: "Might test [Might←Might 12]", "Damage 1d8+1d4".
    pub what: String,
    /// The dice as shown: "d20: 7, 15 → 7".
    pub dice: String,
    /// The target of a success test, if it was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i32>,
    /// Pass or fail for a test; `None` for rolls without one (damage, initiative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passed: Option<bool>,
    /// The outcome in words: "Pass", "Fail", "9 damage".
    pub outcome: String,
}

/// Adds `entry` as the newest, dropping the oldest past [`LOG_MAX`].
pub fn push(log: &mut Vec<LogEntry>, entry: LogEntry) {
    log.insert(0, entry);
    log.truncate(LOG_MAX);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(n: usize) -> LogEntry {
        LogEntry {
            time: n as f64,
            what: format!("roll {n}"),
            dice: "d20: 3".into(),
            target: Some(10),
            passed: Some(true),
            outcome: "Pass".into(),
        }
    }

    #[test]
    fn newest_first_and_bounded() {
        let mut log = Vec::new();
        for n in 0..LOG_MAX + 7 {
            push(&mut log, entry(n));
        }
        assert_eq!(log.len(), LOG_MAX);
        assert_eq!(log[0].what, format!("roll {}", LOG_MAX + 6));
        assert_eq!(log[LOG_MAX - 1].what, "roll 7");
    }
}
