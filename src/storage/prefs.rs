//! Small per-browser preferences (not part of any character).

use super::{Backend, StoreError, PREFIX};
use crate::rules::Ruleset;

/// The colour theme: follow the system, or always light or dark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    pub fn id(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Theme::Auto => "Theme: system",
            Theme::Light => "Theme: light",
            Theme::Dark => "Theme: dark",
        }
    }

    pub fn from_id(id: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == id)
    }
}

fn key() -> String {
    format!("{PREFIX}theme")
}

pub fn theme(b: &impl Backend) -> Theme {
    b.get(&key())
        .and_then(|v| Theme::from_id(&v))
        .unwrap_or_default()
}

pub fn set_theme(b: &mut impl Backend, t: Theme) -> Result<(), StoreError> {
    b.set(&key(), t.id())
}

fn ruleset_key() -> String {
    format!("{PREFIX}ruleset")
}

/// The ruleset last chosen for a new character: the list offers it again (a
/// Symbaroum player need not pick it every time), and a Symbaroum-family pack is shown
/// in its words. The default ruleset until one is chosen.
pub fn last_ruleset(b: &impl Backend) -> Ruleset {
    b.get(&ruleset_key())
        .and_then(|v| Ruleset::from_id(&v))
        .unwrap_or_default()
}

pub fn set_last_ruleset(b: &mut impl Backend, r: Ruleset) -> Result<(), StoreError> {
    b.set(&ruleset_key(), r.id())
}

fn accepted_key(character: &str, table: &str) -> String {
    format!("{PREFIX}accepted.{character}.{table}")
}

/// When the last update this browser accepted for `character` from the game master's
/// table `table` was made: an older one is refused.
pub fn accepted(b: &impl Backend, character: &str, table: &str) -> Option<f64> {
    // Whole milliseconds, as written: no float is parsed or formatted (each would
    // bring the machine's own tables into the chunk).
    b.get(&accepted_key(character, table))?
        .parse::<u64>()
        .ok()
        .map(|t| t as f64)
}

/// Keeps (or, `None`, forgets: an accept undone) the stamp of the update accepted.
pub fn set_accepted(
    b: &mut impl Backend,
    character: &str,
    table: &str,
    sent: Option<f64>,
) -> Result<(), StoreError> {
    let key = accepted_key(character, table);
    match sent {
        // A stamp is whole milliseconds (an update's own, rounded down otherwise: an
        // update with a fraction can be taken again, which changes nothing more).
        Some(t) => b.set(&key, &(t.max(0.0) as u64).to_string()),
        None => {
            b.remove(&key);
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::MemoryBackend;

    #[test]
    fn theme_round_trips_and_defaults_to_auto() {
        let mut b = MemoryBackend::default();
        assert_eq!(theme(&b), Theme::Auto);
        set_theme(&mut b, Theme::Dark).unwrap();
        assert_eq!(theme(&b), Theme::Dark);
        b.map.insert(key(), "purple".into());
        assert_eq!(theme(&b), Theme::Auto, "an unknown value falls back");
    }

    #[test]
    fn the_last_ruleset_chosen_is_remembered() {
        let mut b = MemoryBackend::default();
        assert_eq!(
            last_ruleset(&b),
            Ruleset::Homebrew,
            "the default until chosen"
        );
        set_last_ruleset(&mut b, Ruleset::Symbaroum).unwrap();
        assert_eq!(last_ruleset(&b), Ruleset::Symbaroum);
        b.map.insert(ruleset_key(), "chess".into());
        assert_eq!(
            last_ruleset(&b),
            Ruleset::Homebrew,
            "an unknown value falls back"
        );
    }

    #[test]
    fn an_accepted_update_s_stamp_is_kept_per_character_and_table_and_forgotten_on_undo() {
        let mut b = MemoryBackend::default();
        assert_eq!(accepted(&b, "c1", "t1"), None);
        set_accepted(&mut b, "c1", "t1", Some(1_700_000_000_123.0)).unwrap();
        assert_eq!(accepted(&b, "c1", "t1"), Some(1_700_000_000_123.0));
        assert_eq!(accepted(&b, "c1", "t2"), None);
        assert_eq!(accepted(&b, "c2", "t1"), None);
        set_accepted(&mut b, "c1", "t1", None).unwrap();
        assert_eq!(accepted(&b, "c1", "t1"), None);
    }
}
