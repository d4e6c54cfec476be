//! A pack's editor (`#/packs/<id>`), for the game master: its name, description and
//! version, and its entries (a Symbaroum-family pack's abilities, items, weapons,
//! armor and weapon qualities; a Heimr
//! pack's abilities, conditions and pool maxima). Every edit goes through
//! `model::pack::edit`, is refused at its field when it would make a problem, can be
//! undone, and is saved at once (`editing.rs`).

mod abilities;
mod editing;
mod entry_list;
mod fields;
mod gear;
mod heimr;
mod items;
mod level_block;
mod pack_words;
mod qualities;

use super::shelf::Shelf;
use crate::model::pack::edit::edited;
use crate::model::pack::{Family, ABOUT_MAX};
use crate::storage::local::LocalBackend;
use crate::storage::packs::PackStore;
use crate::ui::routing::{PacksAt, Route};
use editing::Editing;
use fields::CommitField;
use leptos::prelude::*;
use pack_words::{words_choice, PackWords};

#[component]
pub fn PackEditor(id: String) -> impl IntoView {
    let shelf = expect_context::<Shelf>();
    let back = Route::Packs(PacksAt::List(None)).href();
    let Some(pack) = shelf
        .packs
        .with_untracked(|ps| ps.iter().find(|p| p.id == id).cloned())
    else {
        return view! {
            <main class="library packs" data-screen="packs">
                <h1>"Campaign packs"</h1>
                <p role="alert">"That pack is not in this browser. It may have been deleted."</p>
                <a href=back class="button">"Back to the packs"</a>
            </main>
        }
        .into_any();
    };
    let family = pack.family;
    let editing = Editing::new(pack, shelf);
    provide_context(editing);
    let words = PackWords::new(super::words::words(family));
    provide_context(words);
    // Another tab saved this pack: show its version.
    let key = PackStore::<LocalBackend>::key(&id);
    let on_storage = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().as_deref() == Some(key.as_str()) {
            if let Some((p, over)) = PackStore::new(LocalBackend).read_over(&id) {
                editing.take_remote(p, over);
            }
        }
    });
    on_cleanup(move || on_storage.remove());
    let p = editing.pack;
    let name = move || p.with(|p| p.name.clone());
    let about = move || p.with(|p| p.about.clone());
    let rename = Callback::new(move |v: String| {
        editing.edit(|p| edited(p, |p| p.name = v.trim().to_string()))
    });
    let describe = Callback::new(move |v: String| {
        if v.chars().count() > ABOUT_MAX {
            return Err(format!("A description is at most {ABOUT_MAX} characters."));
        }
        editing.edit(|p| edited(p, |p| p.about = v))
    });
    let version = move || p.with(|p| p.version);
    let raise = move |_| {
        let _ = editing.edit(|p| edited(p, |p| p.version += 1));
    };
    let entries = move || match family {
        // Drawn again in the words chosen.
        Family::Symbaroum => {
            words.track();
            view! {
                <abilities::AbilitiesSection/>
                <items::ItemsSection/>
                <gear::WeaponsSection/>
                <gear::ArmorSection/>
                <qualities::QualitiesSection/>
            }
            .into_any()
        }
        Family::Heimr => view! { <heimr::HeimrSection/> }.into_any(),
    };
    view! {
        <main class="library packs pack-editor" data-screen="packs">
            <header class="library-header">
                <div>
                    <h1>{move || name()}</h1>
                    <p class="tagline">{format!("A pack for {}", family.name())}</p>
                </div>
                <a href=back class="button">"Back to the packs"</a>
            </header>
            <div class="button-row">
                <button type="button" disabled=move || !editing.can_undo.get() on:click=move |_| editing.undo()>"Undo"</button>
                <button type="button" disabled=move || !editing.can_redo.get() on:click=move |_| editing.redo()>"Redo"</button>
            </div>
            {move || editing.save_error.get().map(|e| view! { <p class="notice bad" role="alert">{e}</p> })}
            {move || editing.remote.get().map(|said| view! { <p class="notice" role="status">{said}</p> })}
            <section class="card" aria-labelledby="pack-about-heading">
                <h2 id="pack-about-heading">"The pack"</h2>
                <CommitField id="pack-name".into() label="Name" value=name commit=rename/>
                <CommitField id="pack-about".into() label="Description" value=about commit=describe multiline=true/>
                {(family == Family::Symbaroum).then(|| words_choice(words))}
                <p class="pack-version">
                    {move || format!("Version {}. ", version())}
                    <button type="button" on:click=raise>{move || format!("Make this version {}", version() + 1)}</button>
                </p>
                <p class="hint">"Raise the version before you share your changes: a player who has an older one is offered the update."</p>
            </section>
            {entries}
        </main>
    }
    .into_any()
}
