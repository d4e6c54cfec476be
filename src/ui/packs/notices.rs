//! What the packs page says and asks: the question for a pack that arrived from a
//! file or a link (nothing is stored before the answer), the outcome of the last
//! action with every problem of a refused pack, the Undo of a deletion, and the packs
//! set aside because they could not be read.

use super::entries_view::EntriesView;
use super::shelf::{Arrived, Note, Shelf};
use crate::rules::symbaroum::labels;
use crate::storage::packs::Offer;
use crate::ui::files::download;
use leptos::prelude::*;

/// The question for a pack that arrived: its words and the two answers' labels.
fn asked(a: &Arrived) -> (String, &'static str, &'static str) {
    let p = &a.pack;
    let size = match p.len() {
        1 => "1 entry".to_string(),
        n => format!("{n} entries"),
    };
    match a.offer {
        Offer::New => (
            format!("Add “{}”? A pack for {}, version {}, {size}. It stays in this browser.", p.name, p.family.name(), p.version),
            "Add the pack",
            "Not now",
        ),
        Offer::Newer { have } => (
            format!("You have version {have} of “{}”. Update it to version {} ({size})?", p.name, p.version),
            "Update",
            "Not now",
        ),
        Offer::Older { have } => (
            format!("You have a newer version of “{}” ({have}); this one is version {}. Keep yours, or replace it with the older one?", p.name, p.version),
            "Replace with the older one",
            "Keep yours",
        ),
        Offer::Differs | Offer::Same => (
            format!("You have “{}” version {} with other contents. Keep yours, or replace it with this one?", p.name, p.version),
            "Replace yours",
            "Keep yours",
        ),
    }
}

/// The open question, if a pack arrived.
#[component]
pub fn ArrivedQuestion() -> impl IntoView {
    let shelf = expect_context::<Shelf>();
    move || {
        shelf.arrived.get().map(|a| {
            let (text, yes, no) = asked(&a);
            let ruleset = super::words::words(a.pack.family);
            view! {
                <div class="card conflict" role="alertdialog" aria-labelledby="pack-question" id="pack-arrived">
                    <p id="pack-question">{text}</p>
                    {(!a.changes.is_empty()).then(|| view! {
                        <p class="pack-changes-heading">"What it changes:"</p>
                        <ul class="pack-problems">
                            {a.changes.iter().map(|c| view! { <li>{c.clone()}</li> }).collect_view()}
                        </ul>
                    })}
                    <details>
                        <summary>"What it holds"</summary>
                        <EntriesView pack=a.pack.clone() labels=labels(ruleset)/>
                    </details>
                    <div class="button-row">
                        <button type="button" class="primary" on:click=move |_| shelf.answer(true)>{yes}</button>
                        <button type="button" on:click=move |_| shelf.answer(false)>{no}</button>
                    </div>
                </div>
            }
        })
    }
}

/// The last action's outcome, and the Undo of a deletion.
#[component]
pub fn PackNotes() -> impl IntoView {
    let shelf = expect_context::<Shelf>();
    let note = move || {
        shelf.note.get().map(|n| {
            let (bad, lead, problems) = match n {
                Note::Done(t) => (false, t, Vec::new()),
                Note::Failed(t) => (true, t, Vec::new()),
                Note::Refused(r) => (true, r.lead, r.problems),
            };
            view! {
                <div id="pack-message" class="notice" class:bad=bad role=if bad { "alert" } else { "status" }>
                    <div>
                        <span>{lead}</span>
                        {(!problems.is_empty()).then(|| view! {
                            <ul class="pack-problems">
                                {problems.into_iter().map(|p| view! { <li>{p.to_string()}</li> }).collect_view()}
                            </ul>
                        })}
                    </div>
                    <button type="button" class="close" aria-label="Dismiss" on:click=move |_| shelf.note.set(None)>"×"</button>
                </div>
            }
        })
    };
    let deleted = move || {
        shelf.deleted.get().map(|(_, name)| {
            view! {
                <div class="notice" role="status" id="pack-deleted">
                    <span>{format!("“{name}” deleted.")}</span>
                    <button type="button" on:click=move |_| shelf.undo()>"Undo"</button>
                </div>
            }
        })
    };
    view! { {note} {deleted} }
}

/// Packs that could not be read: kept as they were, to download or discard.
#[component]
pub fn SetAside() -> impl IntoView {
    let shelf = expect_context::<Shelf>();
    move || {
        shelf.set_aside.get().into_iter().map(|(key, text, why)| {
            let gone = key.clone();
            let save = move |_| {
                if let Err(e) = download("unreadable-pack.json", &text, "application/json") {
                    shelf.note.set(Some(Note::Failed(e)));
                }
            };
            view! {
                <div class="notice bad" role="alert">
                    <span>{format!("A saved pack could not be read and was set aside, unchanged: {why}")}</span>
                    <div class="button-row">
                        <button type="button" on:click=save>"Download its text"</button>
                        <button type="button" on:click=move |_| shelf.discard_set_aside(&gone)>"Discard"</button>
                    </div>
                </div>
            }
        }).collect_view()
    }
}
