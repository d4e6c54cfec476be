//! The start screen: every character in this browser, newest edit first.

use super::banners::QuarantineBanner;
use super::character_card::CharacterCard;
use super::import_export::{export_characters, ImportButton, ImportState, ImportStatus};
use super::library_state::Library;
use super::routing::{go, sheet_href, Tab};
use super::theme_switch::ThemeSwitch;
use crate::rules::Ruleset;
use leptos::prelude::*;

/// The character list; `missing` is an address the app does not have, when that is
/// how the player got here.
#[component]
pub fn LibraryPage(missing: Memo<Option<String>>) -> impl IntoView {
    let lib = expect_context::<Library>();
    let import = ImportState::new();
    let ruleset = RwSignal::new(Ruleset::default());
    let dragging = RwSignal::new(false);
    let export_error = RwSignal::new(None::<String>);
    let ids = Memo::new(move |_| {
        lib.characters.with(|cs| {
            let mut v: Vec<(f64, String)> = cs
                .iter()
                .map(|s| s.with(|c| (c.updated, c.id.clone())))
                .collect();
            v.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            v.into_iter().map(|(_, id)| id).collect::<Vec<_>>()
        })
    });
    let create = move |_| {
        let id = lib.create(ruleset.get_untracked());
        go(&sheet_href(&id, Tab::Sheet));
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        import.import_files(lib, ev.data_transfer().and_then(|d| d.files()));
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
                            on:change=move |ev| {
                                if let Some(r) = Ruleset::from_id(&event_target_value(&ev)) {
                                    ruleset.set(r);
                                }
                            }
                        >
                            {Ruleset::ALL
                                .into_iter()
                                .map(|r| view! { <option value=r.id() selected=r == Ruleset::default()>{r.name()}</option> })
                                .collect_view()}
                        </select>
                    </div>
                    <button type="button" class="primary" id="new-character" on:click=create>"Create"</button>
                </div>
            </section>
            <section class="library-actions" aria-label="Import and export">
                <ImportButton state=import/>
                <button
                    type="button"
                    id="export-all"
                    disabled=move || lib.characters.with(Vec::is_empty)
                    on:click=move |_| export_error.set(export_characters(&lib.snapshot()).err())
                >"Export all"</button>
                <span class="hint">"or drop a .json file here"</span>
            </section>
            <p class="field-error">{move || export_error.get()}</p>
            <ImportStatus state=import/>
            <section aria-labelledby="list-heading">
                <h2 id="list-heading">"Characters"</h2>
                <Show
                    when=move || !ids.with(Vec::is_empty)
                    fallback=|| view! { <p class="empty">"No characters yet. Create one above, or import a file."</p> }
                >
                    <ul class="character-list">
                        <For each=move || ids.get() key=|id| id.clone() let:id>
                            <CharacterCard id/>
                        </For>
                    </ul>
                </Show>
            </section>
            <Show when=move || dragging.get()>
                <div class="drop-overlay" aria-hidden="true">"Drop the file to import it"</div>
            </Show>
        </main>
    }
}
