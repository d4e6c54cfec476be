//! Unsaved characters, carried from one page of the app to the next. When the browser
//! refuses to save (storage full or disabled) the characters live only in memory, and
//! going from the list to a sheet loads another page (see `ui::pages`). So on leaving
//! a page they travel in `window.name`, which the browser keeps for the tab across
//! same-origin page loads and which needs no storage at all; the next page takes them
//! back at start-up and keeps trying to save them.

use crate::model::{load_document, Character};
use serde_json::value::RawValue;

const PREFIX: &str = "sheetwright-unsaved:";

/// The text that carries `unsaved` (empty when there is nothing to carry).
pub fn encode(unsaved: &[Character]) -> String {
    if unsaved.is_empty() {
        return String::new();
    }
    serde_json::to_string(unsaved)
        .map(|json| format!("{PREFIX}{json}"))
        .unwrap_or_default()
}

/// The characters `text` carries: none when it is not ours, and never one that fails
/// the document's own checks.
pub fn decode(text: &str) -> Vec<Character> {
    text.strip_prefix(PREFIX)
        .and_then(|json| serde_json::from_str::<Vec<&RawValue>>(json).ok())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|doc| load_document(doc.get()).ok())
        .collect()
}

/// Leaves `unsaved` for the next page of this tab (or clears what we left before).
#[cfg(target_arch = "wasm32")]
pub fn put(unsaved: &[Character]) {
    let Some(w) = web_sys::window() else { return };
    let ours = w.name().is_ok_and(|n| n.starts_with(PREFIX));
    if ours || !unsaved.is_empty() {
        let _ = w.set_name(&encode(unsaved));
    }
}

/// Takes what the previous page of this tab left.
#[cfg(target_arch = "wasm32")]
pub fn take() -> Vec<Character> {
    let Some(w) = web_sys::window() else {
        return Vec::new();
    };
    let text = w.name().unwrap_or_default();
    if !text.starts_with(PREFIX) {
        return Vec::new();
    }
    let _ = w.set_name("");
    decode(&text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    fn mara() -> Character {
        let mut c = Character::new("a1".into(), Ruleset::Homebrew, 5.0);
        c.name = "Memory Mara".into();
        c
    }

    #[test]
    fn unsaved_characters_survive_the_trip() {
        let c = mara();
        assert_eq!(decode(&encode(std::slice::from_ref(&c))), vec![c]);
    }

    #[test]
    fn nothing_to_carry_is_an_empty_name() {
        assert_eq!(encode(&[]), "");
        assert!(decode("").is_empty());
    }

    #[test]
    fn a_name_someone_else_set_is_left_alone() {
        assert!(decode("my-window").is_empty());
        assert!(decode(r#"[{"id":"x"}]"#).is_empty());
        assert!(decode("sheetwright-unsaved:{broken").is_empty());
    }

    #[test]
    fn a_character_that_fails_its_checks_is_dropped() {
        let mut bad = mara();
        bad.name = "x".repeat(500);
        assert!(decode(&encode(&[bad, mara()]))
            .iter()
            .all(|c| c.name == "Memory Mara"));
    }
}
