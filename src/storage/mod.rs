//! Where characters are kept. The logic is written against [`Backend`], so it is tested
//! natively with [`MemoryBackend`]; the app uses [`local::LocalBackend`] (localStorage
//! through gloo-storage), the only code that touches the browser's store.

pub mod documents;
#[cfg(target_arch = "wasm32")]
pub mod idb;
pub mod listing;
#[cfg(target_arch = "wasm32")]
pub mod local;
pub mod mirror;
pub mod packs;
pub mod prefs;
pub mod session;
pub mod tables;

use crate::model::{load_document, Character};
use std::collections::BTreeMap;

/// Every key this app writes starts with this.
pub const PREFIX: &str = "sheetwright.";
/// One key per character: `sheetwright.character.<id>`.
pub const CHARACTER_PREFIX: &str = "sheetwright.character.";
/// One key per campaign pack: `sheetwright.pack.<id>` (`packs.rs`).
pub const PACK_PREFIX: &str = "sheetwright.pack.";
/// One key per game master's table: `sheetwright.table.<id>` (`tables.rs`).
pub const TABLE_PREFIX: &str = "sheetwright.table.";
/// Unreadable entries are moved here with their raw text kept byte for byte:
/// `sheetwright.quarantine.<original key>`.
pub const QUARANTINE_PREFIX: &str = "sheetwright.quarantine.";
/// A deleted character waits here while its Undo is offered: `sheetwright.trash.<id>`.
pub const TRASH_PREFIX: &str = "sheetwright.trash.";
/// In this tab's own storage (sessionStorage), edits the main store refused wait
/// here until it takes them: `sheetwright.unsaved.<id>`.
pub const UNSAVED_PREFIX: &str = "sheetwright.unsaved.";
/// In this tab's own storage, the time this tab deleted a character, kept until the
/// crash-safe copy is known to hold the removal: `sheetwright.deleted.<id>`.
pub const DELETED_PREFIX: &str = "sheetwright.deleted.";

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
    /// Whether the value under `key` is well-formed text. localStorage holds UTF-16,
    /// which may contain lone surrogates that no Rust string can hold; such a value
    /// reaches [`Backend::get`] with U+FFFD in their place.
    fn well_formed(&self, _key: &str) -> bool {
        true
    }
    /// Copies the value under `from` to `to` exactly as stored (lone surrogates too).
    fn copy(&mut self, from: &str, to: &str) -> Result<(), StoreError> {
        match self.get(from) {
            Some(v) => self.set(to, &v),
            None => Ok(()),
        }
    }
}

/// An in-memory backend for tests (and a stand-in when the browser has no storage).
#[derive(Default, Debug, Clone)]
pub struct MemoryBackend {
    pub map: BTreeMap<String, String>,
    /// When set, every write fails as a full quota would.
    pub refuse_writes: bool,
    /// Keys whose values stand for text with lone surrogates (see
    /// [`Backend::well_formed`]); an exact copy carries the mark along.
    pub malformed: std::collections::BTreeSet<String>,
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
    fn well_formed(&self, key: &str) -> bool {
        !self.malformed.contains(key)
    }
    fn copy(&mut self, from: &str, to: &str) -> Result<(), StoreError> {
        let Some(v) = self.get(from) else {
            return Ok(());
        };
        self.set(to, &v)?;
        if self.malformed.contains(from) {
            self.malformed.insert(to.to_string());
        }
        Ok(())
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
    /// Every quarantined entry (this start's and earlier ones'), as (key, raw text).
    pub quarantined: Vec<Quarantined>,
    /// Entries that could not be read and could not be moved either (the store is
    /// full): left in place, untouched, and reported.
    pub stuck: Vec<String>,
}

/// An entry set aside because it could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quarantined {
    /// The quarantine key it is kept under.
    pub key: String,
    /// The key it was found under.
    pub original_key: String,
    /// Its text, byte for byte.
    pub raw: String,
    /// Why it could not be read.
    pub reason: String,
}

/// A version of a character, named by its saved text (without the note of what it was
/// saved over): equal characters have equal tags. FNV-1a, so that every build and
/// every tab names a version alike.
pub fn version_tag(c: &Character) -> Option<String> {
    let text = c.to_text();
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    Some(format!("{hash:016x}"))
}

