//! One character: the document a player keeps.

use super::about::About;
use super::advance::Advance;
use super::combat::Combat;
use super::heimr::HeimrSheet;
use super::log::{LogEntry, LOG_MAX};
use super::SCHEMA_VERSION;
use crate::rules::symbaroum::{parse_score, Attr, Modifier, Scores};
use crate::rules::Ruleset;
use serde::{Deserialize, Serialize};

pub use crate::rules::input::{name_problem, NAME_MAX};

/// One character, in any ruleset. In the browser it also derives a reactive store, so
/// a card that reads one part (the fight, the gear, the log) is told only of changes
/// to that part; the derive adds field accessors and nothing else.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(reactive_stores::Store))]
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
    /// Toughness lost, dying, weapons, armor, corruption, initiative (Symbaroum family).
    #[serde(default, skip_serializing_if = "Combat::is_empty")]
    pub combat: Combat,
    /// Experience, abilities, inventory, money, optional rules (Symbaroum family).
    #[serde(default, skip_serializing_if = "Advance::is_empty")]
    pub advance: Advance,
    /// The Heimr sheet; present for (and only needed by) `heimr` characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heimr: Option<HeimrSheet>,
    /// Who the character is: race, occupation, background, a portrait …
    #[serde(default, skip_serializing_if = "About::is_empty")]
    pub about: About,
    /// Free-form notes.
    #[serde(default)]
    pub notes: String,
    /// Every roll, newest first, at most [`super::log::LOG_MAX`].
    #[serde(default)]
    pub roll_log: Vec<LogEntry>,
    /// In the store only: the version this save was written over, by
    /// `storage::version_tag` (see `storage::Store::save_over`). Bookkeeping between
    /// browser tabs, not part of the character: reading a document takes it out, so a
    /// character in memory never has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved_over: Option<String>,
    /// What the document held that this version does not write (a newer version's
    /// fields, at any level): put back by [`Character::to_text`].
    #[serde(skip)]
    pub kept: super::kept::Kept,
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
            combat: Combat::default(),
            advance: Advance::default(),
            heimr: (ruleset == Ruleset::Heimr).then(HeimrSheet::default),
            about: About::default(),
            notes: String::new(),
            roll_log: Vec::new(),
            saved_over: None,
            kept: Default::default(),
        }
    }

    /// A copy without the roll log, for keeping versions whose log is never read
    /// (undo steps): copying a long log on every change made typing slow. The
    /// pattern names every field, so a new one is not left out.
    pub fn without_log(&self) -> Character {
        let Character {
            schema,
            id,
            name,
            ruleset,
            updated,
            attributes,
            modifiers,
            combat,
            advance,
            heimr,
            about,
            notes,
            roll_log: _,
            saved_over,
            kept,
        } = self;
        Character {
            schema: *schema,
            id: id.clone(),
            name: name.clone(),
            ruleset: *ruleset,
            updated: *updated,
            attributes: attributes.clone(),
            modifiers: modifiers.clone(),
            combat: combat.clone(),
            advance: advance.clone(),
            heimr: heimr.clone(),
            about: about.clone(),
            notes: notes.clone(),
            roll_log: Vec::new(),
            saved_over: saved_over.clone(),
            kept: kept.clone(),
        }
    }

    /// The character as saved: this version's fields, with what a newer version wrote
    /// put back where it was (`model::kept`).
    pub fn to_text(&self) -> String {
        let text = super::write::json(self).expect("characters always serialize");
        super::kept::with_kept(text, &self.kept)
    }

    /// The Heimr sheet, if the character has one.
    pub fn heimr(&self) -> Option<&HeimrSheet> {
        self.heimr.as_ref()
    }

    /// The Heimr sheet to change, created on first use (a character switched to Heimr,
    /// or a Heimr document without one).
    pub fn heimr_mut(&mut self) -> &mut HeimrSheet {
        self.heimr.get_or_insert_with(HeimrSheet::default)
    }

    /// The name to show where an empty name would leave a hole.
    pub fn display_name(&self) -> &str {
        display_name(&self.name)
    }
}

/// The longest notes the sheet keeps.
pub const NOTES_MAX: usize = 20_000;

/// The most modifiers a character may carry (a guard against absurd imports).
pub const MODIFIERS_MAX: usize = 500;
/// Modifier amounts beyond this are refused (no rule comes near it).
pub const MODIFIER_AMOUNT_MAX: i32 = 99;

/// The latest time a browser's clock can show, in milliseconds since the Unix epoch
/// (`Date`'s limit, 8.64 × 10¹⁵).
pub const TIME_MAX: f64 = 8.64e15;

