//! Leptos components, one concern per file, named after what the player sees.

mod about_card;
pub mod advance;
mod attribute_field;
mod attribute_guidance;
pub mod banners;
mod breakdown_toggle;
mod character_card;
mod chunk_failed;
pub mod clock;
pub mod combat;
mod combat_rolls;
mod creation_card;
mod derived_values;
mod files;
mod focus;
pub mod heimr;
mod import_export;
mod imports;
mod library_page;
pub mod library_state;
mod live;
mod loader;
mod long_list;
mod modifier_row;
mod modifiers_editor;
mod name_field;
mod notes_field;
mod number_field;
mod offered_rows;
mod pack_pick;
pub mod pack_use;
mod packs;
mod part;
mod parts;
mod print_all;
pub mod roll_log;
pub mod roll_panel;
pub mod roster;
pub mod routing;
mod row_editor;
pub mod row_values;
mod ruleset_select;
mod section_nav;
mod share;
mod sheet;
mod sheet_page;
mod sheet_styles;
mod slots;
mod split_points;
mod table;
mod theme_switch;
mod undo;
mod update_page;
mod update_question;

pub use about_card::AboutCard;
pub use attribute_field::AttributeField;
pub use derived_values::DerivedValues;
pub use live::Live;
pub use name_field::NameField;
pub use part::Part;
pub use sheet::{combat_tab, gear_tab, CharacterSheet, SymbaroumTabs};
pub use slots::*;

use banners::{SaveWarning, ToastView, UpdateBanner};
use leptos::prelude::*;
use library_page::LibraryPage;
use roster::Roster;
use routing::use_route;
use split_points::{fetch_documents, page_view, Page};
use wasm_bindgen::JsCast;

/// Mounts the app on the page's body.
pub fn start() {
    console_error_panic_hook::set_once();
    // Inside another page's frame, that page could lay its own buttons over ours (over
    // "Replace" in an import's question, say): the app does not start there.
    let w = window();
    if w.top()
        .ok()
        .flatten()
        .is_some_and(|top| !js_sys::Object::is(&top, &w))
    {
        if let Some(frame) = document().get_element_by_id("app-frame") {
            frame.remove();
        }
        leptos::mount::mount_to_body(Framed);
        return;
    }
    // The frame `index.html` paints while the wasm loads.
    if let Some(frame) = document().get_element_by_id("app-frame") {
        frame.remove();
        loader::FRAME_SHOWN.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    leptos::mount::mount_to_body(App);
}

/// What shows instead of the app inside another page's frame.
#[component]
fn Framed() -> impl IntoView {
    let here = window().location().href().unwrap_or_default();
    view! {
        <main class="library" data-screen="framed">
            <h1>"Sheetwright"</h1>
            <p class="banner warning" role="alert">
                "Sheetwright does not run inside another page, so that no page can put its own buttons over yours. "
                <a href=here target="_blank" rel="noopener">"Open Sheetwright on its own"</a>
            </p>
        </main>
    }
}

/// The whole app: the character list or a character's sheet, by route, with the
/// app-wide messages.
#[component]
pub fn App() -> impl IntoView {
    theme_switch::apply_saved_theme();
    let roster = Roster::read(fetch_documents);
    provide_context(roster);
    // The documents once the list is drawn (a sheet or an action fetches them at once),
    // then the sheet most likely to be opened next.
    request_idle_callback(move || {
        leptos::task::spawn_local(async move {
            let _ = roster.load().await;
            split_points::warm_sheet(roster).await;
        })
    });

    // Nothing typed is lost when the tab is hidden, closed or reloaded (before the
    // documents are here, nothing can have been typed).
    let flush = move || {
        if let Some(d) = roster.docs() {
            d.flush();
        }
    };
    let on_hide = window_event_listener(leptos::ev::pagehide, move |_| flush());
    let on_visibility = window_event_listener(leptos::ev::visibilitychange, move |_| {
        if document().visibility_state() == web_sys::VisibilityState::Hidden {
            flush();
        }
    });
    // Another tab wrote to the store.
    let on_storage = window_event_listener(leptos::ev::storage, move |ev| {
        let ev: &web_sys::StorageEvent = ev.unchecked_ref();
        let local = window().local_storage().ok().flatten();
        let same_area = match (ev.storage_area(), local) {
            (Some(a), Some(l)) => a == l,
            _ => false,
        };
        // Before the documents are here, they read the store as it is when they come.
        if let (true, Some(d)) = (same_area, roster.docs()) {
            d.apply_remote(ev.key(), ev.new_value());
        }
    });
    on_cleanup(move || {
        on_hide.remove();
        on_visibility.remove();
        on_storage.remove();
    });

    let route = use_route();
    // The open character changes only when the id does: switching its tabs keeps the
    // sheet (and its scroll, open panels, typed text and undo) mounted.
    let open = Memo::new(move |_| route.with(|r| r.character_id().map(str::to_string)));
    // Leaving the sheet keeps the tab as it was: the sheet being dropped is not told of
    // a tab change it would only redraw for.
    let tab = Memo::new(move |prev: Option<&routing::Tab>| match route.get() {
        routing::Route::Sheet(_, tab) => tab,
        _ => prev.copied().unwrap_or(routing::Tab::Sheet),
    });
    let missing = Memo::new(move |_| match route.get() {
        routing::Route::Missing(path) => Some(path),
        _ => None,
    });
    let shared = Memo::new(move |_| match route.get() {
        routing::Route::Share(data) => Some(data),
        _ => None,
    });
    // Where on the packs page, when it is on screen.
    let packs = Memo::new(move |_| match route.get() {
        routing::Route::Packs(at) => Some(at),
        _ => None,
    });
    let on_packs = Memo::new(move |_| packs.with(Option::is_some));
    // Where among the game master's tables, when they are on screen.
    let table = Memo::new(move |_| match route.get() {
        routing::Route::Table(at) => Some(at),
        _ => None,
    });
    let on_table = Memo::new(move |_| table.with(Option::is_some));
    // A game master's update link's data, when one is open.
    let update = Memo::new(move |_| match route.get() {
        routing::Route::Update(data) => Some(data),
        _ => None,
    });
    let on_update = Memo::new(move |_| update.with(Option::is_some));
    view! {
        <UpdateBanner/>
        <SaveWarning/>
        {move || match (open.get(), on_packs.get(), on_table.get(), on_update.get()) {
            (Some(id), ..) => page_view(Page::Sheet(id, tab)).into_any(),
            (None, true, ..) => page_view(Page::Packs(packs)).into_any(),
            (None, _, true, _) => page_view(Page::Table(table)).into_any(),
            (None, .., true) => page_view(Page::Update(update)).into_any(),
            _ => view! { <LibraryPage missing shared/> }.into_any(),
        }}
        <ToastView page=open/>
    }
}
