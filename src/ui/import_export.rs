//! Import (file picker, drag-and-drop, a shared link) and export of characters. A
//! failed import touches nothing; a character whose id is already here asks: replace,
//! or keep both; a character from a shared link is first offered, and imported only
//! when the player says so.

use super::files::{download, read_file};
use super::library_state::Library;
use super::random::{new_id, now};
use crate::model::transfer::{export, export_file_name, parse_import};
use crate::model::Character;
use crate::storage::listing::numbers_line;
use leptos::html;
use leptos::prelude::*;

/// An import waiting for the player's answers about characters already here (or, from
/// a shared link, about a new one: import it or not).
#[derive(Clone, Debug, PartialEq)]
pub struct PendingImport {
    pub ready: Vec<Character>,
    pub conflicts: Vec<Character>,
}

/// Leaves a shared link's address once its question is answered, so neither a reload
/// nor Back asks again.
fn leave_shared_link() {
    let on_link = window()
        .location()
        .hash()
        .is_ok_and(|h| h.starts_with("#/share/"));
    if on_link {
        super::routing::replace(&super::routing::library_href());
    }
}

/// What the import area shows: the last import's outcome and any open question.
#[derive(Clone, Copy)]
pub struct ImportState {
    /// (succeeded, message)
    pub message: RwSignal<Option<(bool, String)>>,
    pub pending: RwSignal<Option<PendingImport>>,
}

impl ImportState {
    pub fn new() -> Self {
        ImportState {
            message: RwSignal::new(None),
            pending: RwSignal::new(None),
        }
    }

    /// Reads and checks the files, then adds them or asks about conflicts.
    pub fn import_files(self, lib: Library, files: Option<web_sys::FileList>) {
        let Some(files) = files else { return };
        let Some(file) = files.get(0) else { return };
        if files.length() > 1 {
            self.message.set(Some((
                false,
                "Drop or pick one file at a time. Nothing was imported.".into(),
            )));
            return;
        }
        let name = file.name();
        leptos::task::spawn_local(async move {
            let parsed = match read_file(file).await {
                Ok(bytes) => parse_import(&bytes),
                Err(e) => Err(e),
            };
            match parsed {
                Err(e) => self.message.set(Some((false, format!("{name}: {e}")))),
                Ok(list) => self.take(lib, list),
            }
        });
    }

    /// Adds checked characters the player chose to import (a file), or asks about
    /// those already here.
    pub fn take(self, lib: Library, list: Vec<Character>) {
        let (conflicts, ready): (Vec<_>, Vec<_>) =
            list.into_iter().partition(|c| lib.get(&c.id).is_some());
        self.pending.set(Some(PendingImport { ready, conflicts }));
        self.settle(lib);
    }

    /// Offers the character a shared link holds: the question is asked whether or not
    /// it is already here, so nothing is added before the player answers.
    pub fn offer(self, c: Character) {
        self.pending.set(Some(PendingImport {
            ready: Vec::new(),
            conflicts: vec![c],
        }));
    }

    /// Applies the import once no question is left.
    fn settle(self, lib: Library) {
        let Some(p) = self.pending.get_untracked() else {
            return;
        };
        if !p.conflicts.is_empty() {
            return;
        }
        self.pending.set(None);
        leave_shared_link();
        let n = p.ready.len();
        lib.add_imported(p.ready);
        let what = if n == 1 {
            "1 character".to_string()
        } else {
            format!("{n} characters")
        };
        let refused = lib.save_error.get_untracked();
        self.message.set(Some(match refused {
            None => (true, format!("Imported {what}.")),
            Some(why) => (
                false,
                format!("Imported {what} into this page, but {why}. Export to keep a copy."),
            ),
        }));
    }

    /// The player's answer for the first conflicting character.
    pub fn answer(self, lib: Library, replace: bool) {
        self.pending.update(|p| {
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
        self.settle(lib);
    }

    pub fn cancel(self) {
        self.pending.set(None);
        leave_shared_link();
        self.message.set(Some((
            false,
            "Import cancelled. Nothing was changed.".into(),
        )));
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

/// The Import button: opens the file picker.
#[component]
pub fn ImportButton(state: ImportState) -> impl IntoView {
    let lib = expect_context::<Library>();
    let input = NodeRef::<html::Input>::new();
    view! {
        <button type="button" id="import-button" on:click=move |_| {
            if let Some(i) = input.get() {
                i.click();
            }
        }>"Import…"</button>
        <input
            node_ref=input
            id="import-file"
            type="file"
            accept=".json,application/json"
            hidden
            tabindex="-1"
            aria-hidden="true"
            on:change=move |ev| {
                let el: web_sys::HtmlInputElement = event_target(&ev);
                state.import_files(lib, el.files());
                el.set_value("");
            }
        />
    }
}

/// The outcome of the last import, and the replace-or-keep-both question.
#[component]
pub fn ImportStatus(state: ImportState) -> impl IntoView {
    let lib = expect_context::<Library>();
    // The first question, and whether its character is already here (if not, it is
    // a shared link's, offered for import).
    let first_conflict = move || {
        state.pending.with(|p| {
            p.as_ref()
                .and_then(|p| p.conflicts.first())
                .map(|c| (c.clone(), lib.get(&c.id).is_some()))
        })
    };
    view! {
        <Show when=move || state.message.with(Option::is_some)>
            <div
                id="import-message"
                class="notice"
                class:bad=move || state.message.with(|m| matches!(m, Some((false, _))))
                role="alert"
            >
                <span>{move || state.message.get().map(|m| m.1)}</span>
                <button type="button" class="close" aria-label="Dismiss" on:click=move |_| state.message.set(None)>"×"</button>
            </div>
        </Show>
        {move || first_conflict().map(|(c, here)| {
            let name = c.display_name().to_string();
            let question = if here {
                format!("“{name}” is already in your library. Replace it with the imported one, or keep both?")
            } else {
                format!(
                    "A link shared “{name}” with you ({}: {}). Import it into this browser?",
                    c.ruleset.name(),
                    numbers_line(&c)
                )
            };
            view! {
                <div class="card conflict" role="alertdialog" aria-labelledby="conflict-text" id="import-conflict">
                    <p id="conflict-text">{question}</p>
                    <div class="button-row">
                        <button type="button" id="import-replace" on:click=move |_| state.answer(lib, true)>
                            {if here { "Replace" } else { "Import" }}
                        </button>
                        <button type="button" id="import-keep-both" hidden=!here on:click=move |_| state.answer(lib, false)>"Keep both"</button>
                        <button type="button" id="import-cancel" on:click=move |_| state.cancel()>"Cancel import"</button>
                    </div>
                </div>
            }
        })}
    }
}
