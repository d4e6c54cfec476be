//! The crash-safe copy. Chromium keeps localStorage writes in memory and commits them
//! to disk a while later, so a browser killed (a crash, a phone's low-memory killer)
//! soon after an edit loses it, and can lose a character created seconds before. Every
//! character written to or removed from localStorage is therefore also written to
//! IndexedDB with strict durability (committed to disk before the write reports done);
//! a removal leaves a tombstone with its time. At start the app compares the two and
//! takes whichever copy of each character is newer. This module decides what to take;
//! `storage::idb` does the IndexedDB part in the browser. Packs are copied the same
//! way; the packs page compares them (`storage::packs::reconcile`).

use super::{character_id, CHARACTER_PREFIX, PACK_PREFIX, TABLE_PREFIX};
use crate::model::{load_document, Character};
use rustc_hash::FxHashMap as HashMap;

/// One entry of the IndexedDB copy: a character as saved (`value`), or a tombstone
/// (`None`) for one removed at `time`.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The localStorage key (`sheetwright.character.<id>`, `sheetwright.pack.<id>`).
    pub key: String,
    pub value: Option<String>,
    /// When it was written, in milliseconds since the Unix epoch.
    pub time: f64,
}

/// One IndexedDB entry's `value` field as read, before it is trusted.
#[derive(Clone, Debug, PartialEq)]
pub enum Stored {
    /// A string: a character's saved text.
    Text(String),
    /// `null` or absent.
    Nothing,
    /// Anything else (a number, an object …): a damaged record.
    Other,
}

impl Record {
    /// Reads one entry of the copy, trusting only the two shapes the app writes: a
    /// character's text with its time, or a removal, which says so (`deleted: true`,
    /// no value) with its time. Anything else (a value of another type, a missing or
    /// non-finite time, a removal without its marker) is a damaged record and is
    /// ignored: it never deletes or overwrites a character, and the start-up
    /// comparison then copies localStorage's version over it. (Removals written before
    /// the marker existed read as damaged too: at worst a character removed just before
    /// a crash comes back, which loses nothing.)
    pub fn read(
        key: Option<String>,
        value: Stored,
        time: Option<f64>,
        deleted: bool,
    ) -> Option<Record> {
        let key = key.filter(|k| mirrored(k))?;
        let time = time.filter(|t| t.is_finite())?;
        let value = match (value, deleted) {
            (Stored::Text(text), false) => Some(text),
            (Stored::Nothing, true) => None,
            _ => return None,
        };
        Some(Record { key, value, time })
    }
}

/// What the start-up comparison changes in localStorage, on screen and in the copy.
#[derive(Clone, Debug, PartialEq)]
pub enum Fix {
    /// The copy holds a later version (or the only one): put it back.
    Restore(Box<Character>),
    /// The character was removed after localStorage's version was written, and the
    /// removal did not reach the disk: remove it again.
    Remove(String),
    /// This tab deleted the character after the copy's version was written, and the
    /// page was reloaded before the removal reached the copy: write the removal again
    /// (the copy's version is not brought back).
    Resend(String),
    /// The copy lacks this character or holds an older version (written before the
    /// copy existed, or its write was lost): copy localStorage's text over.
    Copy { key: String, value: String },
}

