//! The saved documents. Everything a player keeps lives in a [`Character`], stored as
//! JSON with a schema version so that older saves can be migrated when the shape grows.

use crate::rules::symbaroum::{Modifier, Scores};
use crate::rules::Ruleset;
use serde::{Deserialize, Serialize};

/// The schema version this build writes.
pub const SCHEMA_VERSION: u32 = 1;

/// The longest name the sheet keeps (longer input is refused at the field).
pub const NAME_MAX: usize = 80;

/// One character, in any ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Character {
    pub schema: u32,
    pub id: String,
    pub name: String,
    pub ruleset: Ruleset,
    /// Last edit, in milliseconds since the Unix epoch (the browser's `Date.now()`).
    pub updated: f64,
    /// The eight Symbaroum-family base scores.
    pub attributes: Scores,
    #[serde(default)]
    pub modifiers: Vec<Modifier>,
}

impl Character {
    /// A fresh character with neutral scores.
    pub fn new(id: String, ruleset: Ruleset, now: f64) -> Self {
        Character {
            schema: SCHEMA_VERSION,
            id,
            name: String::new(),
            ruleset,
            updated: now,
            attributes: Scores::default(),
            modifiers: Vec::new(),
        }
    }

    /// The name to show where an empty name would leave a hole.
    pub fn display_name(&self) -> &str {
        if self.name.trim().is_empty() {
            "Unnamed character"
        } else {
            self.name.trim()
        }
    }
}

/// Checks a name as typed; the error is the message shown at the field.
pub fn check_name(text: &str) -> Result<String, String> {
    if text.chars().count() > NAME_MAX {
        Err(format!("Names are at most {NAME_MAX} characters."))
    } else {
        Ok(text.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::Attr;

    #[test]
    fn a_character_round_trips_through_json() {
        let mut c = Character::new("abc".into(), Ruleset::Symbaroum, 1.0);
        c.name = "Grumpa <b>the Ogre</b>".into();
        c.attributes.set(Attr::Might, 15);
        let json = serde_json::to_string(&c).unwrap();
        assert!(json.contains("\"ruleset\":\"symbaroum\""));
        assert!(
            json.contains("\"might\":15"),
            "attributes are saved by name: {json}"
        );
        let back: Character = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn names_have_a_length_limit_and_keep_what_was_typed() {
        assert_eq!(check_name("  Ylva "), Ok("  Ylva ".to_string()));
        assert!(check_name(&"x".repeat(NAME_MAX + 1)).is_err());
        let c = Character::new("a".into(), Ruleset::Homebrew, 0.0);
        assert_eq!(c.display_name(), "Unnamed character");
    }
}
