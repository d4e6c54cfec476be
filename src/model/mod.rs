//! The saved documents. Everything a player keeps lives in a [`Character`], stored as
//! JSON with a schema version; [`migrate`] brings older saves to the current shape and
//! [`transfer`] reads and writes export files.

pub mod about;
pub mod advance;
mod character;
pub mod combat;
mod explain;
pub mod heimr;
pub mod history;
pub mod ids;
pub mod kept;
pub mod log;
pub mod merge;
pub mod migrate;
pub mod pack;
pub mod play;
pub mod share;
pub mod table;
pub mod transfer;
mod tree;
pub mod write;

/// The open character's field accessors (`character.combat()` …) in the browser.
#[cfg(target_arch = "wasm32")]
pub use character::CharacterStoreFields;
pub use character::{check_name, display_name, name_problem, Character, NAME_MAX, NOTES_MAX};

pub use crate::rules::Unknown;
pub use log::LogEntry;
pub use migrate::{load_document, load_saved, load_value, LoadError, SCHEMA_VERSION};