/// The character id a store key belongs to, if it is a character key.
pub fn character_id(key: &str) -> Option<&str> {
    key.strip_prefix(CHARACTER_PREFIX)
}

impl<B: Backend> Store<B> {
    pub fn new(backend: B) -> Self {
        Store { backend }
    }

    pub fn key(id: &str) -> String {
        format!("{CHARACTER_PREFIX}{id}")
    }

    /// Reads every stored character, newest edit first. Unreadable entries are moved to
    /// quarantine (copied first, removed only once the copy is written), so one bad
    /// entry never blocks the rest and nothing is lost.
    pub fn load_all(&mut self) -> Loaded {
        let mut out = Loaded::default();
        let mut keys = self.backend.keys();
        crate::order::sort(&mut keys);
        for key in keys {
            if !key.starts_with(CHARACTER_PREFIX) {
                continue;
            }
            let Some(text) = self.backend.get(&key) else {
                continue;
            };
            if !self.backend.well_formed(&key) {
                let reason = "its text holds characters that are not valid Unicode".into();
                self.quarantine(&key, &text, reason, &mut out);
                continue;
            }
            match load_document(&text) {
                Ok(c) if Self::key(&c.id) == key => out.characters.push(c),
                Ok(c) => self.quarantine(
                    &key,
                    &text,
                    format!("it names id {} but is stored under another", c.id),
                    &mut out,
                ),
                Err(e) => self.quarantine(&key, &text, e.to_string(), &mut out),
            }
        }
        for key in self.backend.keys() {
            if let Some(original) = key.strip_prefix(QUARANTINE_PREFIX) {
                if out.quarantined.iter().any(|q| q.key == key) {
                    continue;
                }
                if let Some(raw) = self.backend.get(&key) {
                    let reason = load_document(&raw)
                        .err()
                        .map(|e| e.to_string())
                        .unwrap_or_else(|| "set aside earlier".into());
                    out.quarantined.push(Quarantined {
                        key: key.clone(),
                        original_key: original.to_string(),
                        raw,
                        reason,
                    });
                }
            }
        }
        crate::order::sort_by(&mut out.quarantined, |a, b| a.key.cmp(&b.key));
        crate::order::sort_by(&mut out.characters, |a, b| {
            b.updated.total_cmp(&a.updated).then(a.id.cmp(&b.id))
        });
        out
    }

    fn quarantine(&mut self, key: &str, raw: &str, reason: String, out: &mut Loaded) {
        // Never overwrite an earlier quarantined copy: number the new one.
        let mut qkey = format!("{QUARANTINE_PREFIX}{key}");
        let mut n = 2;
        while self.backend.get(&qkey).is_some_and(|old| old != raw) {
            qkey = format!("{QUARANTINE_PREFIX}{key}.{n}");
            n += 1;
        }
        // Copied as stored, not as read: the copy keeps every code unit.
        match self.backend.copy(key, &qkey) {
            Ok(()) => {
                self.backend.remove(key);
                out.quarantined.push(Quarantined {
                    key: qkey,
                    original_key: key.to_string(),
                    raw: raw.to_string(),
                    reason,
                });
            }
            Err(_) => out.stuck.push(key.to_string()),
        }
    }

    /// Removes a quarantined entry (after the player has downloaded or dismissed it).
    pub fn discard_quarantined(&mut self, key: &str) {
        if key.starts_with(QUARANTINE_PREFIX) {
            self.backend.remove(key);
        }
    }

    /// Writes a character, unless the store already holds exactly this text (so a
    /// change that arrived from another tab is not written back).
    pub fn save(&mut self, c: &Character) -> Result<(), StoreError> {
        let json = c.to_text();
        let key = Self::key(&c.id);
        if self.backend.get(&key).as_deref() == Some(json.as_str()) {
            return Ok(());
        }
        self.backend.set(&key, &json)
    }

    /// Writes a character as [`Store::save`] does, noting in it the version it was
    /// saved over (`over`, by [`version_tag`]: the version this tab last knew in the
    /// store). A tab that reads the write can then tell whether it was made without
    /// an edit it wrote meanwhile, and merge instead of taking it whole. The note is
    /// put in `c` for the write only.
    pub fn save_over(&mut self, c: &mut Character, over: Option<String>) -> Result<(), StoreError> {
        c.saved_over = over;
        let saved = self.save(c);
        c.saved_over = None;
        saved
    }

