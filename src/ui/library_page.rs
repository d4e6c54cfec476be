//! The start screen: every character in this browser, searched by name and sorted by
//! last edit, name or ruleset (`storage::listing`).

use super::banners::QuarantineBanner;
use super::character_card::CharacterCard;
use super::import_export::{ImportButton, ImportState, ImportStatus};
use super::roster::Roster;
use super::routing::{go, sheet_href, Tab};
use super::share::read_shared_links;
use super::theme_switch::ThemeSwitch;
use crate::rules::Ruleset;
use crate::storage::listing::{arrange, SortBy};
use crate::storage::local::LocalBackend;
use crate::storage::prefs::{last_ruleset, set_last_ruleset};
use leptos::prelude::*;

/// The character list; `missing` is an address the app does not have, when that is
/// how the player got here; `shared` the data of a shared link it was opened with.
#[component]
pub fn LibraryPage(missing: Memo<Option<String>>, shared: Memo<Option<String>>) -> impl IntoView {
    let roster = expect_context::<Roster>();
    let import = ImportState::new();
    // The ruleset last chosen here, offered again.
    let ruleset = RwSignal::new(last_ruleset(&LocalBackend));
    let dragging = RwSignal::new(false);
    let export_error = RwSignal::new(None::<String>);
    read_shared_links(shared, import);
    let query = RwSignal::new(String::new());
    let sort = RwSignal::new(SortBy::default());
    let count = Memo::new(move |_| roster.entries.with(Vec::len));
    let ids = Memo::new(move |_| {
        let entries = roster.entries.get();
        // The search shows from two characters on; with fewer it finds everything.
        let q = if count.get() > 1 {
            query.get()
        } else {
            String::new()
        };
        arrange(entries, &q, sort.get())
    });
    // Why the list is empty, when it is (the element stays, so a screen reader hears
    // a search that finds nothing).
    let empty = move || {
        if !ids.with(Vec::is_empty) {
            String::new()
        } else if count.get() == 0 {
            "No characters yet. Create one above, or import a file.".into()
        } else {
            format!(
                "No character’s name has “{}”.",
                query.with(|q| q.trim().to_string())
            )
        }
    };
    // Until the documents' chunk is here (a first visit's first moments), the button
    // says it is at work: a tap is answered at once.
    let creating = RwSignal::new(false);
    let create = move |_| {
        let ruleset = ruleset.get_untracked();
        creating.set(roster.docs().is_none());
        roster.with_docs_or(Box::new(move |docs| {
            let _ = creating.try_set(false);
            if let Some(d) = docs {
                go(&sheet_href(&d.create(ruleset), Tab::Sheet));
            }
        }));
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        import.import_files(roster, ev.data_transfer().and_then(|d| d.files()));
    };
    view! {
        <QuarantineBanner/>
        <main
            class="library"
            data-screen="library"
            on:dragover=move |ev: web_sys::DragEvent| {
                ev.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop
        >
            {move || missing.get().map(|path| view! {
                <p class="banner warning" role="alert" id="no-such-page">
                    "There is no page at “" {path} "”, so here are your characters."
                </p>
            })}
            <header class="library-header">
                <div>
                    <h1>"Sheetwright"</h1>
                    <p class="tagline">"Your characters live in this browser, and work offline."</p>
                </div>
                <ThemeSwitch/>
            </header>
            <section class="card new-character" aria-labelledby="new-heading">
                <h2 id="new-heading">"New character"</h2>
                <div class="new-row">
                    <div class="field">
                        <label for="new-ruleset">"Ruleset"</label>
                        <select
                            id="new-ruleset"
                            aria-describedby="new-ruleset-about"
                            on:change=move |ev| {
                                if let Some(r) = Ruleset::from_id(&event_target_value(&ev)) {
                                    ruleset.set(r);
                                    // Not kept (storage full or disabled): still used now.
                                    let _ = set_last_ruleset(&mut LocalBackend, r);
                                }
                            }
                        >
                            {Ruleset::ALL
                                .into_iter()
                                .map(|r| view! { <option value=r.id() selected=r == ruleset.get_untracked()>{r.name()}</option> })
                                .collect_view()}
                        </select>
                        <p class="field-hint" id="new-ruleset-about">{move || ruleset.get().about()}</p>
                    </div>
                    <button type="button" class="primary" id="new-character" on:click=create disabled=creating aria-busy=move || creating.get().to_string()>
                        {move || if creating.get() { "Creating…" } else { "Create" }}
                    </button>
                </div>
            </section>
            <section class="library-actions" aria-label="Import and export">
                <ImportButton state=import/>
                <button
                    type="button"
                    id="export-all"
                    disabled=move || roster.entries.with(Vec::is_empty)
                    on:click=move |_| roster.with_docs(move |d| export_error.set(d.export(None).err()))
                >"Export all"</button>
                <a href="#/packs" class="button" id="packs-link">"Campaign packs"</a>
                <a href="#/table" class="button" id="table-link">"Game master's table"</a>
                <span class="hint drop-hint">"or drop a .json file here"</span>
            </section>
            <p class="field-error">{move || export_error.get()}</p>
            <ImportStatus state=import/>
            <section aria-labelledby="list-heading">
                <h2 id="list-heading">"Characters"</h2>
                <div class="list-tools" role="search" hidden=move || { count.get() < 2 }>
                    <div class="field">
                        <label for="list-search">"Search by name"</label>
                        <input
                            id="list-search"
                            type="search"
                            autocomplete="off"
                            on:input=move |ev| query.set(event_target_value(&ev))
                        />
                    </div>
                    <div class="field">
                        <label for="list-sort">"Sort by"</label>
                        <select
                            id="list-sort"
                            on:change=move |ev| {
                                if let Some(s) = SortBy::from_id(&event_target_value(&ev)) {
                                    sort.set(s);
                                }
                            }
                        >
                            {SortBy::ALL
                                .into_iter()
                                .map(|s| view! { <option value=s.id()>{s.label()}</option> })
                                .collect_view()}
                        </select>
                    </div>
                </div>
                <p class="empty" role="status">{empty}</p>
                <ul class="character-list" aria-labelledby="list-heading">
                    <For each=move || ids.get() key=|id| id.clone() let:id>
                        <CharacterCard id/>
                    </For>
                </ul>
            </section>
            <Show when=move || dragging.get()>
                <div class="drop-overlay" aria-hidden="true">"Drop the file to import it"</div>
            </Show>
        </main>
    }
}
