//! The character library in memory, and how it reaches the store: debounced saves,
//! a flush when the page is hidden or closed, changes from other tabs, delete with
//! undo, and a warning (never a crash) when the browser refuses to save.

use super::random::{new_id, now};
use crate::model::Character;
use crate::rules::Ruleset;
use crate::storage::{character_id, local::LocalBackend, Quarantined, Store};
use leptos::prelude::*;
use std::time::Duration;

/// How long edits wait before they are written (a reload or hidden page flushes at once).
const SAVE_DELAY: Duration = Duration::from_millis(400);
/// How long a deletion can be undone.
pub const UNDO_WINDOW: Duration = Duration::from_secs(12);

fn store() -> Store<LocalBackend> {
    Store::new(LocalBackend)
}

/// A short message at the bottom of the screen, optionally with Undo.
#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub id: u64,
    pub message: String,
    /// The deleted character an Undo brings back.
    pub undo: Option<Character>,
}

#[derive(Clone, Copy)]
pub struct Library {
    /// Every character, in memory: the app keeps working from here when the store fails.
    pub characters: RwSignal<Vec<Character>>,
    /// Why the last save failed, while it keeps failing.
    pub save_error: RwSignal<Option<String>>,
    pub quarantined: RwSignal<Vec<Quarantined>>,
    /// Unreadable entries that could not even be moved aside (the store is full).
    pub stuck: RwSignal<Vec<String>>,
    pub toast: RwSignal<Option<Toast>>,
    /// The character on screen, if a sheet is open.
    pub open_id: RwSignal<Option<String>>,
    dirty: StoredValue<Vec<String>>,
    timer: StoredValue<Option<TimeoutHandle>>,
    toast_timer: StoredValue<Option<TimeoutHandle>>,
    toast_seq: StoredValue<u64>,
}

impl Library {
    /// Reads the store. The trash is emptied first: an Undo is never offered across a
    /// restart, so a deletion whose toast was not undone is final.
    pub fn load() -> Library {
        let mut s = store();
        s.purge_trash(None);
        let loaded = s.load_all();
        Library {
            characters: RwSignal::new(loaded.characters),
            save_error: RwSignal::new(None),
            quarantined: RwSignal::new(loaded.quarantined),
            stuck: RwSignal::new(loaded.stuck),
            toast: RwSignal::new(None),
            open_id: RwSignal::new(None),
            dirty: StoredValue::new(Vec::new()),
            timer: StoredValue::new(None),
            toast_timer: StoredValue::new(None),
            toast_seq: StoredValue::new(0),
        }
    }

    pub fn get(&self, id: &str) -> Option<Character> {
        self.characters
            .with_untracked(|cs| cs.iter().find(|c| c.id == id).cloned())
    }

    /// Puts an edited character in memory and schedules its save. Does nothing (and
    /// wakes nobody) when nothing changed.
    pub fn upsert(&self, c: Character) {
        let unchanged = self.characters.with_untracked(|cs| cs.contains(&c));
        if unchanged {
            return;
        }
        let id = c.id.clone();
        self.characters
            .update(|cs| match cs.iter_mut().find(|o| o.id == c.id) {
                Some(slot) => *slot = c,
                None => cs.insert(0, c),
            });
        self.mark_dirty(id);
        self.schedule_save();
    }

    fn mark_dirty(&self, id: String) {
        self.dirty.update_value(|d| {
            if !d.contains(&id) {
                d.push(id)
            }
        });
    }

    fn schedule_save(&self) {
        if let Some(h) = self.timer.get_value() {
            h.clear();
        }
        let lib = *self;
        let handle = set_timeout_with_handle(move || lib.flush(), SAVE_DELAY).ok();
        self.timer.set_value(handle);
    }

    /// Writes every pending change now.
    pub fn flush(&self) {
        if let Some(h) = self.timer.get_value() {
            h.clear();
        }
        self.timer.set_value(None);
        let mut pending = Vec::new();
        self.dirty.update_value(|d| pending = std::mem::take(d));
        if pending.is_empty() {
            return;
        }
        let mut s = store();
        let mut failed = Vec::new();
        let mut error = None;
        for id in pending {
            let Some(c) = self.get(&id) else { continue };
            if let Err(e) = s.save(&c) {
                error = Some(e.to_string());
                failed.push(id);
            }
        }
        let ok = failed.is_empty();
        self.dirty.update_value(|d| d.extend(failed));
        if ok {
            if self.save_error.with_untracked(Option::is_some) {
                self.save_error.set(None);
            }
        } else {
            self.save_error.set(error);
        }
    }

    pub fn has_pending(&self, id: &str) -> bool {
        self.dirty.with_value(|d| d.iter().any(|x| x == id))
    }

