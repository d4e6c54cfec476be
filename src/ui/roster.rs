//! What the start path knows of the characters: the list's entries, read from each
//! stored character's head (id, name, ruleset, last edit) rather than its whole
//! document, and the app-wide messages. The characters themselves, everything that
//! reads or writes a whole document (saving, the crash-safe copy, another tab's
//! edits, import, export, share), live in the documents chunk (`library_state`),
//! fetched in idle time once the list is drawn, or at once when an action needs it;
//! the start path reaches them only through [`Docs`], so none of that code is in the
//! first file a visit fetches.

use super::chunk_failed::ChunkFailed;
use super::import_export::ImportState;
use super::routing::current_page;
use crate::rules::Ruleset;
use crate::storage::listing::{read_entries, Entry};
use crate::storage::local::LocalBackend;
use crate::storage::session::UNDO_WINDOW_MS;
use crate::storage::Quarantined;
use leptos::prelude::*;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// What the start path asks of the characters, answered by the documents chunk.
pub trait Docs: Send + Sync {
    /// Writes every pending change now.
    fn flush(&self);
    /// Another tab wrote `key` (None: cleared the store) to `value` (None: removed).
    fn apply_remote(&self, key: Option<String>, value: Option<String>);
    /// A new character, saved at once; its id.
    fn create(&self, ruleset: Ruleset) -> String;
    fn rename(&self, id: &str, name: String);
    fn duplicate(&self, id: &str);
    /// Deletes with an Undo offered in the toast.
    fn delete(&self, id: &str);
    fn undo_delete(&self);
    /// The toast's Undo is no longer offered: the deletion is final.
    fn end_undo(&self);
    /// Exports one character (or all) as a download.
    fn export(&self, id: Option<&str>) -> Result<(), String>;
    /// Makes the link that holds character `id`, shows it in `link` and hands it to
    /// the share sheet or the clipboard, saying so in the toast.
    fn share(&self, id: &str, link: RwSignal<Option<String>>);
    /// Reads the file picked or dropped, checks it, then adds its characters or asks
    /// about those already here.
    fn import_files(&self, state: ImportState, files: web_sys::FileList);
    /// Opens a shared link's data and offers its character, for the player to import.
    fn open_shared(&self, state: ImportState, data: String);
    /// The player's answer for the import's first question.
    fn answer(&self, state: ImportState, replace: bool);
    fn cancel_import(&self, state: ImportState);
    fn discard_quarantined(&self, key: &str);
}

/// The documents' chunk on its way (`ui::split_points::fetch_documents`).
pub type DocsLoading = Pin<Box<dyn Future<Output = Result<&'static dyn Docs, ChunkFailed>>>>;

/// A short message at the top of the screen, optionally with Undo. It belongs to the
/// page it was shown on (the list, or one character's sheet) and leaves by itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub id: u64,
    pub message: String,
    /// Offers Undo (of the last deletion).
    pub undo: bool,
    /// The character whose sheet was on screen (None: the list).
    pub page: Option<String>,
}

/// How long a message stays: long enough to read it (about 60 ms a character, at
/// least 4 s, at most 10 s); one that offers Undo stays for the undo window.
pub fn toast_ms(message: &str, undo: bool) -> u64 {
    if undo {
        return UNDO_WINDOW_MS as u64;
    }
    (2_000 + 60 * message.chars().count() as u64).clamp(4_000, 10_000)
}

#[derive(Clone, Copy)]
pub struct Roster {
    /// What the list shows: from each stored character's head at start, then kept by
    /// the documents chunk.
    pub entries: RwSignal<Vec<Entry>>,
    /// Why the last save failed, while it keeps failing.
    pub save_error: RwSignal<Option<String>>,
    pub quarantined: RwSignal<Vec<Quarantined>>,
    /// Unreadable entries that could not even be moved aside (the store is full).
    pub stuck: RwSignal<Vec<String>>,
    pub toast: RwSignal<Option<Toast>>,
    /// The character on screen, if a sheet is open.
    pub open_id: RwSignal<Option<String>>,
    /// Set once the documents are read: the entries have their numbers, and what
    /// could not be read has been set aside.
    pub ready: RwSignal<bool>,
    docs: StoredValue<Option<&'static dyn Docs>>,
    /// Fetches the documents' chunk.
    fetch: fn(Roster) -> DocsLoading,
    /// The app's owner: what the documents chunk makes lives as long as the app.
    pub owner: StoredValue<Owner>,
    toast_timer: StoredValue<Option<TimeoutHandle>>,
    toast_seq: StoredValue<u64>,
}