    /// Reads one character (for a change announced by another tab).
    pub fn read(&self, id: &str) -> Option<Character> {
        let text = self.backend.get(&Self::key(id))?;
        load_document(&text).ok().filter(|c| c.id == id)
    }

    /// Deletes a character into the trash, from where [`Store::restore`] brings it back.
    /// The character is gone from the store either way; an error means the trash copy
    /// could not be written (the Undo then has only the copy in memory).
    pub fn trash(&mut self, c: &Character) -> Result<(), StoreError> {
        let copied = self
            .backend
            .set(&format!("{TRASH_PREFIX}{}", c.id), &c.to_text());
        self.backend.remove(&Self::key(&c.id));
        copied
    }

    /// Undoes [`Store::trash`].
    pub fn restore(&mut self, c: &Character) -> Result<(), StoreError> {
        self.save(c)?;
        self.backend.remove(&format!("{TRASH_PREFIX}{}", c.id));
        Ok(())
    }

    /// Empties the trash: once an Undo is no longer offered, the deletion is final.
    pub fn purge_trash(&mut self, id: Option<&str>) {
        for key in self.backend.keys() {
            if let Some(tid) = key.strip_prefix(TRASH_PREFIX) {
                if id.is_none_or(|id| id == tid) {
                    self.backend.remove(&key);
                }
            }
        }
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

    fn sample(id: &str, updated: f64) -> Character {
        let mut c = Character::new(id.into(), Ruleset::Homebrew, updated);
        c.attributes.set(Attr::Might, 13);
        c
    }

    #[test]
    fn saved_characters_load_back_newest_first() {
        let mut s = store();
        let a = sample("a", 10.0);
        let b = sample("b", 20.0);
        s.save(&a).unwrap();
        s.save(&b).unwrap();
        let loaded = s.load_all();
        assert_eq!(loaded.characters, vec![b, a]);
        assert!(loaded.quarantined.is_empty());
    }

    #[test]
    fn what_a_newer_version_wrote_survives_an_edit_saved_and_a_deletion() {
        let mut doc = serde_json::to_value(sample("n", 1.0)).unwrap();
        doc["zz_newer"] = "top".into();
        doc["combat"] = serde_json::json!({"damage": 2, "zz_newer": [1]});
        let key = Store::<MemoryBackend>::key("n");
        let mut s = store();
        s.backend.map.insert(key.clone(), doc.to_string());
        let mut c = s.load_all().characters.remove(0);
        c.notes = "Edited here".into();
        c.combat.damage = 3;
        s.save(&c).unwrap();
        let saved: serde_json::Value = serde_json::from_str(&s.backend.map[&key]).unwrap();
        assert_eq!(saved["zz_newer"], "top");
        assert_eq!(saved["combat"]["zz_newer"], serde_json::json!([1]));
        assert_eq!(
            (saved["notes"].as_str(), saved["combat"]["damage"].as_u64()),
            (Some("Edited here"), Some(3))
        );
        // The trash copy keeps them too, and so does what is restored from it.
        s.trash(&c).unwrap();
        let trashed = &s.backend.map[&format!("{TRASH_PREFIX}n")];
        assert!(trashed.contains("zz_newer"), "{trashed}");
    }

    #[test]
    fn corrupt_entries_are_quarantined_byte_for_byte_and_the_rest_loads() {
        let good = sample("good", 1.0);
        let mut future = serde_json::to_value(sample("future", 1.0)).unwrap();
        future["schema"] = 7.into();
        let mut wrong_types = serde_json::to_value(sample("types", 1.0)).unwrap();
        wrong_types["attributes"]["might"] = "many".into();
        let bad: Vec<(&str, String)> = vec![
            ("trunc", "{\"schema\":1,\"id\":\"tr".to_string()),
            ("types", wrong_types.to_string()),
            ("future", future.to_string()),
            ("notjson", "hello \u{1F600} world".to_string()),
        ];
        let mut s = store();
        s.save(&good).unwrap();
        for (id, raw) in &bad {
            s.backend
                .map
                .insert(Store::<MemoryBackend>::key(id), raw.clone());
        }
        let loaded = s.load_all();
        assert_eq!(loaded.characters, vec![good]);
        assert_eq!(loaded.quarantined.len(), 4);
        for (id, raw) in &bad {
            let key = Store::<MemoryBackend>::key(id);
            assert!(!s.backend.map.contains_key(&key), "{id} left in place");
            let q = loaded
                .quarantined
                .iter()
                .find(|q| q.original_key == key)
                .unwrap();
            assert_eq!(&q.raw, raw);
            assert_eq!(
                s.backend.map[&q.key], *raw,
                "quarantined text is byte for byte"
            );
        }
        let future_q = loaded
            .quarantined
            .iter()
            .find(|q| q.original_key.ends_with("future"))
            .unwrap();
        assert!(
            future_q.reason.contains("newer Sheetwright"),
            "{}",
            future_q.reason
        );
        // A second start finds them in quarantine still, and nothing new.
        let again = s.load_all();
        assert_eq!(again.quarantined, loaded.quarantined);
        s.discard_quarantined(&loaded.quarantined[0].key);
        assert_eq!(s.load_all().quarantined.len(), 3);
    }

    #[test]
    fn a_second_bad_copy_does_not_overwrite_the_first_in_quarantine() {
        let mut s = store();
        let key = Store::<MemoryBackend>::key("x");
        s.backend.map.insert(key.clone(), "first".into());
        s.load_all();
        s.backend.map.insert(key.clone(), "second".into());
        let loaded = s.load_all();
        let raws: Vec<_> = loaded.quarantined.iter().map(|q| q.raw.as_str()).collect();
        assert_eq!(raws, vec!["first", "second"]);
    }

    #[test]
    fn when_quarantine_cannot_be_written_the_entry_stays_put() {
        let mut s = store();
        let key = Store::<MemoryBackend>::key("x");
        s.backend.map.insert(key.clone(), "{broken".into());
        s.backend.refuse_writes = true;
        let loaded = s.load_all();
        assert_eq!(loaded.stuck, vec![key.clone()]);
        assert_eq!(s.backend.map[&key], "{broken");
    }

    #[test]
    fn a_refused_write_is_an_error_not_a_panic() {
        let mut s = store();
        s.backend.refuse_writes = true;
        assert!(matches!(
            s.save(&sample("a", 0.0)),
            Err(StoreError::Refused(_))
        ));
    }

    #[test]
    fn trash_and_restore() {
        let mut s = store();
        let c = sample("a", 0.0);
        s.save(&c).unwrap();
        s.trash(&c).unwrap();
        assert!(s.load_all().characters.is_empty());
        s.restore(&c).unwrap();
        assert_eq!(s.load_all().characters, vec![c.clone()]);
        s.trash(&c).unwrap();
        s.purge_trash(Some("a"));
        assert!(s.backend.map.is_empty());
    }

    #[test]
    fn saving_identical_text_writes_nothing() {
        let mut s = store();
        let c = sample("a", 0.0);
        s.save(&c).unwrap();
        s.backend.refuse_writes = true;
        assert_eq!(s.save(&c), Ok(()), "nothing to write, so nothing to refuse");
        assert_eq!(s.read("a"), Some(c));
        assert_eq!(character_id("sheetwright.character.a"), Some("a"));
    }

    #[test]
    fn text_with_lone_surrogates_is_quarantined_as_stored() {
        let mut s = store();
        let good = serde_json::to_string(&sample("a", 1.0)).unwrap();
        // Stands for a value holding a lone surrogate: it reads as well-formed text
        // with U+FFFD, but the store knows it is not.
        s.backend.map.insert(Store::<MemoryBackend>::key("a"), good);
        s.backend.malformed.insert(Store::<MemoryBackend>::key("a"));
        let loaded = s.load_all();
        assert!(loaded.characters.is_empty(), "never loaded as a character");
        let q = &loaded.quarantined[0];
        assert!(q.reason.contains("not valid Unicode"), "{}", q.reason);
        assert!(
            !s.backend.well_formed(&q.key),
            "the copy is the exact stored value, not the text as read"
        );
        assert_eq!(s.backend.get(&Store::<MemoryBackend>::key("a")), None);
    }
}
