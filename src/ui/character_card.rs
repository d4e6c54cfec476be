//! One character in the list: open, rename, duplicate, export, delete.

use super::clock::now;
use super::roster::Roster;
use super::routing::{sheet_href, Tab};
use super::share::{ShareButton, ShareLink};
use crate::model::check_name;
use crate::storage::listing::Entry;
use leptos::prelude::*;

/// "just now", "5 minutes ago", "3 hours ago", "2 days ago", or a date.
pub fn edited_text(then: f64, now: f64) -> String {
    let secs = ((now - then) / 1000.0).max(0.0) as u64;
    match secs {
        0..=59 => "Edited just now".into(),
        60..=119 => "Edited a minute ago".into(),
        120..=3599 => format!("Edited {} minutes ago", secs / 60),
        3600..=7199 => "Edited an hour ago".into(),
        7200..=86_399 => format!("Edited {} hours ago", secs / 3600),
        86_400..=172_799 => "Edited yesterday".into(),
        _ => {
            let d = js_sys::Date::new(&then.into());
            format!(
                "Edited {}",
                d.to_locale_date_string("default", &wasm_bindgen::JsValue::UNDEFINED)
            )
        }
    }
}

#[component]
pub fn CharacterCard(id: String) -> impl IntoView {
    let roster = expect_context::<Roster>();
    // What the card shows: its entry in the list (a roll or an edit elsewhere on the
    // sheet does not redraw the card).
    let character = {
        let id = id.clone();
        Memo::new(move |_| {
            roster
                .entries
                .with(|es| es.iter().find(|e| e.id == id).cloned())
        })
    };
    let renaming = RwSignal::new(false);
    let draft = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let href = sheet_href(&id, Tab::Sheet);
    let name = move || character.with(|c| c.as_ref().map(|c| c.name.clone()).unwrap_or_default());
    let ruleset =
        move || character.with(|c| c.as_ref().map(|c| c.ruleset.name()).unwrap_or_default());
    let edited = move || {
        character.with(|c| {
            c.as_ref()
                .map(|c| edited_text(c.updated, now()))
                .unwrap_or_default()
        })
    };
    let numbers =
        move || character.with(|c| c.as_ref().map(|c| c.numbers.clone()).unwrap_or_default());
    let input_id = format!("rename-{id}");
    let link = RwSignal::new(None::<String>);

    let id_save = id.clone();
    let save = move || match check_name(&draft.get_untracked()) {
        Ok(n) => {
            let id = id_save.clone();
            roster.with_docs(move |d| d.rename(&id, n));
            renaming.set(false);
            error.set(None);
        }
        Err(e) => error.set(Some(e)),
    };
    let save2 = save.clone();
    let id_dup = id.clone();
    let id_del = id.clone();
    let id_exp = id.clone();
    view! {
        <li class="card character-card" data-id=id.clone()>
            <Show
                when=move || renaming.get()
                fallback=move || view! {
                    <a class="open-character" href=href.clone()>
                        <span class="character-name">{name}</span>
                        <span class="meta"><span class="ruleset-tag">{ruleset}</span> " " <span class="edited">{edited}</span></span>
                        <span class="card-numbers">{numbers}</span>
                    </a>
                }
            >
                <div class="field rename-field" class:invalid=move || error.with(Option::is_some)>
                    <label for=input_id.clone()>"New name"</label>
                    <input
                        id=input_id.clone()
                        class="rename-input"
                        type="text"
                        prop:value=move || draft.get()
                        on:input=move |ev| draft.set(event_target_value(&ev))
                        on:keydown={
                            let save = save.clone();
                            move |ev: web_sys::KeyboardEvent| match ev.key().as_str() {
                                "Enter" => save(),
                                "Escape" => renaming.set(false),
                                _ => {}
                            }
                        }
                    />
                    <p class="field-error">{move || error.get()}</p>
                </div>
            </Show>
            // On a phone the card is what opens the character, and its five actions
            // wait behind "⋯"; with room for them (style/library.css) they show at
            // once and "⋯" is not drawn. A plain <details>: no code to open it.
            <details class="card-menu">
                <summary><span aria-hidden="true">"⋯"</span><span class="sr-only">{move || format!("Actions for {}", name())}</span></summary>
                <div class="button-row card-actions">
                    <Show
                        when=move || renaming.get()
                        fallback=move || view! {
                            <button type="button" class="rename" on:click=move |_| {
                                draft.set(character.with_untracked(|c| c.as_ref().map(|c: &Entry| c.typed.clone()).unwrap_or_default()));
                                error.set(None);
                                renaming.set(true);
                            }>"Rename"</button>
                        }
                    >
                        <button type="button" class="rename-save primary" on:click={
                            let save = save2.clone();
                            move |_| save()
                        }>"Save name"</button>
                        <button type="button" on:click=move |_| renaming.set(false)>"Cancel"</button>
                    </Show>
                    <button type="button" class="duplicate" on:click={
                        let id = id_dup.clone();
                        move |_| {
                            let id = id.clone();
                            roster.with_docs(move |d| d.duplicate(&id));
                        }
                    }>"Duplicate"</button>
                    <ShareButton link id=id.clone()/>
                    <button type="button" class="export" on:click={
                        let id = id_exp.clone();
                        move |_| {
                            let id = id.clone();
                            roster.with_docs(move |d| {
                                let _ = d.export(Some(&id));
                            });
                        }
                    }>"Export"</button>
                    <button type="button" class="delete danger" on:click={
                        let id = id_del.clone();
                        move |_| {
                            let id = id.clone();
                            roster.with_docs(move |d| d.delete(&id));
                        }
                    }>"Delete"</button>
                </div>
            </details>
            <ShareLink link id=id.clone()/>
        </li>
    }
}