impl Roster {
    /// The list as the store holds it, read from the characters' heads (within the
    /// app's owner); `fetch` brings the documents.
    pub fn read(fetch: fn(Roster) -> DocsLoading) -> Roster {
        Roster {
            entries: RwSignal::new(read_entries(&LocalBackend)),
            save_error: RwSignal::new(None),
            quarantined: RwSignal::new(Vec::new()),
            stuck: RwSignal::new(Vec::new()),
            toast: RwSignal::new(None),
            open_id: RwSignal::new(None),
            ready: RwSignal::new(false),
            docs: StoredValue::new(None),
            fetch,
            owner: StoredValue::new(Owner::current().expect("the roster is made inside the app")),
            toast_timer: StoredValue::new(None),
            toast_seq: StoredValue::new(0),
        }
    }

    /// The documents, if their chunk has arrived.
    pub fn docs(&self) -> Option<&'static dyn Docs> {
        self.docs.get_value()
    }

    /// Called by the documents chunk once it has read the store.
    pub fn set_docs(&self, docs: &'static dyn Docs) {
        self.docs.set_value(Some(docs));
        self.ready.set(true);
    }

    /// The documents, fetching their chunk first if it has not arrived.
    pub async fn load(self) -> Result<&'static dyn Docs, ChunkFailed> {
        if let Some(d) = self.docs() {
            return Ok(d);
        }
        (self.fetch)(self).await
    }

    /// Runs `f` with the documents: at once when they are here, else once their chunk
    /// has arrived (a chunk that cannot be fetched says so in the toast).
    pub fn with_docs(self, f: impl FnOnce(&'static dyn Docs) + 'static) {
        self.with_docs_or(Box::new(move |docs| {
            if let Some(d) = docs {
                f(d)
            }
        }));
    }

    /// As [`Roster::with_docs`], `f` told None when the chunk could not be had (one
    /// body for every caller: the start path carries it once).
    pub fn with_docs_or(self, f: Box<dyn FnOnce(Option<&'static dyn Docs>)>) {
        match self.docs() {
            Some(d) => f(Some(d)),
            None => leptos::task::spawn_local(async move {
                let docs = self.load().await.ok();
                if docs.is_none() {
                    self.chunk_missing();
                }
                f(docs)
            }),
        }
    }

    /// Says in the toast that a chunk an action needs could not be fetched.
    pub fn chunk_missing(&self) {
        self.show_toast(
            "That could not be done: part of the app did not load (the connection seems to be down). Your characters are safe; try again."
                .into(),
            false,
        );
    }

    pub fn show_toast(&self, message: String, undo: bool) {
        let id = self.toast_seq.get_value() + 1;
        self.toast_seq.set_value(id);
        let page = current_page();
        let ms = toast_ms(&message, undo);
        self.toast.set(Some(Toast {
            id,
            message,
            undo,
            page,
        }));
        self.start_timer(id, undo, ms);
    }

    /// Ends the toast `id` after `ms`; one the player is pointing at or has the focus
    /// in waits on (an Undo keeps the deletion's deadline).
    fn start_timer(&self, id: u64, undo: bool, ms: u64) {
        self.stop_timer();
        let roster = *self;
        let handle = set_timeout_with_handle(
            move || {
                if roster.toast.with_untracked(|t| t.as_ref().map(|t| t.id)) != Some(id) {
                    return;
                }
                let in_use = document()
                    .query_selector("#toast:hover, #toast:focus-within")
                    .ok()
                    .flatten()
                    .is_some();
                if in_use && !undo {
                    roster.start_timer(id, undo, 1_000);
                } else {
                    roster.end_toast();
                }
            },
            Duration::from_millis(ms),
        )
        .ok();
        self.toast_timer.set_value(handle);
    }

    fn stop_timer(&self) {
        if let Some(h) = self.toast_timer.get_value() {
            h.clear();
        }
    }

    /// Closes the toast; a deletion it offered to undo becomes final.
    pub fn end_toast(&self) {
        self.stop_timer();
        if let Some(t) = self.toast.get_untracked() {
            if t.undo {
                if let Some(d) = self.docs() {
                    d.end_undo();
                }
            }
            self.toast.set(None);
        }
    }

    /// The entry of character `id` (untracked).
    pub fn entry(&self, id: &str) -> Option<Entry> {
        self.entries
            .with_untracked(|es| es.iter().find(|e| e.id == id).cloned())
    }

    /// Puts `entry` in the list, replacing the one with its id; wakes nobody when it
    /// is already there as it is.
    pub fn set_entry(&self, entry: Entry) {
        let same = self.entries.with_untracked(|es| es.contains(&entry));
        if same {
            return;
        }
        self.entries
            .update(|es| match es.iter_mut().find(|e| e.id == entry.id) {
                Some(e) => *e = entry,
                None => es.insert(0, entry),
            });
    }

    pub fn remove_entry(&self, id: &str) {
        self.entries.update(|es| es.retain(|e| e.id != id));
    }
}
