//! The character library in memory, and how it reaches the store: the documents
//! chunk (`split_points::documents`), which the start path reaches through `roster::Docs`.
//!
//! Each character is one signal, the only copy in memory: the list shows it and an open
//! sheet edits it directly. One path writes to the store: every change of a
//! character's signal marks it for saving (`watch`), and the session
//! (`storage::session`, tested natively with its own clock) decides when the pending
//! edits are written (debounced, and at once when the page is hidden or closed), keeps
//! a deletion undoable for a while, and says what another tab's write means here. The
//! browser refusing to save shows a warning, never a crash; the app keeps working from
//! memory.

use super::clock::{now, when_idle};
use super::import_export::ImportState;
use super::imports::{PendingImport, TransfersLoading};
use super::roster::{Docs, Roster};
use crate::model::ids::new_id;
use crate::model::Character;
use crate::rules::Ruleset;
use crate::storage::idb;
use crate::storage::listing::{duplicate_name, Entry};
use crate::storage::local::{LocalBackend, TabBackend};
use crate::storage::mirror::{reconcile, Fix};
use crate::storage::session::{Remote, Session, SAVE_DELAY_MS};
use crate::storage::{character_id, Backend, Store};
use crate::ui::Live;
use leptos::prelude::*;
use rustc_hash::FxHashMap as HashMap;
use std::time::Duration;

fn store() -> Store<LocalBackend> {
    Store::new(LocalBackend)
}

#[derive(Clone, Copy)]
pub struct Library {
    /// Every character, each its own signal: the app keeps working from here when the
    /// store fails.
    pub characters: RwSignal<Vec<Live>>,
    /// The list's entries and the app-wide messages (the start path's part).
    pub roster: Roster,
    /// The character on screen, if a sheet is open (the roster's).
    pub open_id: RwSignal<Option<String>>,
    /// The app's owner: character signals live as long as the app, whichever screen
    /// made them.
    owner: StoredValue<Owner>,
    session: StoredValue<Session>,
    /// Per character, the last version that came from another tab (as saved there, or
    /// merged with this tab's edits and written at once): its arrival is no edit of
    /// this tab's, neither to write back nor to undo.
    arrived: StoredValue<HashMap<String, Character>>,
    timer: StoredValue<Option<TimeoutHandle>>,
    /// Run before a version from elsewhere (another tab, an import) replaces a
    /// character in memory: the open sheet records its waiting undo step first
    /// (`ui::undo`), so that step holds only this tab's edits.
    pub(super) before_replace: StoredValue<Option<Callback<()>>>,
    /// An import waiting for the player's answers (`imports`).
    pub(super) pending: StoredValue<Option<PendingImport>>,
    /// Fetches import and share, in a chunk of their own (`imports::Transfers`).
    pub(super) transfers: fn() -> TransfersLoading,
}

