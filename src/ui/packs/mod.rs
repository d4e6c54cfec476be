//! The campaign packs page (issue #32, `#/packs`): the packs this browser keeps and
//! the built-in ones, a pack imported from a file or opened from a link
//! (`#/pack/<data>`), asked about before it is stored, and each pack exported as a
//! file or shared as a link. A chunk of its own (`ui::split_points::packs_page`), loaded
//! within the Symbaroum family's Gear & XP tab's (`scripts/split.mjs`), whose add
//! forms are where a pack's entries will be taken into a character.

mod editor;
mod entries_view;
mod new_pack;
mod notices;
mod pack_card;
mod shelf;
mod words;

use crate::model::pack::builtin::builtin_text;
use crate::model::pack::read::read_pack;
use crate::model::pack::Pack;
use crate::rules::Ruleset;
use crate::storage::packs::PACK_PREFIX;
use crate::ui::files::read_file;
use crate::ui::routing::{library_href, replace, PacksAt, Route};
use crate::ui::share::open_link;
use editor::PackEditor;
use leptos::html;
use leptos::prelude::*;
use new_pack::NewPack;
use notices::{ArrivedQuestion, PackNotes, SetAside};
use pack_card::PackCard;
use shelf::{Note, Shelf};

/// The page, for the chunk's split point: the list (with the data of a pack's link
/// when opened from one) or a pack's editor, as the route says.
pub fn packs_page(at: Memo<Option<PacksAt>>) -> AnyView {
    let shelf = Shelf::open();
    provide_context(shelf);
    // Leaving the page makes a deletion final.
    on_cleanup(move || shelf.end_undo());
    let editing = Memo::new(move |_| match at.get() {
        Some(PacksAt::Edit(id)) => Some(id),
        _ => None,
    });
    let link = Memo::new(move |_| match at.get() {
        Some(PacksAt::List(data)) => data,
        _ => None,
    });
    (move || match editing.get() {
        Some(id) => view! { <PackEditor id/> }.into_any(),
        None => view! { <PacksPage link/> }.into_any(),
    })
    .into_any()
}

/// A pack's key in the list: a new version or other contents draw its card anew.
fn key(p: &Pack) -> (String, u32, u64, String) {
    (p.id.clone(), p.version, p.updated.to_bits(), p.name.clone())
}

#[component]
fn PacksPage(link: Memo<Option<String>>) -> impl IntoView {
    let shelf = expect_context::<Shelf>();
    // A pack's link: read and offered; the address becomes `#/packs`, so neither a
    // reload nor Back asks again.
    Effect::new(move |_| {
        let Some(data) = link.get() else { return };
        leptos::task::spawn_local(async move {
            match open_link(&data).await {
                Ok(bytes) => shelf.arrive(&bytes),
                Err(e) => shelf.note.set(Some(Note::Failed(e))),
            }
            replace(&Route::Packs(PacksAt::List(None)).href());
        });
    });
    // Another tab added, changed or removed a pack.
    let on_storage = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().is_none_or(|k| k.starts_with(PACK_PREFIX)) {
            shelf.reload();
        }
    });
    on_cleanup(move || on_storage.remove());
    let input = NodeRef::<html::Input>::new();
    let picked = move |ev: leptos::ev::Event| {
        let el: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = el.files().and_then(|f| f.get(0)) else {
            return;
        };
        el.set_value("");
        let name = file.name();
        leptos::task::spawn_local(async move {
            match read_file(file).await {
                Ok(bytes) => shelf.arrive(&bytes),
                Err(e) => shelf.note.set(Some(Note::Failed(format!("{name}: {e}")))),
            }
        });
    };
    let empty = move || {
        shelf.packs.with(Vec::is_empty).then(|| {
            view! { <p class="empty">"No packs yet. Import one from a file, or open a link a game master sent."</p> }
        })
    };
    view! {
        <main class="library packs" data-screen="packs">
            <header class="library-header">
                <div>
                    <h1>"Campaign packs"</h1>
                    <p class="tagline">"Your table's own abilities, gear and skills, shared by a file or a link."</p>
                </div>
                <a href=library_href() class="button">"Back to the characters"</a>
            </header>
            <section class="library-actions" aria-label="Import a pack">
                <button type="button" id="pack-import" on:click=move |_| {
                    if let Some(i) = input.get() {
                        i.click();
                    }
                }>"Import a pack…"</button>
                <input node_ref=input id="pack-file" type="file" accept=".json,application/json"
                    hidden tabindex="-1" aria-hidden="true" on:change=picked/>
            </section>
            <NewPack/>
            <ArrivedQuestion/>
            <PackNotes/>
            <SetAside/>
            <section aria-labelledby="your-packs">
                <h2 id="your-packs">"Your packs"</h2>
                {empty}
                <ul class="pack-list" aria-labelledby="your-packs">
                    <For each=move || shelf.packs.get() key=key let:pack>
                        <PackCard pack ruleset=None/>
                    </For>
                </ul>
            </section>
            <section aria-labelledby="built-in-packs">
                <h2 id="built-in-packs">"Built in"</h2>
                <p class="hint">"What the games' source documents name, in each ruleset's words."</p>
                <ul class="pack-list" aria-labelledby="built-in-packs">
                    // As shipped (`builtin_text`, checked against the code by a test).
                    {Ruleset::ALL
                        .into_iter()
                        .filter_map(|r| read_pack(builtin_text(r)).ok().map(|pack| (r, pack)))
                        .map(|(r, pack)| view! { <PackCard pack ruleset=Some(r)/> })
                        .collect_view()}
                </ul>
            </section>
        </main>
    }
}