    /// A new character, saved at once; returns its id.
    pub fn create(&self, ruleset: Ruleset) -> String {
        let c = Character::new(new_id(), ruleset, now());
        let id = c.id.clone();
        self.upsert(c);
        self.flush();
        id
    }

    pub fn rename(&self, id: &str, name: String) {
        if let Some(mut c) = self.get(id) {
            c.name = name;
            c.updated = now();
            self.upsert(c);
        }
    }

    /// A copy with a new id, named "… (copy)"; returns its id.
    pub fn duplicate(&self, id: &str) -> Option<String> {
        let mut c = self.get(id)?;
        c.id = new_id();
        let base: String = c
            .display_name()
            .chars()
            .take(crate::model::NAME_MAX - 7)
            .collect();
        c.name = format!("{base} (copy)");
        c.updated = now();
        let new = c.id.clone();
        self.upsert(c);
        self.flush();
        Some(new)
    }

    /// Deletes with an Undo offered for [`UNDO_WINDOW`]; the character waits in the
    /// store's trash until then.
    pub fn delete(&self, id: &str) {
        let Some(c) = self.get(id) else { return };
        self.flush();
        if let Err(e) = store().trash(&c) {
            self.save_error.set(Some(e.to_string()));
        }
        self.dirty.update_value(|d| d.retain(|x| x != id));
        self.characters.update(|cs| cs.retain(|o| o.id != id));
        let message = format!("Deleted “{}”.", c.display_name());
        self.show_toast(message, Some(c));
    }

    pub fn undo_delete(&self, c: Character) {
        if let Err(e) = store().restore(&c) {
            self.save_error.set(Some(e.to_string()));
            self.mark_dirty(c.id.clone());
        }
        let name = c.display_name().to_string();
        self.characters.update(|cs| {
            if !cs.iter().any(|o| o.id == c.id) {
                cs.push(c);
            }
        });
        self.show_toast(format!("Restored “{name}”."), None);
    }

    pub fn show_toast(&self, message: String, undo: Option<Character>) {
        self.end_toast();
        let id = self.toast_seq.get_value() + 1;
        self.toast_seq.set_value(id);
        self.toast.set(Some(Toast { id, message, undo }));
        let lib = *self;
        let handle = set_timeout_with_handle(
            move || {
                if lib.toast.with_untracked(|t| t.as_ref().map(|t| t.id)) == Some(id) {
                    lib.end_toast();
                }
            },
            UNDO_WINDOW,
        )
        .ok();
        self.toast_timer.set_value(handle);
    }

    /// Closes the toast; a deletion it offered to undo becomes final.
    pub fn end_toast(&self) {
        if let Some(h) = self.toast_timer.get_value() {
            h.clear();
        }
        if let Some(t) = self.toast.get_untracked() {
            if let Some(c) = t.undo {
                store().purge_trash(Some(&c.id));
            }
            self.toast.set(None);
        }
    }

    /// Adds imported characters (already checked) in one go.
    pub fn add_imported(&self, list: Vec<Character>) {
        for c in list {
            self.upsert(c);
        }
        self.flush();
    }

    /// Another tab changed the store (the `storage` event).
    pub fn apply_remote(&self, key: Option<String>, new_value: Option<String>) {
        let Some(key) = key else {
            // The other tab cleared the whole store: keep what is in memory and write
            // it back, so that nothing here is lost.
            let ids: Vec<String> = self
                .characters
                .with_untracked(|cs| cs.iter().map(|c| c.id.clone()).collect());
            for id in ids {
                self.mark_dirty(id);
            }
            self.flush();
            return;
        };
        let Some(id) = character_id(&key).map(str::to_string) else {
            return;
        };
        if self.has_pending(&id) {
            // Both tabs edited it: write ours now, so ours is the later save; the other
            // tab is told and shows this version.
            self.flush();
            return;
        }
        let is_open = self.open_id.with_untracked(|o| o.as_deref() == Some(&id));
        match new_value {
            None => {
                let gone = self.get(&id);
                self.characters.update(|cs| cs.retain(|c| c.id != id));
                if let Some(c) = gone {
                    self.show_toast(
                        format!("“{}” was deleted in another tab.", c.display_name()),
                        None,
                    );
                }
            }
            Some(text) => {
                let Ok(c) = crate::model::load_document(&text) else {
                    return;
                };
                if c.id != id || self.get(&id).as_ref() == Some(&c) {
                    return;
                }
                let name = c.display_name().to_string();
                self.characters
                    .update(|cs| match cs.iter_mut().find(|o| o.id == id) {
                        Some(slot) => *slot = c,
                        None => cs.push(c),
                    });
                if is_open {
                    self.show_toast(
                        format!("“{name}” was changed in another tab; showing the latest."),
                        None,
                    );
                }
            }
        }
    }

    pub fn discard_quarantined(&self, key: &str) {
        store().discard_quarantined(key);
        self.quarantined.update(|q| q.retain(|x| x.key != key));
    }
}
