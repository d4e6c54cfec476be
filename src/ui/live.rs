//! The open character as the cards hold it.

/// A character as the app holds it: one reactive store per character, so a card that
/// reads one part (`character.combat()`, `.advance()`, `.roll_log()` …) runs again only
/// when that part (or the whole character) changes, not on every edit elsewhere.
pub type Live = reactive_stores::Store<crate::model::Character>;
