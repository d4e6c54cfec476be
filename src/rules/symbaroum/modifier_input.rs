//! The modifier list as a player edits it: which values a modifier may name, what they
//! are called in the character's ruleset, and the amount and source as typed. The
//! errors are the messages shown at the field.

use super::roll_input::{parse_int, shorten};
use super::{Attr, Labels, Target};

/// Every target, for showing a modifier that came with an import.
const ALL_TARGETS: [Target; 13] = [
    Target::Attr(Attr::Agility),
    Target::Attr(Attr::Charisma),
    Target::Attr(Attr::Exactitude),
    Target::Attr(Attr::Resolve),
    Target::Attr(Attr::Might),
    Target::Attr(Attr::Subtlety),
    Target::Attr(Attr::Vigilance),
    Target::Attr(Attr::Wit),
    Target::Toughness,
    Target::PainThreshold,
    Target::Defense,
    Target::CorruptionThreshold,
    Target::EncumbranceThreshold,
];

/// The targets a player picks from: the eight attributes, then the derived values (all
/// of [`ALL_TARGETS`] but the encumbrance threshold, which only Pack-mule changes).
pub const EDITABLE_TARGETS: [Target; 12] = {
    let mut out = [Target::Toughness; 12];
    let mut i = 0;
    while i < 12 {
        out[i] = ALL_TARGETS[i];
        i += 1;
    }
    out
};

/// A stable key for a target, used as the value of a picker option.
pub fn target_key(t: Target) -> &'static str {
    match t {
        Target::Attr(a) => a.key(),
        Target::Toughness => "toughness",
        Target::PainThreshold => "pain-threshold",
        Target::Defense => "defense",
        Target::CorruptionThreshold => "corruption-threshold",
        Target::EncumbranceThreshold => "encumbrance-threshold",
    }
}

pub fn target_from_key(key: &str) -> Option<Target> {
    ALL_TARGETS.into_iter().find(|&t| target_key(t) == key)
}

/// What the character's ruleset calls a target ("Strong", "Health").
pub fn target_label(t: Target, l: &Labels) -> &'static str {
    match t {
        Target::Attr(a) => l.attr(a),
        Target::Toughness => l.toughness,
        Target::PainThreshold => l.pain_threshold,
        Target::Defense => l.defense,
        Target::CorruptionThreshold => l.corruption_threshold,
        Target::EncumbranceThreshold => l.encumbrance_threshold,
    }
}

/// The largest modifier amount a sheet keeps, either way (the saved document refuses
/// more: `model::character::MODIFIER_AMOUNT_MAX`).
pub const MODIFIER_AMOUNT_MAX: i32 = 99;

/// A modifier's amount as typed: "2", "+2", "-1", "−1"; from −99 to +99.
pub fn parse_modifier_amount(text: &str) -> Result<i32, String> {
    let range = format!("a whole number from −{MODIFIER_AMOUNT_MAX} to +{MODIFIER_AMOUNT_MAX}");
    if text.trim().is_empty() {
        return Err(format!("Enter {range}."));
    }
    match parse_int(text) {
        Some(n) if n.abs() <= MODIFIER_AMOUNT_MAX as i64 => Ok(n as i32),
        Some(_) => Err(format!("Must be {range}.")),
        None => Err(format!("“{}” is not {range}.", shorten(text.trim()))),
    }
}

/// The most modifiers a character keeps (as the saved document:
/// `model::character::MODIFIERS_MAX`).
pub const LIST_MAX: usize = 500;

/// The longest modifier source a sheet keeps (as the saved document: `model::NAME_MAX`).
pub const SOURCE_MAX: usize = 80;

/// A modifier's source as typed: not blank, at most 80 characters. Kept exactly as
/// typed, so a space typed between two words survives the next keystroke.
pub fn parse_modifier_source(text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        Err("Say where the modifier comes from, e.g. “Robust” or “Ring”.".into())
    } else if text.chars().count() > SOURCE_MAX {
        Err(format!("At most {SOURCE_MAX} characters."))
    } else {
        Ok(text.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::labels;
    use crate::rules::Ruleset;

    #[test]
    fn target_keys_round_trip_and_labels_follow_the_ruleset() {
        for t in ALL_TARGETS {
            assert_eq!(target_from_key(target_key(t)), Some(t));
        }
        assert_eq!(target_from_key("nonsense"), None);
        assert!(!EDITABLE_TARGETS.contains(&Target::EncumbranceThreshold));
        let sy = labels(Ruleset::Symbaroum);
        let dr = labels(Ruleset::HomebrewDraft);
        assert_eq!(target_label(Target::Attr(Attr::Might), sy), "Strong");
        assert_eq!(target_label(Target::Toughness, dr), "Health");
        assert_eq!(target_label(Target::PainThreshold, dr), "Pain Tolerance");
        assert_eq!(
            target_label(Target::CorruptionThreshold, sy),
            "Corruption Threshold"
        );
    }

    #[test]
    fn modifier_amounts_stay_within_99() {
        assert_eq!(parse_modifier_amount("2"), Ok(2));
        assert_eq!(parse_modifier_amount("+2"), Ok(2));
        assert_eq!(parse_modifier_amount("−2"), Ok(-2));
        assert_eq!(parse_modifier_amount("-99"), Ok(-99));
        assert_eq!(parse_modifier_amount("99"), Ok(99));
        for bad in ["", "100", "-100", "two", "1.5", "+"] {
            let e = parse_modifier_amount(bad).unwrap_err();
            assert!(e.contains("99"), "{bad:?}: {e}");
        }
    }

    #[test]
    fn modifier_sources_are_named_and_short() {
        assert_eq!(parse_modifier_source("Robust "), Ok("Robust ".to_string()));
        assert!(parse_modifier_source("   ").is_err());
        assert!(parse_modifier_source(&"x".repeat(SOURCE_MAX + 1)).is_err());
        assert!(parse_modifier_source(&"x".repeat(SOURCE_MAX)).is_ok());
    }
}
