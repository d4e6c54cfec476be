//! The crash-safe copy. Chromium keeps localStorage writes in memory and commits them
//! to disk a while later, so a browser killed (a crash, a phone's low-memory killer)
//! soon after an edit loses it, and can lose a character created seconds before. Every
//! character written to or removed from localStorage is therefore also written to
//! IndexedDB with strict durability (committed to disk before the write reports done);
//! a removal leaves a tombstone with its time. At start the app compares the two and
//! takes whichever copy of each character is newer. This module decides what to take;
//! `storage::idb` does the IndexedDB part in the browser.

use super::{character_id, Backend, CHARACTER_PREFIX};
use crate::model::{load_document, Character};

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

/// What the start-up comparison changes in localStorage and on screen.
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

/// What to take from the copy, given what localStorage holds now, and what to copy to
/// it. A copy that cannot be read, or that belongs under another id, is ignored: it
/// never overwrites anything.
pub fn reconcile<B: Backend>(local: &B, records: &[Record]) -> Vec<Fix> {
    let mut fixes = Vec::new();
    let mut keys = local.keys();
    keys.sort();
    for key in keys {
        if character_id(&key).is_none() {
            continue;
        }
        let Some(text) = local.get(&key) else {
            continue;
        };
        let Ok(here) = load_document(&text) else {
            continue;
        };
        let copied = records
            .iter()
            .find(|r| r.key == key)
            .is_some_and(|r| match &r.value {
                Some(v) => load_document(v).is_ok_and(|c| c.updated >= here.updated),
                None => r.time > here.updated,
            });
        if !copied {
            fixes.push(Fix::Copy { key, value: text });
        }
    }
    for r in records {
        if !r.key.starts_with(CHARACTER_PREFIX) {
            continue;
        }
        let Some(id) = character_id(&r.key) else {
            continue;
        };
        let here = local.get(&r.key).and_then(|text| load_document(&text).ok());
        match &r.value {
            Some(text) => {
                let Ok(copy) = load_document(text) else {
                    continue;
                };
                if copy.id != id {
                    continue;
                }
                let newer = here.as_ref().is_none_or(|h| copy.updated > h.updated);
                // An entry localStorage holds but cannot read was set aside at load
                // (quarantine); the copy is a readable version of it.
                if newer {
                    fixes.push(Fix::Restore(Box::new(copy)));
                }
            }
            None => {
                if here.is_some_and(|h| h.updated < r.time) {
                    fixes.push(Fix::Remove(id.to_string()));
                }
            }
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

    fn local(list: &[Character]) -> MemoryBackend {
        let mut store = Store::new(MemoryBackend::default());
        for c in list {
            store.save(c).unwrap();
        }
        store.backend
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
        let backend = local(&[newer.clone(), other.clone()]);
        let fixes = reconcile(&backend, &[saved(&older), saved(&other)]);
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
        let fixes = taken(reconcile(&local(&[older]), &[saved(&newer)]));
        assert_eq!(fixes, vec![Fix::Restore(Box::new(newer))]);
    }

    #[test]
    fn a_character_local_storage_never_got_is_restored() {
        let c = character("a1", "Created", 1_000.0);
        assert_eq!(
            reconcile(&local(&[]), &[saved(&c)]),
            vec![Fix::Restore(Box::new(c))]
        );
    }

    #[test]
    fn an_older_or_equal_copy_changes_nothing() {
        let older = character("a1", "Created", 1_000.0);
        let newer = character("a1", "Edited", 5_000.0);
        assert!(taken(reconcile(
            &local(std::slice::from_ref(&newer)),
            &[saved(&older)]
        ))
        .is_empty());
        assert!(reconcile(&local(std::slice::from_ref(&newer)), &[saved(&newer)]).is_empty());
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
            taken(reconcile(
                &local(std::slice::from_ref(&c)),
                &[tomb(2_000.0)]
            )),
            vec![Fix::Remove("a1".into())]
        );
        // Brought back (Undo) after the removal: the later version stays.
        assert!(taken(reconcile(&local(std::slice::from_ref(&c)), &[tomb(500.0)])).is_empty());
        // Already gone: nothing to do.
        assert!(reconcile(&local(&[]), &[tomb(2_000.0)]).is_empty());
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
        assert!(taken(reconcile(&local(&[c]), &records)).is_empty());
    }

    #[test]
    fn a_copy_of_an_entry_local_storage_cannot_read_is_restored() {
        let c = character("a1", "Good", 1_000.0);
        let mut backend = MemoryBackend::default();
        backend
            .set(&Store::<MemoryBackend>::key("a1"), "{broken")
            .unwrap();
        assert_eq!(
            reconcile(&backend, &[saved(&c)]),
            vec![Fix::Restore(Box::new(c))]
        );
    }
}