impl Library {
    /// Reads the store (within the app's owner), fills the roster's entries and
    /// provides itself to the sheets; once per app. The trash is emptied first: an
    /// Undo is never offered across a restart, so a deletion whose toast was not
    /// undone is final.
    pub fn start(roster: Roster, transfers: fn() -> TransfersLoading) -> &'static dyn Docs {
        if let Some(d) = roster.docs() {
            return d;
        }
        let owner = roster.owner.get_value();
        owner.clone().with(|| {
            let mut s = store();
            let mut session = Session::start(&mut s);
            let mut loaded = s.load_all();
            session.remember(&loaded.characters);
            // Edits the store refused before this tab was reloaded.
            session.recover(&TabBackend, &mut loaded.characters, now());
            roster.quarantined.set(loaded.quarantined);
            roster.stuck.set(loaded.stuck);
            roster
                .entries
                .set(loaded.characters.iter().map(Entry::of).collect());
            let lib = Library {
                characters: RwSignal::new(Vec::new()),
                roster,
                open_id: roster.open_id,
                owner: StoredValue::new(owner),
                session: StoredValue::new(session),
                arrived: StoredValue::new(HashMap::default()),
                timer: StoredValue::new(None),
                before_replace: StoredValue::new(None),
                pending: StoredValue::new(None),
                transfers,
            };
            let slots: Vec<_> = loaded
                .characters
                .into_iter()
                .map(|c| lib.watch(c))
                .collect();
            lib.characters.set(slots);
            provide_context(lib);
            lib.schedule_save();
            lib.compare_with_copy();
            let docs: &'static dyn Docs = Box::leak(Box::new(lib));
            roster.set_docs(docs);
            docs
        })
    }

    /// Reads the crash-safe copy (`storage::idb`) and takes from it what localStorage
    /// lost when the browser was killed before committing it; copies to it what it
    /// lacks. An edit made here since the start wins over the copy.
    fn compare_with_copy(&self) {
        let lib = *self;
        leptos::task::spawn_local(async move {
            let records = idb::start().await;
            let deleted = Session::deleted_here(&TabBackend);
            let mut recovered = Vec::new();
            let mut resent = Vec::new();
            for fix in reconcile(&lib.snapshot(), &records, &deleted) {
                match fix {
                    Fix::Copy { key, value } => idb::put(&key, Some(&value), now()),
                    Fix::Resend(id) => {
                        idb::put(&Store::<LocalBackend>::key(&id), None, now());
                        resent.push(id);
                    }
                    Fix::Restore(c) => {
                        if lib.session.with_value(|s| s.is_pending(&c.id)) {
                            continue;
                        }
                        recovered.push(c.display_name().to_string());
                        let id = c.id.clone();
                        // Shown as it was, not as an edit made here (nothing to undo).
                        lib.arrived
                            .update_value(|a| _ = a.insert(id.clone(), (*c).clone()));
                        lib.upsert(*c);
                        lib.session.update_value(|s| s.touch(&id, now()));
                    }
                    Fix::Remove(id) => {
                        if !lib.session.with_value(|s| s.is_pending(&id)) {
                            LocalBackend.remove(&Store::<LocalBackend>::key(&id));
                            lib.remove(&id);
                        }
                    }
                }
            }
            let resent: Vec<&str> = resent.iter().map(String::as_str).collect();
            Session::settle_deletions(&mut TabBackend, &deleted, &resent);
            lib.schedule_save();
            match recovered.as_slice() {
                [] => {}
                [one] => lib.roster.show_toast(
                    format!("Recovered the last edits of “{one}”: the browser closed before saving them."),
                    false,
                ),
                many => lib.roster.show_toast(
                    format!(
                        "Recovered the last edits of {} characters: the browser closed before saving them.",
                        many.len()
                    ),
                    false,
                ),
            }
        });
    }

    /// A signal for `c`, owned by the app, whose every later change is saved.
    fn watch(&self, c: Character) -> Live {
        let lib = *self;
        let id = c.id.clone();
        self.owner.get_value().with(|| {
            let slot = Live::new(c);
            // A write of the crash-safe copy is waiting (`when_idle`).
            let copy_due = StoredValue::new(false);
            Effect::new(move |seen: Option<()>| {
                let from_elsewhere = slot.with(|c| {
                    // The list's numbers after a change (whoever makes the signal puts
                    // its first entry in the list); an open sheet's are noted when it
                    // closes.
                    let open = lib.open_id.with_untracked(|o| o.as_deref() == Some(&c.id));
                    if seen.is_some() && !open {
                        lib.roster.set_entry(Entry::of(c));
                    }
                    lib.from_elsewhere(c)
                });
                if seen.is_some() && !from_elsewhere {
                    lib.session.update_value(|s| s.touch(&id, now()));
                    // The crash-safe copy within a few milliseconds (localStorage's
                    // write waits for the typing to pause, and reaches the disk seconds
                    // later still): once the change is on screen, and once for every
                    // change made meanwhile. The save's timer is set then too, not in
                    // the change's frame (it cost a phone about 0.4 ms of it).
                    if !copy_due.get_value() {
                        copy_due.set_value(true);
                        let id = id.clone();
                        when_idle(Box::new(move || {
                            copy_due.try_set_value(false);
                            // A timer already set goes off no later than the edits'
                            // time (a touch only moves it later), and then waits again.
                            if lib.timer.get_value().is_none() {
                                lib.schedule_save();
                            }
                            // Not after a deletion (its removal is in the copy).
                            if lib.slot(&id).is_none() {
                                return;
                            }
                            if let Some(text) = slot.try_with_untracked(Character::to_text) {
                                idb::put(&Store::<LocalBackend>::key(&id), Some(&text), now());
                            }
                        }));
                    }
                }
            });
            slot
        })
    }

    /// Whether `c` is exactly the version that last came from another tab.
    pub fn from_elsewhere(&self, c: &Character) -> bool {
        self.arrived.with_value(|a| a.get(&c.id) == Some(c))
    }

    /// The signal of character `id` (untracked).
    pub fn slot(&self, id: &str) -> Option<Live> {
        self.characters.with_untracked(|cs| {
            cs.iter()
                .find(|s| s.with_untracked(|c| c.id == id))
                .copied()
        })
    }

    /// The signal of character `id`, following the list (tracked).
    pub fn tracked_slot(&self, id: &str) -> Option<Live> {
        self.characters.with(|cs| {
            cs.iter()
                .find(|s| s.with_untracked(|c| c.id == id))
                .copied()
        })
    }

    pub fn get(&self, id: &str) -> Option<Character> {
        self.slot(id).map(|s| s.get_untracked())
    }

    /// Every character as it is now (untracked): for exports.
    pub fn snapshot(&self) -> Vec<Character> {
        self.characters
            .with_untracked(|cs| cs.iter().map(|s| s.get_untracked()).collect())
    }

    /// Puts a character in memory (replacing the one with its id): its signal changes,
    /// so it is saved. Wakes nobody when nothing changed.
    pub fn upsert(&self, c: Character) {
        let id = c.id.clone();
        if self.place(c) {
            self.session.update_value(|s| s.touch(&id, now()));
            self.schedule_save();
        }
    }

    /// Puts a character in memory as the store has it (another tab saved it): nothing
    /// to write back, so the other tab is not told of an edit no one made here.
    /// Whether it is new to this tab.
    fn place(&self, c: Character) -> bool {
        match self.slot(&c.id) {
            Some(slot) => {
                if slot.with_untracked(|old| *old != c) {
                    if let Some(before) = self.before_replace.get_value() {
                        before.try_run(());
                    }
                    slot.set(c);
                }
                false
            }
            None => {
                self.roster.set_entry(Entry::of(&c));
                let slot = self.watch(c);
                self.characters.update(|cs| cs.insert(0, slot));
                true
            }
        }
    }

    /// Wakes up when the session's pending edits are due, and writes them.
    fn schedule_save(&self) {
        if let Some(h) = self.timer.get_value() {
            h.clear();
        }
        let Some(due) = self.session.with_value(Session::due) else {
            self.timer.set_value(None);
            return;
        };
        let wait = (due - now()).clamp(0.0, SAVE_DELAY_MS);
        let lib = *self;
        let handle =
            set_timeout_with_handle(move || lib.save_due(), Duration::from_millis(wait as u64))
                .ok();
        self.timer.set_value(handle);
    }

    fn save_due(&self) {
        // Gone off.
        self.timer.set_value(None);
        let get = |id: &str| self.get(id);
        let result = self
            .session
            .try_update_value(|s| s.flush_if_due(&mut store(), &mut TabBackend, &get, now()))
            .flatten();
        match result {
            Some(r) => self.report(r),
            // Not yet (an edit came in meanwhile): wait for the new time.
            None => self.schedule_save(),
        }
    }

    fn report(&self, result: Result<(), String>) {
        let save_error = self.roster.save_error;
        match result {
            Ok(()) => {
                if save_error.with_untracked(Option::is_some) {
                    save_error.set(None);
                }
            }
            Err(e) => save_error.set(Some(e)),
        }
    }

    /// A sheet closed: the list shows its character as it is now.
    pub fn closed(&self, id: &str) {
        if let Some(slot) = self.slot(id) {
            slot.with_untracked(|c| self.roster.set_entry(Entry::of(c)));
        }
    }

    /// Writes every pending change now.
    pub fn flush(&self) {
        if let Some(h) = self.timer.get_value() {
            h.clear();
        }
        self.timer.set_value(None);
        let get = |id: &str| self.get(id);
        let result = self
            .session
            .try_update_value(|s| s.flush_now(&mut store(), &mut TabBackend, &get))
            .flatten();
        if let Some(result) = result {
            self.report(result);
        }
    }

    /// A new character, saved at once; returns its id.
    pub fn create(&self, ruleset: Ruleset) -> String {
        let mut c = Character::new(new_id(), ruleset, now());
        // A new character is in creation until the player finishes it (RULES.md);
        // Heimr has no such stage.
        c.advance_mut().in_creation = ruleset.is_symbaroum_family();
        let id = c.id.clone();
        self.upsert(c);
        self.flush();
        id
    }

    pub fn rename(&self, id: &str, name: String) {
        if let Some(slot) = self.slot(id) {
            slot.update(|c| {
                c.name = name;
                c.updated = now();
            });
        }
    }

    /// The name for a copy of `name` (`listing::duplicate_name`): "Name (2)", or the
    /// next number free among the characters kept and `also` (about to be added).
    pub fn copy_name(&self, name: &str, also: &[Character]) -> String {
        let mut taken: Vec<String> = self.characters.with_untracked(|cs| {
            cs.iter()
                .map(|s| s.with_untracked(|c| c.display_name().to_string()))
                .collect()
        });
        taken.extend(also.iter().map(|c| c.display_name().to_string()));
        duplicate_name(name, taken.iter().map(String::as_str))
    }

    /// A copy with a new id, named "Name (2)", "Name (3)" … (`listing::duplicate_name`);
    /// returns its id.
    pub fn duplicate(&self, id: &str) -> Option<String> {
        let mut c = self.get(id)?;
        c.id = new_id();
        c.name = self.copy_name(c.display_name(), &[]);
        c.updated = now();
        let new = c.id.clone();
        self.upsert(c);
        self.flush();
        Some(new)
    }

    fn remove(&self, id: &str) {
        self.characters
            .update(|cs| cs.retain(|s| s.with_untracked(|c| c.id != id)));
        self.roster.remove_entry(id);
    }

    /// Deletes with an Undo offered for [`UNDO_WINDOW_MS`]; the character waits in the
    /// store's trash until then.
    pub fn delete(&self, id: &str) {
        let Some(c) = self.get(id) else { return };
        self.flush();
        self.roster.end_toast();
        let result = self
            .session
            .try_update_value(|s| s.delete(&mut store(), &mut TabBackend, &c, now()))
            .unwrap_or(Ok(()));
        let message = match result {
            Ok(()) => format!("Deleted “{}”.", c.display_name()),
            // Deleted all the same; the Undo copy is only in this page.
            Err(_) => format!(
                "Deleted “{}”. Undo works while this page stays open.",
                c.display_name()
            ),
        };
        self.remove(id);
        self.roster.show_toast(message, true);
    }

    /// Brings back the last deleted character, if its Undo is still offered and no
    /// newer version of it has appeared in another tab.
    pub fn undo_delete(&self) {
        let in_memory = |id: &str| self.slot(id).is_some();
        let result = self
            .session
            .try_update_value(|s| s.undo_delete(&mut store(), &mut TabBackend, &in_memory, now()))
            .unwrap_or_else(|| Err("The deletion can no longer be undone.".into()));
        match result {
            Ok(c) => {
                let name = c.display_name().to_string();
                self.roster.set_entry(Entry::of(&c));
                let slot = self.watch(c);
                self.characters.update(|cs| cs.push(slot));
                self.roster.show_toast(format!("Restored “{name}”."), false);
            }
            Err(e) => self.roster.show_toast(e, false),
        }
        self.schedule_save();
    }

    /// The toast's Undo is no longer offered: the deletion is final.
    pub fn end_undo(&self) {
        self.session.update_value(|s| s.end_undo(&mut store()));
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
        let get = |id: &str| self.get(id);
        let change = self
            .session
            .try_update_value(|s| s.remote(key.as_deref(), new_value.as_deref(), &get, now()))
            .unwrap_or(Remote::None);
        match change {
            Remote::None => {}
            Remote::Cleared => {
                // Keep what is in memory and write it back, so that nothing here is lost.
                let ids: Vec<String> = self.snapshot().into_iter().map(|c| c.id).collect();
                self.session.update_value(|s| s.rewrite_all(&ids, now()));
                self.flush();
            }
            // Both tabs edited it: write ours now, so ours is the later save; the other
            // tab is told and shows this version.
            Remote::KeepOurs => self.flush(),
            Remote::Deleted(name) => {
                if let Some(id) = key.as_deref().and_then(character_id) {
                    self.remove(id);
                }
                self.roster
                    .show_toast(format!("“{name}” was deleted in another tab."), false);
            }
            Remote::Changed { theirs, fields } => {
                let is_open = self
                    .open_id
                    .with_untracked(|o| o.as_deref() == Some(&theirs.id));
                let name = theirs.display_name().to_string();
                self.arrived
                    .update_value(|a| _ = a.insert(theirs.id.clone(), (*theirs).clone()));
                self.place(*theirs);
                if is_open {
                    let what = if fields.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", fields.join(", "))
                    };
                    self.roster.show_toast(
                        format!("“{name}” was changed in another tab{what}; showing the latest."),
                        false,
                    );
                }
            }
            Remote::Merged { merged, ours_won } => {
                // Both tabs' edits, field by field; written back so the other tab
                // gets them too.
                let name = merged.character.display_name().to_string();
                let conflicts = merged.conflicts.join(", ");
                let c = merged.character;
                self.arrived
                    .update_value(|a| _ = a.insert(c.id.clone(), c.clone()));
                self.upsert(c);
                self.flush();
                let message = if conflicts.is_empty() {
                    format!("“{name}” was changed in another tab too; both tabs' edits are kept.")
                } else if ours_won {
                    format!("“{name}” was changed in another tab too; for {conflicts} this tab's later edit is kept.")
                } else {
                    format!("“{name}” was changed in another tab; {conflicts} now shows that tab's later edit.")
                };
                self.roster.show_toast(message, false);
            }
        }
    }

    pub fn discard_quarantined(&self, key: &str) {
        store().discard_quarantined(key);
        self.roster
            .quarantined
            .update(|q| q.retain(|x| x.key != key));
    }
}

