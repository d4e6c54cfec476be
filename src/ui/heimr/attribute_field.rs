//! One Heimr attribute: a whole number, checked at the field.

use super::state::edit;
use crate::model::CharacterStoreFields;
use crate::rules::heimr::attributes::{parse_score, Attribute};
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn HeimrAttributeField(character: Live, attr: Attribute) -> impl IntoView {
    let bad_text = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let score = move || {
        character
            .heimr()
            .with(|h| h.as_ref().map_or(0, |h| h.attributes.get(attr)))
    };
    let id = format!("heimr-attr-{}", attr.key());
    let error_id = format!("{id}-error");
    let on_input = move |ev| {
        let text = event_target_value(&ev);
        match parse_score(attr, &text) {
            Ok(n) => {
                bad_text.set(None);
                error.set(None);
                if n != score() {
                    edit(character, |h| h.attributes.set(attr, n));
                }
            }
            Err(msg) => {
                error.set(Some(format!("{msg} Keeping {}.", score())));
                bad_text.set(Some(text));
            }
        }
    };
    view! {
        <div class="field attr-field" class:invalid=move || error.with(Option::is_some)>
            <label for=id.clone()>{attr.name()}</label>
            <input
                id=id
                class="score"
                type="text"
                inputmode="numeric"
                autocomplete="off"
                prop:value=move || bad_text.get().unwrap_or_else(|| score().to_string())
                aria-invalid=move || error.with(|e| e.is_some().to_string())
                aria-describedby=error_id.clone()
                on:input=on_input
            />
            <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
        </div>
    }
}
