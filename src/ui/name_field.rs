//! The character's name at the top of the sheet.

use crate::model::check_name;
use crate::model::CharacterStoreFields;
use crate::ui::parts::stamp;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn NameField(character: Live) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let on_input = move |ev| {
        let text = event_target_value(&ev);
        match check_name(&text) {
            Ok(name) => {
                error.set(None);
                character.name().set(name);
                stamp(character);
            }
            Err(msg) => error.set(Some(msg)),
        }
    };
    view! {
        <div class="field name-field" class:invalid=move || error.with(Option::is_some)>
            <label for="character-name">"Name"</label>
            <input
                id="character-name"
                type="text"
                autocomplete="off"
                placeholder="Unnamed character"
                prop:value=move || character.name().with(|c| c.clone())
                aria-invalid=move || error.with(|e| e.is_some().to_string())
                aria-describedby="character-name-error"
                on:input=on_input
            />
            <p class="field-error" id="character-name-error" aria-live="polite">
                {move || error.get()}
            </p>
        </div>
    }
}