/// What to take from the copy, given the characters loaded from localStorage at start
/// (`here`), and what to copy to it. Each record is read once. A copy that cannot be
/// read, or that belongs under another id, is ignored: it never overwrites anything.
/// An entry localStorage holds but could not read was set aside at load (quarantine),
/// so it is not `here`; the copy is a readable version of it. `deleted` are the
/// characters this tab deleted, with when (`Session::deleted_here`): a copy of one
/// written no later than its deletion is not brought back.
pub fn reconcile(here: &[Character], records: &[Record], deleted: &[(String, f64)]) -> Vec<Fix> {
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
            let key = format!("{CHARACTER_PREFIX}{}", c.id);
            fixes.push(Fix::Copy {
                key,
                value: c.to_text(),
            });
        }
    }
    for (id, copy) in copies {
        let here = mine.get(id);
        let deleted_after = |saved: &Character| {
            deleted
                .iter()
                .any(|(d, when)| d == id && *when >= saved.updated)
        };
        match copy {
            Ok(saved) if here.is_none() && deleted_after(&saved) => {
                fixes.push(Fix::Resend(id.to_string()));
            }
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

/// Whether a localStorage key's writes go to the crash-safe copy too: characters,
/// packs and tables.
pub fn mirrored(key: &str) -> bool {
    character_id(key).is_some() || key.starts_with(PACK_PREFIX) || key.starts_with(TABLE_PREFIX)
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
    fn only_a_removal_that_says_so_is_a_removal() {
        let key = || Some(Store::<MemoryBackend>::key("b2"));
        let text = || Stored::Text("{}".into());
        assert_eq!(
            Record::read(key(), Stored::Nothing, Some(5.0), true),
            Some(Record {
                key: key().unwrap(),
                value: None,
                time: 5.0
            })
        );
        assert_eq!(
            Record::read(key(), text(), Some(5.0), false),
            Some(Record {
                key: key().unwrap(),
                value: Some("{}".into()),
                time: 5.0
            })
        );
        // Damaged shapes: a number or an object as the value, no marker, a text that
        // also claims to be removed, a bad time, a key that is not a character's.
        for (value, time, deleted) in [
            (Stored::Other, Some(9e15), false),
            (Stored::Other, Some(9e15), true),
            (Stored::Nothing, Some(9e15), false),
            (text(), Some(5.0), true),
            (text(), None, false),
            (text(), Some(f64::NAN), false),
            (Stored::Nothing, Some(f64::INFINITY), true),
        ] {
            assert_eq!(
                Record::read(key(), value.clone(), time, deleted),
                None,
                "{value:?} {time:?} {deleted}"
            );
        }
        assert_eq!(
            Record::read(Some("sheetwright.theme".into()), text(), Some(1.0), false),
            None
        );
        assert_eq!(Record::read(None, text(), Some(1.0), false), None);
        // Packs and tables have a crash-safe copy too.
        for kept in ["sheetwright.pack.p", "sheetwright.table.t"] {
            assert!(Record::read(Some(kept.into()), text(), Some(1.0), false).is_some());
        }
    }

    #[test]
    fn a_damaged_record_never_removes_a_character_and_is_healed() {
        let a = character("a1", "A", 1_000.0);
        let b = character("b2", "B", 2_000.0);
        let records: Vec<Record> = [
            Record::read(
                Some(Store::<MemoryBackend>::key("a1")),
                Stored::Text(serde_json::to_string(&a).unwrap()),
                Some(1_000.0),
                false,
            ),
            Record::read(
                Some(Store::<MemoryBackend>::key("b2")),
                Stored::Other,
                Some(9e15),
                false,
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        let fixes = reconcile(&[a, b.clone()], &records, &[]);
        assert!(
            !fixes.iter().any(|f| matches!(f, Fix::Remove(_))),
            "{fixes:?}"
        );
        // B's text is copied over the damaged record.
        assert!(
            fixes
                .iter()
                .any(|f| matches!(f, Fix::Copy { key, .. } if key.ends_with("b2"))),
            "{fixes:?}"
        );
        assert_eq!(taken(fixes), vec![]);
    }

    #[test]
    fn what_the_copy_lacks_or_has_older_is_copied_to_it() {
        let older = character("a1", "Created", 1_000.0);
        let newer = character("a1", "Edited", 5_000.0);
        let other = character("b2", "Other", 2_000.0);
        let here = [newer.clone(), other.clone()];
        let fixes = reconcile(&here, &[saved(&older), saved(&other)], &[]);
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
        let fixes = taken(reconcile(&[older], &[saved(&newer)], &[]));
        assert_eq!(fixes, vec![Fix::Restore(Box::new(newer))]);
    }

    #[test]
    fn a_character_local_storage_never_got_is_restored() {
        let c = character("a1", "Created", 1_000.0);
        assert_eq!(
            reconcile(&[], &[saved(&c)], &[]),
            vec![Fix::Restore(Box::new(c))]
        );
    }

    #[test]
    fn an_older_or_equal_copy_changes_nothing() {
        let older = character("a1", "Created", 1_000.0);
        let newer = character("a1", "Edited", 5_000.0);
        assert!(taken(reconcile(
            std::slice::from_ref(&newer),
            &[saved(&older)],
            &[]
        ))
        .is_empty());
        assert!(reconcile(std::slice::from_ref(&newer), &[saved(&newer)], &[]).is_empty());
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
            taken(reconcile(std::slice::from_ref(&c), &[tomb(2_000.0)], &[])),
            vec![Fix::Remove("a1".into())]
        );
        // Brought back (Undo) after the removal: the later version stays.
        assert!(taken(reconcile(std::slice::from_ref(&c), &[tomb(500.0)], &[])).is_empty());
        // Already gone: nothing to do.
        assert!(reconcile(&[], &[tomb(2_000.0)], &[]).is_empty());
    }

    #[test]
    fn a_character_this_tab_deleted_does_not_come_back_from_the_copy() {
        // Deleted at 2 000; the page reloaded before the removal reached the copy.
        let c = character("a1", "Gone", 1_000.0);
        let deleted = [("a1".to_string(), 2_000.0)];
        assert_eq!(
            reconcile(&[], &[saved(&c)], &deleted),
            vec![Fix::Resend("a1".into())]
        );
        // A version written after the deletion (another tab kept editing) comes back.
        let later = character("a1", "Edited elsewhere", 3_000.0);
        assert_eq!(
            reconcile(&[], &[saved(&later)], &deleted),
            vec![Fix::Restore(Box::new(later.clone()))]
        );
        // Another character's deletion changes nothing; localStorage's own version is
        // never removed by a marker.
        let other = [("b2".to_string(), 2_000.0)];
        assert_eq!(
            reconcile(&[], &[saved(&c)], &other),
            vec![Fix::Restore(Box::new(c.clone()))]
        );
        assert!(taken(reconcile(std::slice::from_ref(&c), &[saved(&c)], &deleted)).is_empty());
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
        assert!(taken(reconcile(&[c], &records, &[])).is_empty());
    }

    #[test]
    fn a_copy_of_an_entry_local_storage_cannot_read_is_restored() {
        // localStorage held "{broken" under a1: set aside at load, so not loaded.
        let c = character("a1", "Good", 1_000.0);
        assert_eq!(
            reconcile(&[], &[saved(&c)], &[]),
            vec![Fix::Restore(Box::new(c))]
        );
    }
}
