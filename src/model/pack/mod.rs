//! Campaign packs (issue #32): a game master's own catalogue of abilities, powers,
//! weapon qualities, gear and Heimr skills, defined once and handed to the table as a
//! file or a link. A pack is a document of its own, like a character: plain serde, a
//! schema version with migrations ([`read`]), checked entry by entry on import with a
//! message naming each bad one ([`check`]), and every field a newer version wrote kept
//! through a save, at every level.
//!
//! A pack belongs to a family: one Symbaroum-family pack serves all three of its
//! rulesets (their labels differ, not their rules), a Heimr pack serves Heimr. Each
//! entry has an id of its own within its list, so a character's copy can remember
//! which entry it came from when the pack's next version changes it. The built-in
//! packs ([`builtin`]) hold what the seeds name, nothing more.

pub mod builtin;
pub mod changes;
pub mod check;
pub mod edit;
pub mod entries;
pub mod read;
pub mod take;
pub mod update;

pub use entries::*;

use crate::rules::Ruleset;
use crate::rules::Unknown;
use serde::{Deserialize, Serialize};

/// The schema version this build writes.
pub const PACK_SCHEMA_VERSION: u32 = 1;
/// What a pack file says it is (a character export says "sheetwright").
pub const PACK_FORMAT: &str = "sheetwright-pack";
/// The most entries one list of a pack holds.
pub const ENTRIES_MAX: usize = 1000;
/// The longest text an entry or a level says (a pack's description: [`ABOUT_MAX`]).
pub const SAYS_MAX: usize = 4000;
/// The longest description of a pack.
pub const ABOUT_MAX: usize = 20_000;
/// The most effects one entry or level lists.
pub const EFFECTS_MAX: usize = 20;

/// Which rules a pack is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// Homebrew, its draft and Symbaroum: one engine, three label sets.
    Symbaroum,
    Heimr,
}

impl Family {
    pub fn of(r: Ruleset) -> Family {
        match r {
            Ruleset::Heimr => Family::Heimr,
            _ => Family::Symbaroum,
        }
    }

    /// As a game master reads it: "the Symbaroum family (Homebrew, its draft,
    /// Symbaroum)".
    pub fn name(self) -> &'static str {
        match self {
            Family::Symbaroum => "the Symbaroum family (Homebrew, its draft, Symbaroum)",
            Family::Heimr => "Heimr",
        }
    }
}

/// A campaign pack.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pack {
    /// Always [`PACK_FORMAT`]: a pack file names itself.
    pub format: String,
    pub schema: u32,
    /// The same through every version of the pack: a character's entries are matched
    /// to a newer version by it.
    pub id: String,
    pub name: String,
    pub family: Family,
    /// The pack's own edition, from 1; a new version offers its changes to the
    /// characters that took entries from an older one.
    pub version: u32,
    /// When it was last changed (ms since 1970), written as a whole number as a
    /// browser writes it.
    #[serde(default, serialize_with = "whole_ms")]
    pub updated: f64,
    /// What the game master says of it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub about: String,
    // The Symbaroum family's lists.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<AbilityEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub qualities: Vec<QualityEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<ItemEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<WeaponEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub armor: Vec<ArmorEntry>,
    // Heimr's lists.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heimr_abilities: Vec<HeimrAbilityEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<ConditionEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heimr_weapons: Vec<HeimrWeaponEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heimr_shields: Vec<HeimrShieldEntry>,
    /// The campaign's HP maximum for a new character.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hp_max: Option<i32>,
    /// The campaign's willpower maximum for a new character.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub willpower_max: Option<i32>,
    /// What a newer version wrote that this one does not know (kept as it was).
    #[serde(flatten)]
    pub unknown: Unknown,
}

fn whole_ms<S: serde::Serializer>(t: &f64, s: S) -> Result<S::Ok, S::Error> {
    if t.fract() == 0.0 && (0.0..=crate::model::character::TIME_MAX).contains(t) {
        s.serialize_u64(*t as u64)
    } else {
        s.serialize_f64(*t)
    }
}

impl Pack {
    /// A new, empty pack, version 1.
    pub fn new(id: String, name: impl Into<String>, family: Family, now: f64) -> Pack {
        Pack {
            format: PACK_FORMAT.into(),
            schema: PACK_SCHEMA_VERSION,
            id,
            name: name.into(),
            family,
            version: 1,
            updated: now,
            about: String::new(),
            abilities: Vec::new(),
            qualities: Vec::new(),
            items: Vec::new(),
            weapons: Vec::new(),
            armor: Vec::new(),
            heimr_abilities: Vec::new(),
            conditions: Vec::new(),
            heimr_weapons: Vec::new(),
            heimr_shields: Vec::new(),
            hp_max: None,
            willpower_max: None,
            unknown: Unknown::new(),
        }
    }

    /// How many entries it holds, in all its lists.
    pub fn len(&self) -> usize {
        self.abilities.len()
            + self.qualities.len()
            + self.items.len()
            + self.weapons.len()
            + self.armor.len()
            + self.heimr_abilities.len()
            + self.conditions.len()
            + self.heimr_weapons.len()
            + self.heimr_shields.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The pack's text, as saved and shared.
    pub fn to_text(&self) -> String {
        crate::model::write::json(self).expect("a pack always serializes")
    }

    /// A file name for it: `the-marches.sheetwright-pack.json`.
    pub fn file_name(&self) -> String {
        let slug = crate::model::transfer::slug(&self.name, "pack");
        format!("{slug}.{PACK_FORMAT}.json")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_pack_names_its_format_and_family_and_round_trips() {
        let p = Pack::new("abc".into(), "The Marches", Family::Heimr, 5.0);
        let text = p.to_text();
        assert!(text.contains(r#""format":"sheetwright-pack""#), "{text}");
        assert!(text.contains(r#""family":"heimr""#), "{text}");
        // Empty lists are left out of the file.
        assert!(!text.contains("abilities"), "{text}");
        let back: Pack = serde_json::from_str(&text).unwrap();
        assert_eq!(back, p);
        assert!(back.is_empty());
        assert_eq!(p.file_name(), "the-marches.sheetwright-pack.json");
        assert_eq!(
            Pack::new("x".into(), " !! ", Family::Symbaroum, 0.0).file_name(),
            "pack.sheetwright-pack.json"
        );
    }

    #[test]
    fn every_pack_fixture_is_saved_as_serde_json_writes_it() {
        for text in [
            include_str!("../../../tests/fixtures/pack-v1.json"),
            include_str!("../../../tests/fixtures/pack-v1-heimr.json"),
        ] {
            let p = read::read_pack(text).unwrap();
            assert!(!p.is_empty());
            assert_eq!(p.to_text(), serde_json::to_string(&p).unwrap());
        }
    }

    #[test]
    fn a_family_serves_its_rulesets() {
        assert_eq!(Family::of(Ruleset::Homebrew), Family::Symbaroum);
        assert_eq!(Family::of(Ruleset::HomebrewDraft), Family::Symbaroum);
        assert_eq!(Family::of(Ruleset::Symbaroum), Family::Symbaroum);
        assert_eq!(Family::of(Ruleset::Heimr), Family::Heimr);
    }
}
