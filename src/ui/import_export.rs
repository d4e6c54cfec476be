//! Import (file picker, drag-and-drop, a shared link): the buttons, the outcome and
//! the question. A failed import touches nothing; a character whose id is already
//! here asks: replace, or keep both; a character from a shared link is first offered,
//! and imported only when the player says so. Reading and checking the characters,
//! and keeping them while the question waits, is the documents chunk's (`imports`).

use super::roster::Roster;
use leptos::html;
use leptos::prelude::*;

/// Leaves a shared link's address once its question is answered, so neither a reload
/// nor Back asks again.
pub fn leave_shared_link() {
    if shared_data().is_some() {
        super::routing::replace(&super::routing::library_href());
    }
}

/// The data of the shared link on screen, if the address is one.
fn shared_data() -> Option<String> {
    let hash = window().location().hash().ok()?;
    hash.strip_prefix("#/share/").map(str::to_string)
}

/// An import's open question: about a character already here (replace, or keep
/// both), or one a shared link holds (import it, or not).
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    pub text: String,
    /// The character is already here.
    pub here: bool,
}

/// What the import area shows: the last import's outcome and any open question.
#[derive(Clone, Copy)]
pub struct ImportState {
    /// (succeeded, message)
    pub message: RwSignal<Option<(bool, String)>>,
    pub question: RwSignal<Option<Question>>,
}

impl ImportState {
    pub fn new() -> Self {
        ImportState {
            message: RwSignal::new(None),
            question: RwSignal::new(None),
        }
    }

    /// Has the file dropped or picked read, checked and added (or asked about), by
    /// the documents chunk.
    pub fn import_files(self, roster: Roster, files: Option<web_sys::FileList>) {
        if let Some(files) = files {
            roster.with_docs(move |d| d.import_files(self, files));
        }
    }
}

/// The Import button: opens the file picker.
#[component]
pub fn ImportButton(state: ImportState) -> impl IntoView {
    let roster = expect_context::<Roster>();
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
                state.import_files(roster, el.files());
                el.set_value("");
            }
        />
    }
}

/// The outcome of the last import, and the replace-or-keep-both question.
#[component]
pub fn ImportStatus(state: ImportState) -> impl IntoView {
    let roster = expect_context::<Roster>();
    let answer = move |replace| roster.with_docs(move |d| d.answer(state, replace));
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
        {move || state.question.get().map(|Question { text, here }| {
            view! {
                <div class="card conflict" role="alertdialog" aria-labelledby="conflict-text" id="import-conflict">
                    <p id="conflict-text">{text}</p>
                    <div class="button-row">
                        <button type="button" id="import-replace" on:click=move |_| answer(true)>
                            {if here { "Replace" } else { "Import" }}
                        </button>
                        <button type="button" id="import-keep-both" hidden=!here on:click=move |_| answer(false)>"Keep both"</button>
                        // A shared link's character may go to a game master's table instead.
                        {shared_data().map(|data| view! {
                            <a class="button" href=format!("#/table-add/{data}")>"Add to a table…"</a>
                        })}
                        <button type="button" id="import-cancel" on:click=move |_| roster.with_docs(move |d| d.cancel_import(state))>"Cancel import"</button>
                    </div>
                </div>
            }
        })}
    }
}