/// The start path's requests, answered here.
impl Docs for Library {
    fn flush(&self) {
        Library::flush(self);
    }
    fn apply_remote(&self, key: Option<String>, value: Option<String>) {
        Library::apply_remote(self, key, value);
    }
    fn create(&self, ruleset: Ruleset) -> String {
        Library::create(self, ruleset)
    }
    fn rename(&self, id: &str, name: String) {
        Library::rename(self, id, name);
    }
    fn duplicate(&self, id: &str) {
        Library::duplicate(self, id);
    }
    fn delete(&self, id: &str) {
        Library::delete(self, id);
    }
    fn undo_delete(&self) {
        Library::undo_delete(self);
    }
    fn end_undo(&self) {
        Library::end_undo(self);
    }
    fn export(&self, id: Option<&str>) -> Result<(), String> {
        Library::export(self, id)
    }
    fn share(&self, id: &str, link: RwSignal<Option<String>>) {
        let id = id.to_string();
        self.with_transfers(Box::new(move |t, lib| t.share(lib, &id, link)));
    }
    fn import_files(&self, state: ImportState, files: web_sys::FileList) {
        // Taken now: the picker is emptied for the next pick once this returns.
        let files: Vec<_> = (0..files.length()).filter_map(|i| files.get(i)).collect();
        self.with_transfers(Box::new(move |t, lib| t.import_files(lib, state, files)));
    }
    fn open_shared(&self, state: ImportState, data: String) {
        self.with_transfers(Box::new(move |t, lib| t.open_shared(lib, state, data)));
    }
    fn answer(&self, state: ImportState, replace: bool) {
        self.with_transfers(Box::new(move |t, lib| t.answer(lib, state, replace)));
    }
    fn cancel_import(&self, state: ImportState) {
        self.with_transfers(Box::new(move |t, lib| t.cancel_import(lib, state)));
    }
    fn discard_quarantined(&self, key: &str) {
        Library::discard_quarantined(self, key);
    }
}
