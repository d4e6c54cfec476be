//! The game rules as plain data and functions: no UI, no browser, no storage.
//!
//! Two families live here: the Symbaroum family (one engine, three label sets) in
//! [`symbaroum`], and Heimr in [`heimr`]. Dice come in through [`dice::Rng`].

pub mod dice;
pub mod heimr;
pub mod input;
pub mod symbaroum;

use serde::{Deserialize, Serialize};

/// Fields a newer Sheetwright wrote that this one does not know, in any part of a
/// saved character: read, kept and written back unchanged, so a save here never
/// drops them.
pub type Unknown = serde_json::Map<String, serde_json::Value>;

/// Writes a saved object anew (a field this version reads only where it is used): the
/// fields of it named in `ours` as `fill` puts them, every other field of it (a newer
/// version's) kept as it was.
pub fn rewrite(
    slot: &mut Option<serde_json::Value>,
    ours: &[&str],
    fill: impl FnOnce(&mut serde_json::Map<String, serde_json::Value>),
) {
    let mut m = serde_json::Map::new();
    if let Some(serde_json::Value::Object(old)) = slot {
        for (k, v) in old.iter() {
            if !ours.contains(&k.as_str()) {
                m.insert(k.clone(), v.clone());
            }
        }
    }
    fill(&mut m);
    *slot = Some(serde_json::Value::Object(m));
}

/// A row's id not yet given (0): left out of the saved row.
pub(crate) fn no_id(n: &u32) -> bool {
    *n == 0
}

/// The ruleset a character is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Ruleset {
    #[default]
    #[serde(rename = "homebrew")]
    Homebrew,
    #[serde(rename = "homebrew-draft")]
    HomebrewDraft,
    #[serde(rename = "symbaroum")]
    Symbaroum,
    #[serde(rename = "heimr")]
    Heimr,
}

impl Ruleset {
    pub const ALL: [Ruleset; 4] = [
        Ruleset::Homebrew,
        Ruleset::HomebrewDraft,
        Ruleset::Symbaroum,
        Ruleset::Heimr,
    ];

    /// The id used in saved documents and exports.
    pub fn id(self) -> &'static str {
        match self {
            Ruleset::Homebrew => "homebrew",
            Ruleset::HomebrewDraft => "homebrew-draft",
            Ruleset::Symbaroum => "symbaroum",
            Ruleset::Heimr => "heimr",
        }
    }

    pub fn from_id(id: &str) -> Option<Ruleset> {
        Ruleset::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The name a player sees in menus.
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::Homebrew => "Homebrew",
            Ruleset::HomebrewDraft => "Homebrew (draft)",
            Ruleset::Symbaroum => "Symbaroum",
            Ruleset::Heimr => "Heimr",
        }
    }

    /// Which game it is, in a line for a player choosing one (RULES.md, "naming").
    pub fn about(self) -> &'static str {
        match self {
            Ruleset::Homebrew => {
                "The Symbaroum d20 game with the homebrew's names: Might, Agility, Wit…"
            }
            Ruleset::HomebrewDraft => {
                "The homebrew's later draft: Health, Pain Tolerance, Impedance…"
            }
            Ruleset::Symbaroum => "Symbaroum with the core book's names: Strong, Quick, Cunning…",
            Ruleset::Heimr => "Heimr: its own d6 + d10 dice and sheet.",
        }
    }

    /// True for the three rulesets that share the d20 engine.
    pub fn is_symbaroum_family(self) -> bool {
        !matches!(self, Ruleset::Heimr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_homebrew_is_default() {
        for r in Ruleset::ALL {
            assert_eq!(Ruleset::from_id(r.id()), Some(r));
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.id()));
        }
        assert_eq!(Ruleset::default(), Ruleset::Homebrew);
        assert_eq!(Ruleset::from_id("dnd"), None);
        assert!(!Ruleset::Heimr.is_symbaroum_family());
    }
}
