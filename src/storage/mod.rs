//! Where characters are kept. The logic is written against [`Backend`], so it is tested
//! natively with [`MemoryBackend`]; the app uses [`local::LocalBackend`] (localStorage
//! through gloo-storage), the only code that touches the browser's store.

#[cfg(target_arch = "wasm32")]
pub mod local;

use crate::model::Character;
use std::collections::BTreeMap;

/// Every key this app writes starts with this.
pub const PREFIX: &str = "sheetwright.";
/// One key per character: `sheetwright.character.<id>`.
pub const CHARACTER_PREFIX: &str = "sheetwright.character.";
/// The id of the character open last.
pub const LAST_OPEN_KEY: &str = "sheetwright.last-open";

/// Why a write failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The browser refused the write (quota exceeded, storage disabled, private mode).
    Refused(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Refused(why) => write!(f, "the browser refused to save ({why})"),
        }
    }
}

/// A string key-value store such as localStorage.
pub trait Backend {
    fn get(&self, key: &str) -> Option<String>;
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&mut self, key: &str);
    fn keys(&self) -> Vec<String>;
}

/// An in-memory backend for tests (and a stand-in when the browser has no storage).
#[derive(Default, Debug, Clone)]
pub struct MemoryBackend {
    pub map: BTreeMap<String, String>,
    /// When set, every write fails as a full quota would.
    pub refuse_writes: bool,
}

impl Backend for MemoryBackend {
    fn get(&self, key: &str) -> Option<String> {
        self.map.get(key).cloned()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        if self.refuse_writes {
            return Err(StoreError::Refused("QuotaExceededError".into()));
        }
        self.map.insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&mut self, key: &str) {
        self.map.remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.map.keys().cloned().collect()
    }
}

/// The character store.
pub struct Store<B: Backend> {
    pub backend: B,
}

/// What a start-up read found.
#[derive(Debug, Default)]
pub struct Loaded {
    pub characters: Vec<Character>,
    /// Keys whose text could not be read as a character. They are left where they are,
    /// byte for byte: nothing is ever overwritten because it failed to parse.
    pub unreadable: Vec<String>,
}

impl<B: Backend> Store<B> {
    pub fn new(backend: B) -> Self {
        Store { backend }
    }

    fn key(id: &str) -> String {
        format!("{CHARACTER_PREFIX}{id}")
    }

    /// Reads every stored character, newest edit first.
    pub fn load_all(&self) -> Loaded {
        let mut out = Loaded::default();
        for key in self.backend.keys() {
            if !key.starts_with(CHARACTER_PREFIX) {
                continue;
            }
            let Some(text) = self.backend.get(&key) else {
                continue;
            };
            match serde_json::from_str::<Character>(&text) {
                Ok(c) if Self::key(&c.id) == key => out.characters.push(c),
                _ => out.unreadable.push(key),
            }
        }
        out.characters
            .sort_by(|a, b| b.updated.total_cmp(&a.updated).then(a.id.cmp(&b.id)));
        out
    }

    pub fn save(&mut self, c: &Character) -> Result<(), StoreError> {
        let json = serde_json::to_string(c).expect("a Character always serializes");
        self.backend.set(&Self::key(&c.id), &json)
    }

    pub fn last_open(&self) -> Option<String> {
        self.backend.get(LAST_OPEN_KEY)
    }

    pub fn set_last_open(&mut self, id: &str) -> Result<(), StoreError> {
        self.backend.set(LAST_OPEN_KEY, id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::Attr;
    use crate::rules::Ruleset;

    fn store() -> Store<MemoryBackend> {
        Store::new(MemoryBackend::default())
    }

    #[test]
    fn saved_characters_load_back_newest_first() {
        let mut s = store();
        let mut a = Character::new("a".into(), Ruleset::Homebrew, 10.0);
        a.attributes.set(Attr::Might, 13);
        let b = Character::new("b".into(), Ruleset::Symbaroum, 20.0);
        s.save(&a).unwrap();
        s.save(&b).unwrap();
        let loaded = s.load_all();
        assert_eq!(loaded.characters, vec![b, a]);
        assert!(loaded.unreadable.is_empty());
    }

    #[test]
    fn unreadable_entries_are_reported_and_left_untouched() {
        let mut s = store();
        s.backend
            .map
            .insert(format!("{CHARACTER_PREFIX}x"), "{\"trunc".into());
        s.backend.map.insert("other-app".into(), "{}".into());
        let loaded = s.load_all();
        assert!(loaded.characters.is_empty());
        assert_eq!(loaded.unreadable, vec![format!("{CHARACTER_PREFIX}x")]);
        assert_eq!(s.backend.map[&format!("{CHARACTER_PREFIX}x")], "{\"trunc");
    }

    #[test]
    fn a_refused_write_is_an_error_not_a_panic() {
        let mut s = store();
        s.backend.refuse_writes = true;
        let c = Character::new("a".into(), Ruleset::Homebrew, 0.0);
        assert!(matches!(s.save(&c), Err(StoreError::Refused(_))));
    }
}
