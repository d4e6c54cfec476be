//! Import, share and export: reading and checking an import (a file, or a shared
//! link's text), the characters waiting for the player's answers, making a share link,
//! and exports. The start path (`import_export`) shows the outcome and the question.
//!
//! Import and share are a chunk of their own ([`Transfers`]), fetched by
//! `ui::split_points` the first time the player imports or shares, within the Symbaroum
//! family's sheet (whose tables and packs read links and files with the same code); no
//! sheet's deep link fetches it. Export, a few lines, stays in the documents'.

use super::chunk_failed::ChunkFailed;
use super::clock::now;
use super::files::{download, read_file};
use super::import_export::{leave_shared_link, ImportState, Question};
use super::library_state::Library;
use super::share::{open_link, share_character};
use crate::model::ids::new_id;
use crate::model::share::read_shared;
use crate::model::transfer::{export, export_file_name, parse_import};
use crate::model::Character;
use crate::storage::listing::numbers_line;
use leptos::prelude::*;
use std::future::Future;
use std::pin::Pin;

/// An import waiting for the player's answers about characters already here (or, from
/// a shared link, about a new one: import it or not).
#[derive(Clone, Debug, PartialEq)]
pub struct PendingImport {
    pub ready: Vec<Character>,
    pub conflicts: Vec<Character>,
}

/// Import and share, as the documents' chunk asks for them: each on the library.
pub trait Transfers {
    fn share(&self, lib: Library, id: &str, link: RwSignal<Option<String>>);
    fn import_files(&self, lib: Library, state: ImportState, files: Vec<web_sys::File>);
    fn open_shared(&self, lib: Library, state: ImportState, data: String);
    fn answer(&self, lib: Library, state: ImportState, replace: bool);
    fn cancel_import(&self, lib: Library, state: ImportState);
}

/// Import and share's chunk on its way (`ui::split_points::fetch_transfers`).
pub type TransfersLoading =
    Pin<Box<dyn Future<Output = Result<&'static dyn Transfers, ChunkFailed>>>>;

/// Import and share, from their chunk.
pub struct Imports;

impl Transfers for Imports {
    fn share(&self, lib: Library, id: &str, link: RwSignal<Option<String>>) {
        if let Some(c) = lib.get(id) {
            let text = crate::model::share::share_text(&c);
            share_character(lib.roster, text, c.display_name().to_string(), link);
        }
    }
    fn import_files(&self, lib: Library, state: ImportState, files: Vec<web_sys::File>) {
        lib.import_files(state, files);
    }
    fn open_shared(&self, lib: Library, state: ImportState, data: String) {
        lib.open_shared(state, data);
    }
    fn answer(&self, lib: Library, state: ImportState, replace: bool) {
        lib.answer(state, replace);
    }
    fn cancel_import(&self, lib: Library, state: ImportState) {
        lib.cancel_import(state);
    }
}

/// Exports `characters` as a download, or says why it could not.
pub fn export_characters(characters: &[Character]) -> Result<(), String> {
    download(
        &export_file_name(characters),
        &export(characters, now()),
        "application/json",
    )
}

