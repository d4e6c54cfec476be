//! One pack on the packs page: its name, family, version and size; its entries
//! when opened; and what can be done with it (export a file, share a link, delete
//! with Undo). A built-in pack can be read, exported and shared, not deleted.

use super::entries_view::EntriesView;
use super::shelf::{Note, Shelf};
use crate::model::pack::Pack;
use crate::rules::symbaroum::labels;
use crate::rules::Ruleset;
use crate::ui::files::download;
use crate::ui::routing::{PacksAt, Route};
use crate::ui::share::{copy, link_to};
use leptos::prelude::*;

/// "12 entries" / "1 entry".
fn entries(n: usize) -> String {
    if n == 1 {
        "1 entry".into()
    } else {
        format!("{n} entries")
    }
}

/// A pack's card; `ruleset` is the built-in pack's, or None for a stored pack.
#[component]
pub fn PackCard(pack: Pack, ruleset: Option<Ruleset>) -> impl IntoView {
    let shelf = expect_context::<Shelf>();
    let open = RwSignal::new(false);
    let link = RwSignal::new(None::<String>);
    let heading = format!("pack-{}", pack.id);
    let labelled_by = heading.clone();
    let entries_id = format!("pack-entries-{}", pack.id);
    let facts = format!(
        "For {} · version {} · {}",
        pack.family.name(),
        pack.version,
        entries(pack.len())
    );
    let text = pack.to_text();
    let file = pack.file_name();
    let name = pack.name.clone();
    let export = move |_| {
        if let Err(e) = download(&file, &text, "application/json") {
            shelf.note.set(Some(Note::Failed(e)));
        }
    };
    let share_text = pack.to_text();
    let share_name = pack.name.clone();
    let share = move |_| {
        let text = share_text.clone();
        let name = share_name.clone();
        leptos::task::spawn_local(async move {
            let made = match link_to("pack", &text).await {
                Ok(made) => made,
                Err(e) => return shelf.note.set(Some(Note::Failed(e))),
            };
            link.set(Some(made.clone()));
            shelf.note.set(Some(if copy(&made).await {
                Note::Done(format!("Link to “{name}” copied to the clipboard. It holds the pack itself; whoever opens it is asked before it is added."))
            } else {
                Note::Failed("The browser would not copy the link: select it under the pack and copy it.".into())
            }));
        });
    };
    let id = pack.id.clone();
    let edit_id = pack.id.clone();
    let delete = move |_| shelf.delete(&id, name.clone());
    let labels = labels(ruleset.unwrap_or_else(|| super::words::words(pack.family)));
    let about =
        (!pack.about.is_empty()).then(|| view! { <p class="pack-about">{pack.about.clone()}</p> });
    let link_field = format!("pack-link-{}", pack.id);
    let shown = pack.clone();
    view! {
        <li class="card pack-card" aria-labelledby=labelled_by>
            <h3 id=heading>{pack.name.clone()}</h3>
            <p class="pack-facts">{facts}</p>
            {about}
            <div class="button-row">
                <button
                    type="button"
                    aria-expanded=move || open.get().to_string()
                    aria-controls=entries_id.clone()
                    on:click=move |_| open.update(|o| *o = !*o)
                >
                    {move || if open.get() { "Hide entries" } else { "Show entries" }}
                </button>
                <button type="button" on:click=export>"Export"</button>
                <button type="button" on:click=share>"Copy link"</button>
                {ruleset.is_none().then(|| view! {
                    <a class="button" href=Route::Packs(PacksAt::Edit(edit_id)).href()>"Edit"</a>
                    <button type="button" class="danger" on:click=delete>"Delete"</button>
                })}
            </div>
            {move || link.get().map(|value| view! {
                <div class="field share-link">
                    <label for=link_field.clone()>"Link to share"</label>
                    <input id=link_field.clone() type="text" readonly value=value
                        on:focus=move |ev| {
                            let el: web_sys::HtmlInputElement = event_target(&ev);
                            el.select();
                        }
                    />
                </div>
            })}
            // Drawn when opened: a pack may hold a thousand entries a list.
            <div id=entries_id>
                {move || open.get().then(|| view! { <EntriesView pack=shown.clone() labels/> })}
            </div>
        </li>
    }
}