/// Whether `t` is a time the app could have written: whole milliseconds (see
/// [`Character::whole_times`]) from the epoch to [`TIME_MAX`]. Every such number is
/// read back from JSON exactly as it was written.
pub(crate) fn is_time(t: f64) -> bool {
    (0.0..=TIME_MAX).contains(&t)
}

impl Character {
    /// Times to whole milliseconds, as the app writes them. A time with a fraction
    /// (typed into a file by hand) can come back from its JSON one step off, so a saved
    /// or exported character would not read back as it was; rounded, it always does.
    pub fn whole_times(&mut self) {
        self.updated = self.updated.round();
        for e in &mut self.roll_log {
            e.time = e.time.round();
        }
    }

    /// Checks every value against what the sheet itself would accept. The error names
    /// the first problem in words a player can act on.
    pub fn check(&self) -> Result<(), String> {
        check_id(&self.id)?;
        check_name(&self.name)?;
        if !is_time(self.updated) {
            return Err("the last-edit time is not a valid time".into());
        }
        for a in Attr::ALL {
            let v = self.attributes.get(a);
            parse_score(&v.to_string()).map_err(|_| {
                format!(
                    "{} is {v}, but scores are whole numbers from 1 to 30",
                    crate::rules::symbaroum::labels(self.ruleset).attr(a)
                )
            })?;
        }
        if self.modifiers.len() > MODIFIERS_MAX {
            return Err(format!(
                "{} modifiers is more than the {MODIFIERS_MAX} a sheet keeps",
                self.modifiers.len()
            ));
        }
        for m in &self.modifiers {
            if m.amount.abs() > MODIFIER_AMOUNT_MAX {
                return Err(format!(
                    "the modifier “{}” is {}, beyond ±{MODIFIER_AMOUNT_MAX}",
                    m.source, m.amount
                ));
            }
            if m.source.chars().count() > NAME_MAX {
                return Err(format!("a modifier's source is over {NAME_MAX} characters"));
            }
        }
        if self.notes.chars().count() > NOTES_MAX {
            return Err(format!("the notes are over {NOTES_MAX} characters"));
        }
        if self.roll_log.iter().any(|e| !is_time(e.time)) {
            return Err("a roll in the roll log has a time that is not a valid time".into());
        }
        if self.roll_log.len() > LOG_MAX {
            return Err(format!("the roll log has more than {LOG_MAX} entries"));
        }
        self.combat.check()?;
        self.advance.check()?;
        self.about.check()?;
        if let Some(h) = &self.heimr {
            h.check()?;
        }
        Ok(())
    }
}

/// Ids are what new ids look like (hex) or any short run of letters, digits, `-`, `_`.
pub fn check_id(id: &str) -> Result<(), String> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err("the character id is missing or malformed".into())
    }
}

/// Checks a character's name as typed (it may be empty while the player thinks of
/// one); the error is the message shown at the field.
pub fn check_name(text: &str) -> Result<String, String> {
    match name_problem(text, false) {
        Some(why) => Err(why),
        None => Ok(text.to_string()),
    }
}

/// A character's name as shown: trimmed, or "Unnamed character" when there is none.
pub fn display_name(name: &str) -> &str {
    if name.trim().is_empty() {
        "Unnamed character"
    } else {
        name.trim()
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
    fn check_names_the_first_problem() {
        let mut c = Character::new("abc".into(), Ruleset::Symbaroum, 1.0);
        assert_eq!(c.check(), Ok(()));
        c.attributes.set(Attr::Might, 45);
        assert_eq!(
            c.check().unwrap_err(),
            "Strong is 45, but scores are whole numbers from 1 to 30"
        );
        c.attributes.set(Attr::Might, 10);
        c.id = "../etc".into();
        assert!(c.check().unwrap_err().contains("id"));
        c.id = "abc".into();
        c.modifiers.push(Modifier::new(
            "Ring",
            crate::rules::symbaroum::Target::Defense,
            500,
        ));
        assert!(c.check().unwrap_err().contains("Ring"));
    }

    #[test]
    fn names_have_a_length_limit_and_keep_what_was_typed() {
        assert_eq!(check_name("  Ylva "), Ok("  Ylva ".to_string()));
        assert!(check_name(&"x".repeat(NAME_MAX + 1)).is_err());
        assert_eq!(check_name("  "), Ok("  ".into()), "a character's may wait");
        assert_eq!(name_problem("  ", true), Some("Enter a name.".into()));
        assert_eq!(name_problem(&"é".repeat(NAME_MAX), true), None);
        assert_eq!(
            name_problem(&"é".repeat(NAME_MAX + 1), true),
            Some(format!("Names are at most {NAME_MAX} characters."))
        );
        let c = Character::new("a".into(), Ruleset::Homebrew, 0.0);
        assert_eq!(c.display_name(), "Unnamed character");
    }
}
