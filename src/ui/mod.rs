//! Leptos components, one concern per file, named after what the player sees.

mod attribute_field;
mod derived_values;
mod name_field;
pub mod random;
mod sheet;

pub use attribute_field::AttributeField;
pub use derived_values::DerivedValues;
pub use name_field::NameField;
pub use sheet::CharacterSheet;

use crate::model::Character;
use crate::rules::Ruleset;
use crate::storage::{local::LocalBackend, Store};
use leptos::prelude::*;

/// Mounts the app on the page's body.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}

fn store() -> Store<LocalBackend> {
    Store::new(LocalBackend)
}

/// Opens the character the player had open last, or the newest one, or a new one.
fn open_character() -> Character {
    let s = store();
    let mut loaded = s.load_all().characters;
    let last = s.last_open();
    if let Some(i) = last
        .as_deref()
        .and_then(|id| loaded.iter().position(|c| c.id == id))
    {
        return loaded.swap_remove(i);
    }
    if !loaded.is_empty() {
        return loaded.swap_remove(0);
    }
    Character::new(random::new_id(), Ruleset::default(), random::now())
}

/// The whole app: one character sheet, saved on every change.
#[component]
pub fn App() -> impl IntoView {
    let character = RwSignal::new(open_character());
    let save_error = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        let result = character.with(|c| {
            let mut s = store();
            s.save(c).and_then(|_| s.set_last_open(&c.id))
        });
        save_error.set(result.err().map(|e| e.to_string()));
    });
    view! {
        <Show when=move || save_error.with(Option::is_some)>
            <div class="banner warning" role="alert">
                "Not saved: " {move || save_error.get()}
                ". Your edits are kept while this page stays open."
            </div>
        </Show>
        <CharacterSheet character/>
    }
}