impl Library {
    /// Runs `f` with import and share once their chunk is here (at once, after the
    /// first time); one that cannot be had says so in the toast. (Boxed: one body for
    /// every caller.)
    pub fn with_transfers(self, f: Box<dyn FnOnce(&'static dyn Transfers, Library)>) {
        leptos::task::spawn_local(async move {
            match (self.transfers)().await {
                Ok(t) => f(t, self),
                Err(_) => self.roster.chunk_missing(),
            }
        });
    }

    /// Exports character `id`, or every character.
    pub fn export(&self, id: Option<&str>) -> Result<(), String> {
        match id {
            Some(id) => self.get(id).map_or(Ok(()), |c| export_characters(&[c])),
            None => export_characters(&self.snapshot()),
        }
    }

    /// Checks an import file (`name`, its `bytes`), then adds its characters or asks
    /// about those already here.
    pub fn import_file(&self, state: ImportState, name: String, bytes: Vec<u8>) {
        match parse_import(&bytes) {
            Err(e) => state.message.set(Some((false, format!("{name}: {e}")))),
            Ok(list) => {
                let (conflicts, ready): (Vec<_>, Vec<_>) =
                    list.into_iter().partition(|c| self.get(&c.id).is_some());
                self.pending
                    .set_value(Some(PendingImport { ready, conflicts }));
                self.settle(state);
            }
        }
    }

    /// Reads the one file picked or dropped (more than one is refused), then
    /// [`Library::import_file`].
    pub fn import_files(self, state: ImportState, mut files: Vec<web_sys::File>) {
        if files.len() > 1 {
            state.message.set(Some((
                false,
                "Drop or pick one file at a time. Nothing was imported.".into(),
            )));
            return;
        }
        let Some(file) = files.pop() else { return };
        let name = file.name();
        leptos::task::spawn_local(async move {
            match read_file(file).await {
                Ok(bytes) => self.import_file(state, name, bytes),
                Err(e) => state.message.set(Some((false, format!("{name}: {e}")))),
            }
        });
    }

    /// Opens a shared link's data, then [`Library::offer_shared`]; a link that cannot
    /// be read says why where imports report, and is left.
    pub fn open_shared(self, state: ImportState, data: String) {
        leptos::task::spawn_local(async move {
            match open_link(&data).await {
                Ok(text) => self.offer_shared(state, text),
                Err(e) => {
                    state.message.set(Some((false, e)));
                    leave_shared_link();
                }
            }
        });
    }

    /// Offers the character a shared link's text holds: the question is asked whether
    /// or not it is already here, so nothing is added before the player answers.
    pub fn offer_shared(&self, state: ImportState, text: Vec<u8>) {
        match read_shared(&text) {
            Ok(c) => {
                self.pending.set_value(Some(PendingImport {
                    ready: Vec::new(),
                    conflicts: vec![c],
                }));
                self.ask(state);
            }
            Err(e) => {
                state.message.set(Some((false, e)));
                leave_shared_link();
            }
        }
    }

    /// Shows the question about the first character waiting for an answer: one already
    /// here, or (if not) a shared link's, offered for import.
    fn ask(&self, state: ImportState) {
        let question = self.pending.with_value(|p| {
            let c = p.as_ref()?.conflicts.first()?;
            let name = c.display_name();
            let here = self.get(&c.id).is_some();
            let text = if here {
                format!("“{name}” is already in your library. Replace it with the imported one, or keep both?")
            } else {
                format!(
                    "A link shared “{name}” with you ({}: {}). Import it into this browser?",
                    c.ruleset.name(),
                    numbers_line(c)
                )
            };
            Some(Question { text, here })
        });
        state.question.set(question);
    }

    /// Applies the import once no question is left, or asks the next.
    fn settle(&self, state: ImportState) {
        let open = self
            .pending
            .with_value(|p| p.as_ref().map(|p| !p.conflicts.is_empty()));
        match open {
            None => return,
            Some(true) => return self.ask(state),
            Some(false) => {}
        }
        let Some(p) = self.pending.try_update_value(Option::take).flatten() else {
            return;
        };
        state.question.set(None);
        leave_shared_link();
        let n = p.ready.len();
        self.add_imported(p.ready);
        let what = if n == 1 {
            "1 character".to_string()
        } else {
            format!("{n} characters")
        };
        let refused = self.roster.save_error.get_untracked();
        state.message.set(Some(match refused {
            None => (true, format!("Imported {what}.")),
            Some(why) => (
                false,
                format!("Imported {what} into this page, but {why}. Export to keep a copy."),
            ),
        }));
    }

    /// The player's answer for the first character waiting: replace the one here (or
    /// import the shared one), or keep both.
    pub fn answer(&self, state: ImportState, replace: bool) {
        let lib = *self;
        self.pending.update_value(|p| {
            let Some(p) = p else { return };
            if p.conflicts.is_empty() {
                return;
            }
            let mut c = p.conflicts.remove(0);
            if !replace {
                // Kept beside the one it matched, named as a duplicate is: "Name (2)".
                c.id = new_id();
                c.name = lib.copy_name(c.display_name(), &p.ready);
            }
            p.ready.push(c);
        });
        self.settle(state);
    }

    pub fn cancel_import(&self, state: ImportState) {
        self.pending.set_value(None);
        state.question.set(None);
        leave_shared_link();
        state.message.set(Some((
            false,
            "Import cancelled. Nothing was changed.".into(),
        )));
    }
}
