//! A pack's editor (`#/packs/<id>`), for the game master: its name, description and
//! version, and its entries (a Symbaroum-family pack's abilities, items, weapons,
//! armor and weapon qualities; a Heimr
//! pack's abilities, conditions and pool maxima). Every edit goes through
//! `model::pack::edit`, is refused at its field when it would make a problem, can be
//! undone, and is saved at once (`editing.rs`).

mod abilities;
mod editing;
mod entry_list;
mod gear;
mod heimr;
mod items;
mod level_block;
mod qualities;

use super::shelf::Shelf;
use crate::model::pack::edit::edited;
use crate::model::pack::{Family, Pack, ABOUT_MAX};
use crate::rules::symbaroum::labels::{labels, Labels};
use crate::rules::Ruleset;
use crate::storage::local::LocalBackend;
use crate::storage::packs::PackStore;
use crate::ui::routing::{PacksAt, Route};
use editing::Editing;
use leptos::prelude::*;

/// A text field that commits on change: its message under it when refused (the last
/// good value stays in the pack, the typed text in the field).
///
/// `value` is a closure, not a `Signal`: the sheets' cards read `Signal<String>`s, and
/// sharing that code with them would move it into the files every sheet loads.
#[component]
pub fn CommitField<V>(
    id: String,
    label: &'static str,
    value: V,
    commit: Callback<String, Result<(), String>>,
    #[prop(optional)] multiline: bool,
) -> impl IntoView
where
    V: Fn() -> String + Copy + Send + Sync + 'static,
{
    let error = RwSignal::new(None::<String>);
    let error_id = format!("{id}-error");
    let on_change =
        move |ev: leptos::ev::Event| error.set(commit.run(event_target_value(&ev)).err());
    let field = if multiline {
        view! { <textarea id=id.clone() rows="3" prop:value=value aria-describedby=error_id.clone() on:change=on_change></textarea> }.into_any()
    } else {
        view! { <input id=id.clone() type="text" prop:value=value aria-describedby=error_id.clone() on:change=on_change/> }.into_any()
    };
    view! {
        <div class="field">
            <label for=id>{label}</label>
            {field}
            <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
        </div>
    }
}

/// A list's add form: the new entry's name, what else `children` ask, and the add
/// button; the refusal under it, the name kept for another try.
#[component]
pub fn AddForm(
    id: &'static str,
    label: &'static str,
    button: &'static str,
    add: Callback<String, Result<(), String>>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let error_id = format!("{id}-error");
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let done = add.run(name.get_untracked());
        if done.is_ok() {
            name.set(String::new());
        }
        error.set(done.err());
    };
    view! {
        <form class="pack-add" on:submit=submit>
            <div class="field">
                <label for=id>{label}</label>
                <input id=id type="text" aria-describedby=error_id.clone()
                    prop:value=name on:input=move |ev| name.set(event_target_value(&ev))/>
            </div>
            {children.map(|c| c())}
            <button type="submit">{button}</button>
        </form>
        <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
    }
}

/// "Remove “…”" at the foot of an entry's editor: `remove` takes entry `id` out of
/// its list.
#[component]
pub fn RemoveEntry<N>(name: N, id: u32, remove: fn(&mut Pack, u32)) -> impl IntoView
where
    N: Fn() -> String + Send + Sync + 'static,
{
    let editing = expect_context::<Editing>();
    let removing = use_context::<entry_list::Removing>();
    view! {
        <button type="button" class="danger" on:click=move |_| {
            if let Some(r) = removing {
                r.run(id);
            }
            let _ = editing.edit(|p| edited(p, |p| remove(p, id)));
        }>{move || format!("Remove “{}”", name())}</button>
    }
}

/// The ruleset whose words a Symbaroum-family pack's editor uses (Accurate or
/// Exactitude): the one last chosen for a new character, or the one picked here.
#[derive(Clone, Copy)]
pub struct PackWords(RwSignal<Ruleset>);

impl PackWords {
    /// The labels the entries are drawn with (they are drawn again when it changes).
    pub fn labels(self) -> &'static Labels {
        labels(self.0.get_untracked())
    }
}

/// "In the words of": which Symbaroum-family ruleset names the attributes and values.
fn words_choice(words: PackWords) -> impl IntoView {
    let options = Ruleset::ALL
        .into_iter()
        .filter(|r| r.is_symbaroum_family())
        .map(|r| view! { <option value=r.id() selected=r == words.0.get_untracked()>{r.name()}</option> })
        .collect_view();
    view! {
        <div class="field">
            <label for="pack-words">"In the words of"</label>
            <select id="pack-words" aria-describedby="pack-words-about" on:change=move |ev| {
                if let Some(r) = Ruleset::from_id(&event_target_value(&ev)) {
                    words.0.set(r);
                }
            }>{options}</select>
            <p class="field-hint" id="pack-words-about">"The pack is the same for the three rulesets; only the names it is shown with change."</p>
        </div>
    }
}

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
    let words = PackWords(RwSignal::new(super::words::words(family)));
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
            words.0.track();
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
