//! The crash-safe copy. Chromium keeps localStorage writes in memory and commits them
//! to disk a while later, so a browser killed (a crash, a phone's low-memory killer)
//! soon after an edit loses it, and can lose a character created seconds before. Every
//! character written to or removed from localStorage is therefore also written to
//! IndexedDB with strict durability (committed to disk before the write reports done);
//! a removal leaves a tombstone with its time. At start the app compares the two and
//! takes whichever copy of each character is newer. This module decides what to take;
//! `storage::idb` does the IndexedDB part in the browser.

use super::{character_id, CHARACTER_PREFIX};
use crate::model::{load_document, Character};
use std::collections::HashMap;

/// One entry of the IndexedDB copy: a character as saved (`value`), or a tombstone
/// (`None`) for one removed at `time`.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The localStorage key (`sheetwright.character.<id>`).
    pub key: String,
    pub value: Option<String>,
    /// When it was written, in milliseconds since the Unix epoch.
    pub time: f64,
}

/// What the start-up comparison changes in localStorage, on screen and in the copy.
#[derive(Clone, Debug, PartialEq)]
pub enum Fix {
    /// The copy holds a later version (or the only one): put it back.
    Restore(Box<Character>),
    /// The character was removed after localStorage's version was written, and the
    /// removal did not reach the disk: remove it again.
    Remove(String),
    /// The copy lacks this character or holds an older version (written before the
    /// copy existed, or its write was lost): copy localStorage's text over.
    Copy { key: String, value: String },
}

/// What to take from the copy, given the characters loaded from localStorage at start
/// (`here`), and what to copy to it. Each record is read once. A copy that cannot be
/// read, or that belongs under another id, is ignored: it never overwrites anything.
/// An entry localStorage holds but could not read was set aside at load (quarantine),
/// so it is not `here`; the copy is a readable version of it.
pub fn reconcile(here: &[Character], records: &[Record]) -> Vec<Fix> {
    let mine: HashMap<&str, &Character> = here.iter().map(|c| (c.id.as_str(), c)).collect();
    // The copy, by id, in the order it was read: a saved version, or a removal's time.
    let copies: Vec<(&str, Result<Character, f64>)> = records
        .iter()
        .filter_map(|r| {
            let id = character_id(&r.key)?;
            let copy = match &r.value {
                Some(text) => Ok(load_document(text).ok().filter(|c| c.id == id)?),
                None => Err(r.time),
            };
            Some((id, copy))
        })
        .collect();
    let mut fixes = Vec::new();
    for c in here {
        let covered = copies.iter().any(|(id, copy)| {
            *id == c.id
                && match copy {
                    Ok(saved) => saved.updated >= c.updated,
                    Err(removed) => *removed > c.updated,
                }
        });
        if !covered {
            if let Ok(value) = serde_json::to_string(c) {
                let key = format!("{CHARACTER_PREFIX}{}", c.id);
                fixes.push(Fix::Copy { key, value });
            }
        }
    }
    for (id, copy) in copies {
        let here = mine.get(id);
        match copy {
            Ok(saved) if here.is_none_or(|h| saved.updated > h.updated) => {
                fixes.push(Fix::Restore(Box::new(saved)));
            }
            Err(removed) if here.is_some_and(|h| h.updated < removed) => {
                fixes.push(Fix::Remove(id.to_string()));
            }
            _ => {}
        }
    }
    fixes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;
    use crate::storage::{MemoryBackend, Store};

    fn character(id: &str, name: &str, updated: f64) -> Character {
        let mut c = Character::new(id.into(), Ruleset::Homebrew, updated);
        c.name = name.into();
        c
    }

    fn saved(c: &Character) -> Record {
        Record {
            key: Store::<MemoryBackend>::key(&c.id),
            value: Some(serde_json::to_string(c).unwrap()),
            time: c.updated,
        }
    }

    /// The fixes other than copies to the mirror.
    fn taken(fixes: Vec<Fix>) -> Vec<Fix> {
        fixes
            .into_iter()
            .filter(|f| !matches!(f, Fix::Copy { .. }))
            .collect()
    }

    #[test]
    fn what_the_copy_lacks_or_has_older_is_copied_to_it() {
        let older = character("a1", "Created", 1_000.0);
        let newer = character("a1", "Edited", 5_000.0);
        let other = character("b2", "Other", 2_000.0);
        let here = [newer.clone(), other.clone()];
        let fixes = reconcile(&here, &[saved(&older), saved(&other)]);
        assert_eq!(
            fixes,
            vec![Fix::Copy {
                key: Store::<MemoryBackend>::key("a1"),
                value: serde_json::to_string(&newer).unwrap(),
            }]
        );
    }

    #[test]
    fn a_later_edit_lost_by_local_storage_is_restored() {
        let older = character("a1", "Created", 1_000.0);
        let newer = character("a1", "Edited", 5_000.0);
        let fixes = taken(reconcile(&[older], &[saved(&newer)]));
        assert_eq!(fixes, vec![Fix::Restore(Box::new(newer))]);
    }

    #[test]
    fn a_character_local_storage_never_got_is_restored() {
        let c = character("a1", "Created", 1_000.0);
        assert_eq!(
            reconcile(&[], &[saved(&c)]),
            vec![Fix::Restore(Box::new(c))]
        );
    }

    #[test]
    fn an_older_or_equal_copy_changes_nothing() {
        let older = character("a1", "Created", 1_000.0);
        let newer = character("a1", "Edited", 5_000.0);
        assert!(taken(reconcile(std::slice::from_ref(&newer), &[saved(&older)])).is_empty());
        assert!(reconcile(std::slice::from_ref(&newer), &[saved(&newer)]).is_empty());
    }

    #[test]
    fn a_removal_local_storage_lost_is_done_again_but_not_over_a_later_version() {
        let c = character("a1", "Kept", 1_000.0);
        let tomb = |time| Record {
            key: Store::<MemoryBackend>::key("a1"),
            value: None,
            time,
        };
        assert_eq!(
            taken(reconcile(std::slice::from_ref(&c), &[tomb(2_000.0)])),
            vec![Fix::Remove("a1".into())]
        );
        // Brought back (Undo) after the removal: the later version stays.
        assert!(taken(reconcile(std::slice::from_ref(&c), &[tomb(500.0)])).is_empty());
        // Already gone: nothing to do.
        assert!(reconcile(&[], &[tomb(2_000.0)]).is_empty());
    }

    #[test]
    fn unreadable_misfiled_or_foreign_copies_are_ignored() {
        let c = character("a1", "Here", 1_000.0);
        let mut misfiled = saved(&character("b2", "Other", 9_000.0));
        misfiled.key = Store::<MemoryBackend>::key("a1");
        let records = [
            Record {
                key: Store::<MemoryBackend>::key("a1"),
                value: Some("{not json".into()),
                time: 9_000.0,
            },
            misfiled,
            Record {
                key: "sheetwright.settings".into(),
                value: Some("{}".into()),
                time: 9_000.0,
            },
        ];
        assert!(taken(reconcile(&[c], &records)).is_empty());
    }

    #[test]
    fn a_copy_of_an_entry_local_storage_cannot_read_is_restored() {
        // localStorage held "{broken" under a1: set aside at load, so not loaded.
        let c = character("a1", "Good", 1_000.0);
        assert_eq!(
            reconcile(&[], &[saved(&c)]),
            vec![Fix::Restore(Box::new(c))]
        );
    }
}
