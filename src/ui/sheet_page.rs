//! A character's sheet as a page: a bar back to the list, the sheet, and notes. The
//! sheet edits its own signal; changes flow into the library (and so to the store),
//! and changes from another tab flow back.

use super::heimr::HeimrSheetView;
use super::library_state::Library;
use super::notes_field::NotesField;
use super::routing::Route;
use super::CharacterSheet;
use crate::rules::Ruleset;
use leptos::prelude::*;

#[component]
pub fn SheetPage(id: String) -> impl IntoView {
    let lib = expect_context::<Library>();
    let Some(start) = lib.get(&id) else {
        return view! {
            <main class="sheet-missing">
                <p>"That character is not in this browser. It may have been deleted, or saved in another browser."</p>
                <a href=Route::Library.href() class="button">"Back to the characters"</a>
            </main>
        }
        .into_any();
    };
    lib.open_id.set(Some(id.clone()));
    let current = RwSignal::new(start);
    // Sheet → library: every edit goes to memory and is scheduled for saving.
    Effect::new(move |_| {
        let c = current.get();
        lib.upsert(c);
    });
    // Library → sheet: a change from another tab replaces what is shown.
    let id_watch = id.clone();
    Effect::new(move |_| {
        let latest = lib
            .characters
            .with(|cs| cs.iter().find(|c| c.id == id_watch).cloned());
        match latest {
            Some(c) => {
                if current.with_untracked(|cur| *cur != c) {
                    current.set(c);
                }
            }
            None => super::routing::navigate(&Route::Library),
        }
    });
    // Only a change of family swaps the sheet; edits never re-render it.
    let is_heimr = Memo::new(move |_| current.with(|c| c.ruleset == Ruleset::Heimr));
    on_cleanup(move || {
        lib.flush();
        lib.open_id.set(None);
    });
    view! {
        <div class="sheet-page">
            <nav class="topbar" aria-label="Character">
                <a href=Route::Library.href() class="back" id="back-to-list">"← Characters"</a>
                <span class="topbar-name">{move || current.with(|c| c.display_name().to_string())}</span>
            </nav>
            {move || {
                if is_heimr.get() {
                    view! { <HeimrSheetView character=current/> }.into_any()
                } else {
                    view! { <CharacterSheet character=current/> }.into_any()
                }
            }}
            <div class="sheet-extra">
                <NotesField character=current/>
            </div>
        </div>
    }
    .into_any()
}
